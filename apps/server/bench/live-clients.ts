/**
 * The load side of bench/live.bench.ts, child processes of their own so that the load shares
 * neither the server's event loop nor its file descriptors: judges writing scores with a probe of
 * the plain health route (one process), Server-Sent Events subscribers on one race, timed ones
 * (another process; they parsed events on the judges' event loop, and a judge's response waited
 * behind them) and some stalled (they stop reading), and the crowd (a third). Phases are driven by
 * the parent over IPC. Send and receipt are timed on the machine's monotonic clock, the same in
 * every process (`clock`), and matched by the parent.
 */
import http from 'node:http';
import net from 'node:net';
import pg from 'pg';
import { foldLiveEvent, type LivePatch, type LiveTable, type PatchableRow } from '@climbing/domain';

export interface JudgeTarget {
  racerId: number;
  roundId: number;
}

export type ClientsCommand =
  | {
      kind: 'judge';
      baseUrl: string;
      token: string;
      judges: JudgeTarget[];
      writesPerJudge: number;
      thinkMs: number;
      firstValue: number;
      /** PostgreSQL only: a raw 7-statement write is timed beside the judges, on a connection of this process. */
      databaseUrl?: string | undefined;
    }
  | {
      kind: 'subscribe';
      baseUrl: string;
      raceId: number;
      subscribers: number;
      measured: number;
      stalled: number;
      /** Untimed subscribers drain their sockets every this many ms instead of on each frame (0: on each frame). */
      readEveryMs?: number;
    }
  | { kind: 'tables' }
  /** The timed subscribers' receipts since the last `receipts` (and what they read): handed over and forgotten. */
  | { kind: 'receipts' }
  | { kind: 'close' };

export interface JudgeOutput {
  writeMs: number[];
  healthMs: number[];
  /** The raw database write timed beside the judges (empty without `databaseUrl`). */
  rawMs: number[];
  /** When each score (`racerId:value`) was sent, on `clock`. */
  sentAt: [score: string, at: number][];
  conflicts: number;
  failures: number;
  seconds: number;
}

export interface ReceiptsOutput {
  /** When each timed subscriber first received each score (`racerId:value`), on `clock`. */
  receivedAt: [score: string, at: number][];
  /** Bytes received by the timed subscribers and the events they got. */
  bytes: number;
  events: number;
}

/** Milliseconds on the machine's monotonic clock (CLOCK_MONOTONIC): comparable between the load's processes. */
export const clock = (): number => Number(process.hrtime.bigint()) / 1e6;

export interface SubscribeOutput {
  connected: number;
  seconds: number;
  /** Bytes of the first timed subscriber's first frame: the whole table. */
  wholeTableBytes: number;
}

