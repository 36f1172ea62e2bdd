/**
 * The process that writes live results to spectators (docs/judging-and-live.md, "Fan-out
 * process"). The server checks a stream's request (the race, the viewer's access), then hands the
 * connection's socket over to this process with the response's head and the whole tables; after
 * every committed change it sends the race's frames here once, and this process writes them to
 * each of the race's streams. Ten thousand socket writes take a core for a good part of a
 * second; here they do not take it from the judges' score writes.
 *
 * It keeps no data of its own: the frames come encoded. It imports nothing but the bounded
 * write of one stream, so it starts in a fraction of a second. It exits when the server's IPC
 * channel closes (the server ended or died); its streams then close and the browsers reconnect.
 */
import type { Socket } from 'node:net';
import { HEARTBEAT_FRAME, HEARTBEAT_MS, RETRY_FRAME, liveConnection, type LiveConnection } from './live-connection.ts';
import type { FanOutReport, FanOutRequest } from './live-fan-out-protocol.ts';

const HEARTBEAT = Buffer.from(HEARTBEAT_FRAME);

interface Stream {
  id: number;
  raceId: number;
  stages: ReadonlySet<string> | null;
  socket: Socket;
  connection: LiveConnection;
}

const streams = new Map<number, Stream>();
const races = new Map<number, Set<Stream>>();
let bytes = 0;
let dropped = 0;

const report = (message: FanOutReport): void => {
  if (process.connected) process.send!(message);
};

/** What was written and dropped goes to the server's metrics once per turn of the loop, not per stream. */
let statsScheduled = false;
const reportStats = (): void => {
  statsScheduled = false;
  if (bytes === 0 && dropped === 0) return;
  report({ type: 'stats', bytes, dropped });
  bytes = 0;
  dropped = 0;
};
const scheduleStats = (): void => {
  if (statsScheduled) return;
  statsScheduled = true;
  setImmediate(reportStats);
};

const asBuffer = (data: Uint8Array): Buffer => (Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength));

const remove = (stream: Stream): void => {
  if (!streams.delete(stream.id)) return;
  const set = races.get(stream.raceId);
  set?.delete(stream);
  if (set?.size === 0) races.delete(stream.raceId);
  report({ type: 'closed', id: stream.id });
};

const writeFrames = (stream: Stream, frames: [string, Uint8Array][]): void => {
  for (const [stage, frame] of frames) {
    if (stream.stages && !stream.stages.has(stage)) continue;
    stream.connection.send(asBuffer(frame));
  }
};

const adopt = (message: Extract<FanOutRequest, { type: 'adopt' }>, socket: Socket | undefined): void => {
  if (!socket) {
    report({ type: 'closed', id: message.id });
    return;
  }
  const stream: Stream = {
    id: message.id,
    raceId: message.raceId,
    stages: message.stages ? new Set(message.stages) : null,
    socket,
    connection: liveConnection(socket, {
      onBytes: (count) => (bytes += count),
      onDrop: () => (dropped += 1),
    }),
  };
  socket.setNoDelay(true);
  socket.on('error', () => socket.destroy());
  socket.on('close', () => remove(stream));
  // The browser sends nothing more on this connection; what it would send is read and dropped.
  socket.on('data', () => undefined);
  socket.resume();
  streams.set(stream.id, stream);
  const set = races.get(stream.raceId) ?? new Set<Stream>();
  set.add(stream);
  races.set(stream.raceId, set);
  // The head is written as is: the response has no length and ends with the connection.
  socket.write(message.head);
  stream.connection.send(RETRY_FRAME);
  writeFrames(stream, message.tables);
  scheduleStats();
};

const end = (stream: Stream, frame?: string): void => {
  if (frame) stream.connection.send(frame);
  stream.socket.end();
};

process.on('message', (message: FanOutRequest, socket: Socket | undefined) => {
  switch (message.type) {
    case 'adopt':
      adopt(message, socket);
      break;
    case 'frames': {
      const targets = races.get(message.raceId);
      if (targets) {
        // Each update starts at a random stream: ten thousand writes take a good part of a
        // second, and no phone is always the last to be told.
        const list = [...targets];
        const start = Math.floor(Math.random() * list.length);
        for (let index = 0; index < list.length; index += 1) writeFrames(list[(start + index) % list.length]!, message.frames);
      }
      report({ type: 'done', seq: message.seq });
      scheduleStats();
      break;
    }
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
