/**
 * The process that writes live results to spectators (docs/judging-and-live.md, "Fan-out
 * process"). The server checks a stream's request (the race, the viewer's access), then hands the
 * connection's socket over to this process with the response's head and the whole tables; after
 * every committed change it sends the race's frames here once, and this process writes them to
 * each of the race's streams in a round that takes a bounded share of the time
 * (live-fan-out-round.ts). Ten thousand socket writes take a core for a good part of a second;
 * here they do not take it from the judges' score writes.
 *
 * It keeps no data of its own: the frames come encoded. It imports nothing but the bounded
 * write of one stream and the round, so it starts in a fraction of a second. It exits when the
 * server's IPC channel closes (the server ended or died); its streams then close and the browsers
 * reconnect.
 */
import type { Socket } from 'node:net';
import { HEARTBEAT_FRAME, HEARTBEAT_MS, RETRY_FRAME, liveConnection, type LiveConnection } from './live-connection.ts';
import { createFanOutRound, type RoundStream } from './live-fan-out-round.ts';
import type { FanOutReport, FanOutRequest } from './live-fan-out-protocol.ts';

const HEARTBEAT = Buffer.from(HEARTBEAT_FRAME);
const RETRY = Buffer.from(RETRY_FRAME);

interface Stream extends RoundStream {
  id: number;
  socket: Socket;
  connection: LiveConnection;
}

/**
 * The share of the time this process spends writing (`LIVE_FAN_OUT_SHARE`, passed by the server;
 * its default here too): the streams are written in a round (live-fan-out-round.ts), for that
 * share of every 10 ms.
 */
const SHARE = Math.min(1, Math.max(0.05, Number(process.argv[2]) || 0.6));
const TICK_MS = 10;

const streams = new Map<number, Stream>();
const round = createFanOutRound<Stream>({
  tickMs: TICK_MS,
  writingMs: TICK_MS * SHARE,
  now: () => performance.now(),
  schedule: (turn, ms) => {
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

/** What was written and dropped goes to the server's metrics once per turn of the loop, not per stream. */
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
  setImmediate(reportStats);
};

const asBuffer = (data: Uint8Array): Buffer => (Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength));

const remove = (stream: Stream): void => {
  if (!streams.delete(stream.id)) return;
  round.remove(stream);
  report({ type: 'closed', id: stream.id });
};

/** Several frames go out corked: one write to the socket. */
const writeFrames = (stream: Stream, frames: readonly Buffer[]): boolean => {
  const several = frames.length > 1;
  if (several) stream.socket.cork();
  let written = false;
  for (const frame of frames) if (stream.connection.send(frame)) written = true;
  if (several) stream.socket.uncork();
  scheduleStats();
  return written;
};

const adopt = (message: Extract<FanOutRequest, { type: 'adopt' }>, socket: Socket | undefined): void => {
  if (!socket) {
    report({ type: 'closed', id: message.id });
    return;
  }
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
  };
  socket.setNoDelay(true);
  socket.on('error', () => socket.destroy());
  socket.on('close', () => remove(stream));
  // The browser sends nothing more on this connection; what it would send is read and dropped.
  socket.on('data', () => undefined);
  socket.resume();
  streams.set(stream.id, stream);
  // The tables include every update sent before them (the pipe keeps the order): the stream joins
  // the round after those.
  round.add(stream);
  // The head is written as is: the response has no length and ends with the connection.
  socket.write(message.head);
  writeFrames(stream, [RETRY, ...message.tables.filter(([stage]) => !stages || stages.has(stage)).map(([, frame]) => asBuffer(frame))]);
};

const end = (stream: Stream, frame?: string): void => {
  // What it has not had yet first.
  round.catchUp(stream);
  if (frame) stream.connection.send(frame);
  stream.socket.end();
};

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

setInterval(() => {
  for (const stream of streams.values()) stream.connection.send(HEARTBEAT);
  scheduleStats();
}, HEARTBEAT_MS).unref();

// Without the server there is nobody to send frames: the streams end and the browsers reconnect.
process.on('disconnect', () => process.exit(0));
report({ type: 'ready' });
