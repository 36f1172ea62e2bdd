/**
 * The process that writes live results to spectators (docs/judging-and-live.md, "Fan-out
 * process"). The server checks a stream's request (the race, the viewer's access), then hands the
 * connection's socket over to this process with the response's head; this process writes every
 * update to each of the race's streams in a round that takes a bounded share of the time
 * (live-fan-out-round.ts). Ten thousand socket writes take a core for a good part of a second;
 * here they do not take it from the judges' score writes.
 *
 * On PostgreSQL (the server passes its address in CLIMBING_FAN_OUT_DATABASE_URL) the process also
 * computes its races' updates: it LISTENs for committed changes on a connection of its own, reads
 * and ranks a changed race once (results-cache.ts) and diffs and encodes the update
 * (live-updates.ts). That work and its garbage collection were most of what the spectators cost
 * the judges' writes while they ran on the server's thread (docs/performance.md). On PGlite,
 * which only the server's process can open, the server computes the updates and sends the whole
 * tables with each stream and the frames of every update, encoded.
 *
 * It exits when the server's IPC channel closes (the server ended or died); its streams then
 * close and the browsers reconnect.
 */
import type { Socket } from 'node:net';
import type { DatabaseHandle } from '../../db/database.ts';
import { HEARTBEAT_FRAME, HEARTBEAT_MS, RETRY_FRAME, liveConnection, type LiveConnection } from './live-connection.ts';
import { createFanOutRound, type RoundStream } from './live-fan-out-round.ts';
import { FAN_OUT_DATABASE_URL, type FanOutReport, type FanOutRequest } from './live-fan-out-protocol.ts';
import type { RaceUpdates } from './live-updates.ts';

const HEARTBEAT = Buffer.from(HEARTBEAT_FRAME);
const RETRY = Buffer.from(RETRY_FRAME);

interface Stream extends RoundStream {
  id: number;
  socket: Socket;
  connection: LiveConnection;
  /** When something was last written to it (a quiet stream gets a heartbeat, a busy one needs none). */
  lastWriteAt: number;
}

/**
 * The share of the time this process spends writing (`LIVE_FAN_OUT_SHARE`, passed by the server;
 * its default here too): the streams are written in a round (live-fan-out-round.ts), for that
 * share of every TICK_MS.
 */
const SHARE = Math.min(1, Math.max(0.05, Number(process.argv[2]) || 0.6));
/**
 * A turn. Shorter turns (4 ms: what arrives meanwhile, a notification or the database's answers
 * while an update is computed, waits less for a turn's end) measured no different at ten thousand
 * streams (docs/performance.md, 2026-11-28, ninth session).
 */
const TICK_MS = 10;

const streams = new Map<number, Stream>();
const round = createFanOutRound<Stream>({
  tickMs: TICK_MS,
  writingMs: TICK_MS * SHARE,
  now: () => performance.now(),
  schedule: (turn, ms) => {
    // No rest (the whole share): the next turn comes right after what has arrived is handled.
    if (ms <= 0) {
      const immediate = setImmediate(turn);
      return () => clearImmediate(immediate);
    }
    const timer = setTimeout(turn, ms);
    return () => clearTimeout(timer);
  },
  onDelivered: (ms) => {
    deliveredMs.push(ms);
    scheduleStats();
  },
});
let bytes = 0;
let dropped = 0;
let deliveredMs: number[] = [];

const report = (message: FanOutReport): void => {
  // The server may be going away as the message leaves: its end of the channel closed (EPIPE) is
  // not this process's error; the channel's 'disconnect' ends it.
  if (process.connected) process.send!(message, undefined, {}, () => undefined);
};

/**
 * What was written and dropped goes to the server's metrics at most every STATS_MS, not per stream
 * or per round: each message is a little work on the thread that answers the judges.
 */
const STATS_MS = 250;
let statsScheduled = false;
const reportStats = (): void => {
  statsScheduled = false;
  if (bytes === 0 && dropped === 0 && deliveredMs.length === 0) return;
  report({ type: 'stats', bytes, dropped, deliveredMs });
  bytes = 0;
  dropped = 0;
  deliveredMs = [];
};
const scheduleStats = (): void => {
  if (statsScheduled) return;
  statsScheduled = true;
  setTimeout(reportStats, STATS_MS);
};

const asBuffer = (data: Uint8Array): Buffer => (Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength));

/** Open streams per race: a race without any is no longer followed (its updates are not computed). */
const streamsOfRace = new Map<number, number>();

const remove = (stream: Stream): void => {
  if (!streams.delete(stream.id)) return;
  round.remove(stream);
  const left = (streamsOfRace.get(stream.raceId) ?? 1) - 1;
  if (left > 0) streamsOfRace.set(stream.raceId, left);
  else {
    streamsOfRace.delete(stream.raceId);
    computing?.updates.forget(stream.raceId);
  }
  report({ type: 'closed', id: stream.id });
};

/** Several frames go out corked: one write to the socket. */
const writeFrames = (stream: Stream, frames: readonly Buffer[]): boolean => {
  const several = frames.length > 1;
  if (several) stream.socket.cork();
  let written = false;
  for (const frame of frames) if (stream.connection.send(frame)) written = true;
  if (several) stream.socket.uncork();
  if (written) stream.lastWriteAt = performance.now();
  scheduleStats();
  return written;
};

type AdoptMessage = Extract<FanOutRequest, { type: 'adopt' }>;