interface Row extends PatchableRow {
  tops: number;
  topAttempts: number;
  boulders: { topAttempts: number | null }[] | null;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function request(baseUrl: string, method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${baseUrl}${path}`,
      {
        method,
        agent,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** Each (subscriber, racer, value) received, once: a delivery is timed from the send (an upper bound on commit-to-receipt). */
const delivered = new Set<string>();
let receivedAt: [string, number][] = [];
let measuredBytes = 0;
let wholeTableBytes = 0;
let measuredEvents = 0;
/** The table each measured subscriber holds, folded from `results` and `patch` events. */
const tables: (LiveTable<Row> | undefined)[] = [];
let resyncs = 0;
const sockets: http.ClientRequest[] = [];

function onEvent(index: number, kind: string, data: string, at: number): void {
  if (kind !== 'results' && kind !== 'patch') return;
  measuredEvents += 1;
  if (kind === 'results' && wholeTableBytes === 0) wholeTableBytes = Buffer.byteLength(data);
  const event = JSON.parse(data) as LivePatch<Row> & { version: number; rows: Row[] };
  const next = foldLiveEvent(tables[index], kind === 'results' ? { kind, version: event.version, rows: event.rows } : { kind: 'patch', ...event });
  if (next === 'resync') resyncs += 1;
  else tables[index] = next;
  // The rows an event carries are the ones that changed (or the whole table): time each new value once.
  for (const row of event.rows) {
    const value = row.boulders?.[0]?.topAttempts;
    if (value === null || value === undefined) continue;
    const key = `${index}:${row.racer.id}:${value}`;
    if (!delivered.has(key)) {
      delivered.add(key);
      receivedAt.push([`${row.racer.id}:${value}`, at]);
    }
  }
}

function subscribe(url: string, index: number, mode: 'measured' | 'counting' | 'stalled'): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`subscriber got ${res.statusCode}`));
        return;
      }
      if (mode === 'stalled') {
        // Reads the first bytes, then stops reading: its socket's buffers fill up.
        res.once('data', () => {
          res.pause();
          resolve();
        });
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      let resolved = false;
      res.on('data', (chunk: string) => {
        if (mode === 'counting') {
          if (!resolved && chunk.includes('event: results')) {
            resolved = true;
            resolve();
          }
          return;
        }
        measuredBytes += Buffer.byteLength(chunk);
        buffer += chunk;
        const at = clock();
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const kind = /^event: (\w+)/.exec(block)?.[1];
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (kind && data) onEvent(index, kind, data.slice(6), at);
        }
        if (!resolved && tables[index]) {
          resolved = true;
          resolve();
        }
      });
    });
    req.on('error', reject);
    sockets.push(req);
  });
}

/** The batched crowd's sockets, their one shared read buffer, and the bytes they have read. */
const crowdSockets: net.Socket[] = [];
const crowdBuffer = Buffer.allocUnsafe(64 * 1024);
let crowdTimer: NodeJS.Timeout | undefined;
const CROWD_TICK_MS = 50;

/**
 * An untimed subscriber that reads its stream in batches, as a phone elsewhere costs this machine
 * nothing: a bare socket (no HTTP parser, no string decoding) that stops reading after each read
 * and is drained again by `startCrowdReading`'s round. The server writes every frame to it as to
 * any subscriber; the kernel holds them (about 20 KB a second here) until the next drain.
 */
function subscribeBatched(baseUrl: string, path: string): Promise<void> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let seen = '';
    let statusChecked = false;
    let resolved = false;
    const socket = net.connect({
      host: hostname,
      port: Number(port),
      onread: {
        buffer: crowdBuffer,
        callback: (bytes: number, buffer: Uint8Array) => {
          if (resolved) return false;
          // Until the first table has started: the status line, then its event name (a name cut between two reads is found).
          const text = seen + Buffer.from(buffer.buffer, buffer.byteOffset, bytes).toString('latin1');
          if (!statusChecked && text.length >= 12) {
            statusChecked = true;
            if (!text.startsWith('HTTP/1.1 200')) {
              reject(new Error(`subscriber got ${text.slice(0, 12)}`));
              socket.destroy();
              return false;
            }
          }
          if (text.includes('event: results')) {
            resolved = true;
            resolve();
            return false;
          }
          seen = text.slice(-32);
          return true;
        },
      },
    });
    socket.on('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\n\r\n`));
    socket.on('error', (error) => (resolved ? undefined : reject(error)));
    crowdSockets.push(socket);
  });
}

/** Drains each batched socket once every `everyMs`, a slice of them every tick so the reads are spread out. */
function startCrowdReading(everyMs: number): void {
  if (crowdTimer) return;
  const perTick = Math.max(1, Math.ceil(crowdSockets.length / Math.max(1, everyMs / CROWD_TICK_MS)));
  let next = 0;
  crowdTimer = setInterval(() => {
    for (let count = 0; count < perTick && crowdSockets.length > 0; count += 1) {
      const socket = crowdSockets[next % crowdSockets.length]!;
      next += 1;
      // Reads what has arrived, then stops again (the read callback answers false).
      if (!socket.destroyed) socket.resume();
    }
  }, CROWD_TICK_MS);
}

async function subscribeAll(command: Extract<ClientsCommand, { kind: 'subscribe' }>): Promise<SubscribeOutput> {
  const started = performance.now();
  const url = `${command.baseUrl}/api/live/race/${command.raceId}`;
  let connected = 0;
  const batch: Promise<void>[] = [];
  for (let index = 0; index < command.subscribers + command.stalled; index += 1) {
    const mode = index < command.measured ? 'measured' : index < command.subscribers ? 'counting' : 'stalled';
    const subscribed = mode === 'counting' && command.readEveryMs ? subscribeBatched(command.baseUrl, `/api/live/race/${command.raceId}`) : subscribe(url, index, mode);
    batch.push(subscribed.then(() => void (connected += 1)));
    // Opening thousands of connections at once would only measure the accept queue.
    if (batch.length === 200) await Promise.all(batch.splice(0));
  }
  await Promise.all(batch);
  if (command.readEveryMs && crowdSockets.length > 0) startCrowdReading(command.readEveryMs);
  return { connected, seconds: (performance.now() - started) / 1000, wholeTableBytes };
}

