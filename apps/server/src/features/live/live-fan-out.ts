import { execFile, fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { validateHeaderName, validateHeaderValue } from 'node:http';
import { Socket } from 'node:net';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { FAN_OUT_DATABASE_URL, type FanOutReport, type FanOutRequest } from './live-fan-out-protocol.ts';

/**
 * The server's side of the fan-out process (live-fan-out-process.ts): started with the first
 * stream handed over, started again after a crash with the next one. Messages keep their order
 * (the IPC channel is one pipe and a handle waits for its acknowledgement with what follows it),
 * so a stream adopted after an update's frames were sent starts from tables that include them.
 */
export interface FanOutProcess {
  /** Whether the connection can be handed over: a plain TCP socket (not app.inject's, not TLS). */
  canAdopt(socket: unknown): socket is Socket;
  /**
   * Hands the connection over: the process writes `head`, `retry` and the tables and keeps the
   * stream. `onClosed` is called once when the stream ends (the browser left, it was ended, the
   * hand-over failed or the process died). Returns the stream's id.
   */
  adopt(socket: Socket, init: { raceId: number; stages: string[] | null; head: string; tables: [string, Buffer][] | null }, onClosed: () => void): number;
  /**
   * Whether the process computes its races' updates itself (on PostgreSQL, with a connection of
   * its own): the server then sends it no tables and no frames.
   */
  readonly computes: boolean;
  /** Writes an update's frames to every stream of the race; resolves when they are written. */
  frames(raceId: number, frames: [string, Buffer][]): Promise<void>;
  /** Ends one stream, after `frame` if given. */
  end(id: number, frame?: string): void;
  /** Ends every stream (shutdown). */
  endAll(): Promise<void>;
  /** Stops the process. */
  stop(): Promise<void>;
  /** The process's id while it runs. */
  pid(): number | undefined;
}

/** The fan-out process's CPU priority (nice): the lowest, below the server's, which answers the judges. */
const FAN_OUT_NICENESS = 19;

/**
 * Keeps every thread of a process on these CPUs (a list like "3" or "2-3,6"; Linux, util-linux's
 * taskset): the spectators' writing, with the kernel's network work it brings, stays off the cores
 * that answer the judges.
 */
export function pinToCpus(pid: number, cpus: string, log: FastifyBaseLogger): void {
  execFile('taskset', ['--all-tasks', '--pid', '--cpu-list', cpus, String(pid)], (error) => {
    if (error) log.warn({ err: error, pid, cpus }, 'a process could not be kept on the CPUs asked for (taskset)');
  });
}

/** How long the server waits for the process to write an update before it sends the next one anyway. */
const FRAMES_TIMEOUT_MS = 10_000;

/** The process's module: the TypeScript source beside this file when run from source, else the bundle's sibling. */
function fanOutEntry(): { path: string; execArgv: string[] } {
  const source = fileURLToPath(new URL('./live-fan-out-process.ts', import.meta.url));
  if (existsSync(source)) return { path: source, execArgv: ['--import', 'tsx'] };
  return { path: fileURLToPath(new URL('./live-fan-out-process.mjs', import.meta.url)), execArgv: ['--enable-source-maps'] };
}

/**
 * The head of a live stream's response, written by the fan-out process. The body has no length
 * and no chunked framing: it ends with the connection (`connection: close`), so each frame goes
 * out as it is, one buffer per stream.
 */
export function sseResponseHead(headers: Record<string, string | number | readonly string[] | undefined>): string {
  const lines = ['HTTP/1.1 200 OK', `date: ${new Date().toUTCString()}`];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of typeof value === 'object' ? value : [String(value)]) {
      validateHeaderName(name);
      validateHeaderValue(name, one);
      lines.push(`${name}: ${one}`);
    }
  }
  return `${lines.join('\r\n')}\r\n\r\n`;
}