const start = (message: AdoptMessage, socket: Socket, tables: Iterable<readonly [string, Uint8Array]>): void => {
  const stages = message.stages ? new Set(message.stages) : null;
  const stream: Stream = {
    id: message.id,
    raceId: message.raceId,
    stages,
    socket,
    connection: liveConnection(socket, {
      onBytes: (count) => (bytes += count),
      onDrop: () => (dropped += 1),
    }),
    write: (frames) => writeFrames(stream, frames),
    lastWriteAt: 0,
  };
  socket.setNoDelay(true);
  socket.on('error', () => socket.destroy());
  socket.on('close', () => remove(stream));
  // The browser sends nothing more on this connection; what it would send is read and dropped.
  socket.on('data', () => undefined);
  socket.resume();
  streams.set(stream.id, stream);
  streamsOfRace.set(stream.raceId, (streamsOfRace.get(stream.raceId) ?? 0) + 1);
  // The tables include every update sent before them (the pipe keeps the order): the stream joins
  // the round after those.
  round.add(stream);
  // The head is written as is: the response has no length and ends with the connection.
  socket.write(message.head);
  writeFrames(stream, [RETRY, ...[...tables].filter(([stage]) => !stages || stages.has(stage)).map(([, frame]) => asBuffer(frame))]);
};

const adopt = (message: AdoptMessage, socket: Socket | undefined): void => {
  if (!socket) {
    report({ type: 'closed', id: message.id });
    return;
  }
  if (message.tables) {
    start(message, socket, message.tables);
    return;
  }
  if (!computing) {
    // Cannot happen (the server sends tables unless it gave this process a database); the browser retries.
    socket.destroy();
    report({ type: 'closed', id: message.id });
    return;
  }
  const { updates, listening } = computing;
  void Promise.race([listening, new Promise((resolve) => setTimeout(resolve, LISTEN_WAIT_MS))])
    .then(() =>
      updates.join(message.raceId, (tables) => {
        // Synchronously with the tables: the stream gets every later update of the race and none twice.
        if (socket.destroyed) {
          if (!streamsOfRace.has(message.raceId)) updates.forget(message.raceId);
          report({ type: 'closed', id: message.id });
        } else start(message, socket, tables);
      }),
    )
    .then(
      () => undefined,
      () => {
        // The database cannot be read: the browser tries again after `retry`.
        if (!socket.destroyed) {
          socket.write(message.head);
          socket.end(RETRY);
        }
        if (!streamsOfRace.has(message.raceId)) updates.forget(message.raceId);
        report({ type: 'closed', id: message.id });
      },
    );
};

const end = (stream: Stream, frame?: string): void => {
  // What it has not had yet first.
  round.catchUp(stream);
  if (frame) stream.connection.send(frame);
  stream.socket.end();
};

/** How long a new stream waits for the LISTEN connection before it reads its tables anyway. */
const LISTEN_WAIT_MS = 5_000;
const RELISTEN_MS = 1_000;

/**
 * Where the process computes its races' updates: a pool of two connections, the results cache and
 * the updates, and the LISTEN connection that says which race changed. Loaded only then, so that
 * on PGlite the process starts with nothing but its sockets.
 */
async function computeUpdates(databaseUrl: string): Promise<{ updates: RaceUpdates; listening: Promise<void>; database: DatabaseHandle }> {
  const [{ openPostgres }, { createResultsCache }, { createRaceUpdates }, { RESULTS_CHANNEL }] = await Promise.all([
    import('../../db/database.ts'),
    import('../results/results-cache.ts'),
    import('./live-updates.ts'),
    import('../scoring/score-service.ts'),
  ]);
  const database = openPostgres(databaseUrl, { max: 2 });
  const cache = createResultsCache();
  const updates = createRaceUpdates({
    read: (raceId) => cache.get(database.db, { id: raceId }),
    deliver: (raceId, frames) => {
      round.update(raceId, frames);
      return Promise.resolve(0);
    },
    warn: (details, message) => console.warn(message, { raceId: details.raceId, error: String(details.err) }),
  });
  const listening = new Promise<void>((resolve) => {
    const listen = (): void => {
      database.listen(RESULTS_CHANNEL, (payload) => {
        const raceId = Number(payload);
        if (Number.isInteger(raceId)) updates.changed(raceId);
      }).then(
        () => resolve(),
        () => setTimeout(listen, RELISTEN_MS),
      );
    };
    listen();
  });
  return { updates, listening, database };
}

const databaseUrl = process.env[FAN_OUT_DATABASE_URL];
const computing = databaseUrl ? await computeUpdates(databaseUrl) : null;

process.on('message', (message: FanOutRequest, socket: Socket | undefined) => {
  switch (message.type) {
    case 'adopt':
      adopt(message, socket);
      break;
    case 'frames':
      round.update(
        message.raceId,
        message.frames.map(([stage, frame]) => [stage, asBuffer(frame)] as const),
      );
      // Taken: the round writes it to each of the race's streams within one round.
      report({ type: 'done', seq: message.seq });
      break;
    case 'end': {
      const stream = streams.get(message.id);
      if (stream) end(stream, message.frame);
      break;
    }
    case 'endAll':
      for (const stream of streams.values()) end(stream);
      report({ type: 'endedAll' });
      break;
  }
});

// Only streams that were quiet since the last heartbeat need one: while a race is judged its
// streams get updates, and ten thousand heartbeats at once would hold the round up.
setInterval(() => {
  const quietSince = performance.now() - HEARTBEAT_MS;
  for (const stream of streams.values()) if (stream.lastWriteAt <= quietSince) writeFrames(stream, [HEARTBEAT]);
}, HEARTBEAT_MS).unref();

// Without the server there is nobody to send frames: the streams end and the browsers reconnect.
process.on('disconnect', () => process.exit(0));
report({ type: 'ready' });