async function judgeAll(command: Extract<ClientsCommand, { kind: 'judge' }>): Promise<JudgeOutput> {
  const sentAt: [string, number][] = [];
  const writeMs: number[] = [];
  const healthMs: number[] = [];
  const counters = { conflicts: 0, failures: 0 };
  let judging = true;
  const probe = (async () => {
    // The plain route next to the judges: what any request waits for on this server now.
    while (judging) {
      const started = performance.now();
      await request(command.baseUrl, 'GET', '/api/health', null);
      healthMs.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const rawMs: number[] = [];
  const rawProbe = command.databaseUrl ? probeRawWrites(command.databaseUrl, rawMs, () => judging) : Promise.resolve();
  const started = performance.now();
  await Promise.all(
    command.judges.map(async (target) => {
      let version: number | undefined;
      // Judges at a wall do not start on the same millisecond: each starts within the first think
      // time. (All thirty first writes sent at one instant queued behind each other, 80–100 ms:
      // 90 writes of a run made the p95 of the whole phase.)
      if (command.thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, command.thinkMs * Math.random()));
      for (let step = 0; step < command.writesPerJudge; step += 1) {
        const value = command.firstValue + step;
        const writeStarted = performance.now();
        sentAt.push([`${target.racerId}:${value}`, clock()]);
        const response = await request(command.baseUrl, 'PUT', `/api/racer/${target.racerId}/round/${target.roundId}`, command.token, {
          boulders: [{ boulderIndex: 0, topAttempts: value, zoneAttempts: 1, currentAttempt: value }],
          ...(version === undefined ? {} : { version }),
        });
        writeMs.push(performance.now() - writeStarted);
        if (response.status === 200) version = (JSON.parse(response.text) as { version: number }).version;
        else if (response.status === 409) {
          counters.conflicts += 1;
          version = undefined;
          step -= 1;
        } else counters.failures += 1;
        if (command.thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, command.thinkMs * (0.5 + Math.random())));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  // Let the last updates arrive.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  judging = false;
  await Promise.all([probe, rawProbe]);
  return { writeMs, healthMs, rawMs, sentAt, seconds, ...counters };
}

/**
 * The database alone next to the judges: a transaction of the score write's shape (the row locked,
 * updated, a log row inserted, read back, `pg_notify`) on a scratch table, from this process, while
 * `going`. What it loses under the spectators is the database's and the machine's,
 * not the server's: none of its time is spent in the server's process. Every 100 ms: a few writes a
 * second beside the judges' thirty, so that the probe does not become the load.
 */
async function probeRawWrites(databaseUrl: string, rawMs: number[], going: () => boolean): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('create table if not exists bench_probe (id int primary key, value int not null)');
    await client.query('create table if not exists bench_probe_log (id serial primary key, value int not null)');
    await client.query('insert into bench_probe values (1, 0) on conflict do nothing');
    for (let write = 0; going(); write += 1) {
      const started = performance.now();
      await client.query('begin');
      await client.query('select value from bench_probe where id = 1 for update');
      await client.query('update bench_probe set value = $1 where id = 1', [write]);
      await client.query('insert into bench_probe_log (value) values ($1)', [write]);
      await client.query('select value from bench_probe where id = 1');
      await client.query("select pg_notify('bench_probe', '1')");
      await client.query('commit');
      rawMs.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}

process.on('message', (command: ClientsCommand) => {
  const answer = (work: Promise<unknown>) =>
    work.then(
      (output) => process.send?.({ ok: output }),
      (error: unknown) => process.send?.({ error: String(error) }),
    );
  if (command.kind === 'judge') void answer(judgeAll(command));
  else if (command.kind === 'subscribe') void answer(subscribeAll(command));
  else if (command.kind === 'receipts') {
    void answer(Promise.resolve({ receivedAt, bytes: measuredBytes, events: measuredEvents } satisfies ReceiptsOutput));
    receivedAt = [];
    measuredBytes = 0;
    measuredEvents = 0;
  } else if (command.kind === 'tables') void answer(Promise.resolve({ tables: tables.map((table) => table?.rows.map((row) => ({ racerId: row.racer.id, rank: row.rank, tops: row.tops, topAttempts: row.topAttempts })) ?? []), resyncs }));
  else {
    clearInterval(crowdTimer);
    for (const socket of [...sockets, ...crowdSockets]) socket.destroy();
    agent.destroy();
    void answer(Promise.resolve(null)).then(() => process.exit(0));
  }
});