export function createFanOutProcess(options: {
  log: FastifyBaseLogger;
  /** Bytes written and streams dropped since the last report, and how long each update took to reach all its streams. */
  onStats: (bytes: number, dropped: number, deliveredMs: readonly number[]) => void;
  cpus?: string | undefined;
  /** The share of the time it spends writing (LIVE_FAN_OUT_SHARE); its own default when absent. */
  share?: number | undefined;
  /** The PostgreSQL the process reads its races' results from, to compute their updates itself. */
  databaseUrl?: string | undefined;
}): FanOutProcess {
  let child: ChildProcess | null = null;
  let ready = false;
  let stopping = false;
  /** Messages waiting for the process to be ready, in order. */
  let queue: { message: FanOutRequest; socket?: Socket }[] = [];
  const closers = new Map<number, () => void>();
  const waiting = new Map<number, () => void>();
  let endedAll: (() => void) | null = null;
  let nextId = 1;
  let nextSeq = 1;

  const closed = (id: number): void => {
    const onClosed = closers.get(id);
    closers.delete(id);
    onClosed?.();
  };

  const post = (message: FanOutRequest, socket?: Socket): void => {
    if (!child) return;
    if (!ready) {
      queue.push({ message, socket });
      return;
    }
    if (!socket) {
      child.send(message);
      return;
    }
    const id = message.type === 'adopt' ? message.id : 0;
    child.send(message, socket, {}, (error) => {
      if (error) {
        options.log.warn({ err: error }, 'a live stream could not be handed to the fan-out process');
        closed(id);
      }
      // The server's copy of the connection: it lives on in the fan-out process.
      socket.destroy();
    });
  };

  const start = (): ChildProcess => {
    const entry = fanOutEntry();
    // The database's address goes in the environment, not the arguments, which `ps` shows to everyone.
    const env = { ...process.env, [FAN_OUT_DATABASE_URL]: options.databaseUrl ?? '' };
    const started = fork(entry.path, [String(options.share ?? '')], { env, execArgv: entry.execArgv, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child = started;
    ready = false;
    // Judges first: where the cores are busy, the spectators' writes wait for the score writes.
    try {
      if (started.pid) setPriority(started.pid, FAN_OUT_NICENESS);
    } catch (error) {
      options.log.warn({ err: error }, 'the live fan-out process keeps the server\'s priority');
    }
    if (started.pid && options.cpus) pinToCpus(started.pid, options.cpus, options.log);
    started.on('message', (report: FanOutReport) => {
      switch (report.type) {
        case 'ready': {
          ready = true;
          const waitingMessages = queue;
          queue = [];
          for (const { message, socket } of waitingMessages) post(message, socket);
          break;
        }
        case 'closed':
          closed(report.id);
          break;
        case 'done':
          waiting.get(report.seq)?.();
          waiting.delete(report.seq);
          break;
        case 'stats':
          options.onStats(report.bytes, report.dropped, report.deliveredMs);
          break;
        case 'endedAll':
          endedAll?.();
          break;
      }
    });
    started.on('error', (error) => options.log.warn({ err: error }, 'live fan-out process error'));
    started.on('exit', (code, signal) => {
      if (child !== started) return;
      child = null;
      if (!stopping) options.log.warn({ code, signal }, 'the live fan-out process ended; its streams reconnect');
      // Its streams are gone with it (the browsers reconnect); the updates waiting for it are over.
      for (const { socket } of queue) socket?.destroy();
      queue = [];
      for (const id of [...closers.keys()]) closed(id);
      for (const resolve of waiting.values()) resolve();
      waiting.clear();
      endedAll?.();
    });
    return started;
  };

  return {
    computes: Boolean(options.databaseUrl),
    canAdopt(socket): socket is Socket {
      return !stopping && socket instanceof Socket && !('encrypted' in socket) && !socket.destroyed && Boolean((socket as Socket & { _handle?: unknown })._handle);
    },
    adopt(socket, init, onClosed) {
      if (!child) start();
      const id = nextId++;
      closers.set(id, onClosed);
      post({ type: 'adopt', id, raceId: init.raceId, stages: init.stages, head: init.head, tables: init.tables }, socket);
      return id;
    },
    frames(raceId, frames) {
      if (!child) return Promise.resolve();
      const seq = nextSeq++;
      const written = new Promise<void>((resolve) => {
        // A process that does not answer must not stop the race's updates: they then queue in its pipe.
        const timer = setTimeout(() => {
          waiting.delete(seq);
          options.log.warn({ raceId }, `the live fan-out process has not written an update in ${FRAMES_TIMEOUT_MS / 1000} s`);
          resolve();
        }, FRAMES_TIMEOUT_MS);
        timer.unref();
        waiting.set(seq, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      post({ type: 'frames', seq, raceId, frames });
      return written;
    },
    end(id, frame) {
      post({ type: 'end', id, ...(frame ? { frame } : {}) });
    },
    async endAll() {
      if (!child || closers.size === 0) return;
      const done = new Promise<void>((resolve) => (endedAll = resolve));
      post({ type: 'endAll' });
      await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
      endedAll = null;
    },
    pid() {
      return child?.pid;
    },
    async stop() {
      stopping = true;
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      // Without its channel the process exits by itself; a stuck one is killed.
      if (running.connected) running.disconnect();
      const timer = setTimeout(() => running.kill('SIGKILL'), 2_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
