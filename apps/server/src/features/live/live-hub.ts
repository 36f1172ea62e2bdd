import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Stage } from '@climbing/domain';
import { RESULTS_CHANNEL } from '../scoring/score-service.ts';
import { createFanOutProcess } from './live-fan-out.ts';
import { createRaceUpdates } from './live-updates.ts';

export { patchEvent, resultsEvent, sseFrame } from './live-updates.ts';

/** One open live connection: which stages it wants and how to write a ready SSE frame to it. */
export interface LiveSubscriber {
  stages: ReadonlySet<Stage> | null;
  write(frame: Buffer): void;
}

/** A stream handed over to the fan-out process. */
export interface HandedOverStream {
  /** Ends the stream, after `frame` if given. */
  end(frame?: string): void;
}

export interface LiveHub {
  /** Adds a subscriber and sends it the current results at once; returns the unsubscribe function. */
  subscribe(raceId: number, subscriber: LiveSubscriber): Promise<() => void>;
  /** Whether a stream's connection can go to the fan-out process (LIVE_FAN_OUT=process and a plain TCP socket). */
  canHandOver(socket: unknown): socket is Socket;
  /**
   * Hands the connection to the fan-out process, which writes `head`, `retry` and the current
   * results and then every update; `onClosed` is called once when the stream ends.
   */
  handOver(raceId: number, stream: { stages: Stage[] | null; socket: Socket; head: string }, onClosed: () => void): Promise<HandedOverStream>;
  subscriberCount(raceId?: number): number;
  /** Open subscriptions per race (for the metrics). */
  subscriberCounts(): [raceId: number, count: number][];
  /** Ends every open stream (server shutdown). */
  closeAll(): Promise<void>;
  /** The fan-out process's id while it runs (logs, tests). */
  fanOutProcessId(): number | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
  }
}

/**
 * Subscribers written to in one turn of the event loop. Between two slices the loop serves the
 * judges' requests that arrived meanwhile: ten thousand spectators never hold a score write up
 * for more than one slice.
 */
export const FAN_OUT_SLICE = 500;

/** A race's open streams: the ones written here and the ids of those the fan-out process holds. */
interface RaceSubscribers {
  local: Set<LiveSubscriber>;
  remote: Set<number>;
}

const subscriberTotal = (race: RaceSubscribers): number => race.local.size + race.remote.size;

/**
 * The server side of live results. Every instance LISTENs on the results channel; a committed
 * score anywhere (this instance or another one on the same PostgreSQL) makes it read the race's
 * results once (results-cache.ts) and send its own subscribers what changed since the last update:
 * a `patch` event per changed stage (live-updates.ts). A new subscriber gets each stage's whole
 * table (`results`).
 *
 * Streams handed over to the fan-out process (LIVE_FAN_OUT=process) are written there. On
 * PostgreSQL that process also computes their updates, on a connection of its own: reading,
 * ranking, diffing and encoding an update, and its garbage, are then not on the thread that answers
 * the judges (docs/performance.md). On PGlite, which lives in this process, the updates are
 * computed here and their frames sent to it.
 */
export function registerLiveHub(app: FastifyInstance): void {
  const subscribers = new Map<number, RaceSubscribers>();
  const fanOuts = new Map<number, Promise<void>>();
  const closers = new Set<() => void>();
  let stopListening: (() => Promise<void>) | null = null;
  const fanOutProcess =
    app.config.liveFanOut === 'process'
      ? createFanOutProcess({
          log: app.log,
          cpus: app.config.liveFanOutCpus,
          share: app.config.liveFanOutShare,
          databaseUrl: app.database.connectionString,
          onStats: (bytes, dropped, deliveredMs) => {
            if (bytes > 0) app.metrics.liveBytesSent(bytes);
            for (let count = 0; count < dropped; count += 1) app.metrics.liveDropped();
            for (const ms of deliveredMs) app.metrics.liveUpdateWritten(ms / 1000);
          },
        })
      : null;
  /** Whether the fan-out process computes the updates of its streams itself. */
  const computedThere = fanOutProcess?.computes ?? false;
  /** Whether this process computes updates for the race: it has streams of its own, or the fan-out process needs its frames. */
  const computedHere = (race: RaceSubscribers): boolean => race.local.size > 0 || (!computedThere && race.remote.size > 0);

  const write = (subscriber: LiveSubscriber, frames: Map<Stage, Buffer>): void => {
    for (const [stage, frame] of frames) {
      if (subscriber.stages && !subscriber.stages.has(stage)) continue;
      subscriber.write(frame);
    }
  };

  /**
   * Writes the frames to every stream, after the race's earlier frames: to the fan-out process's
   * streams in one message (when it does not compute them itself), to this process's own a slice
   * per turn of the event loop. Resolves with how long this process's own writes took.
   */
  const deliver = (raceId: number, frames: Map<Stage, Buffer>): Promise<number> => {
    const race = subscribers.get(raceId);
    const targets = race ? [...race.local] : [];
    const toProcess = !computedThere && (race?.remote.size ?? 0) > 0;
    let writingMs = 0;
    const run = async (): Promise<void> => {
      const remote = toProcess && fanOutProcess ? fanOutProcess.frames(raceId, [...frames]) : null;
      const started = performance.now();
      for (let start = 0; start < targets.length; start += FAN_OUT_SLICE) {
        if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
        const end = Math.min(targets.length, start + FAN_OUT_SLICE);
        for (let index = start; index < end; index += 1) write(targets[index]!, frames);
      }
      // Only this process's own writes take the judges' event loop.
      writingMs = performance.now() - started;
      // The fan-out process tells how long its streams took (onStats).
      if (targets.length > 0) app.metrics.liveUpdateWritten(writingMs / 1000);
      await remote;
    };
    const next = (fanOuts.get(raceId) ?? Promise.resolve()).then(run);
    fanOuts.set(raceId, next);
    void next.finally(() => {
      if (fanOuts.get(raceId) === next) fanOuts.delete(raceId);
    });
    return next.then(() => writingMs);
  };

  const updates = createRaceUpdates({
    read: (raceId) => app.resultsCache.get(app.db, { id: raceId }),
    deliver,
    warn: (details, message) => app.log.warn(details, message),
  });

  app.addHook('onReady', async () => {
    stopListening = await app.database.listen(RESULTS_CHANNEL, (payload) => {
      const raceId = Number(payload);
      if (Number.isInteger(raceId)) updates.changed(raceId);
    });
  });
  app.addHook('preClose', async () => {
    await hub.closeAll();
    await updates.close();
    await stopListening?.();
  });
  app.addHook('onClose', async () => {
    await fanOutProcess?.stop();
  });

  const subscribersOf = (raceId: number): RaceSubscribers => {
    let race = subscribers.get(raceId);
    if (!race) {
      race = { local: new Set(), remote: new Set() };
      subscribers.set(raceId, race);
    }
    return race;
  };

  /** Forgets a race nobody here follows any more (and stops computing for it when nobody needs it). */
  const leave = (raceId: number, race: RaceSubscribers): void => {
    if (subscribers.get(raceId) !== race) return;
    if (!computedHere(race)) updates.forget(raceId);
    if (subscriberTotal(race) === 0) subscribers.delete(raceId);
  };

  const hub: LiveHub = {
    async subscribe(raceId, subscriber) {
      const race = await updates.join(raceId, (tables) => {
        const subscribersOfRace = subscribersOf(raceId);
        subscribersOfRace.local.add(subscriber);
        write(subscriber, tables);
        return subscribersOfRace;
      });
      return () => {
        race.local.delete(subscriber);
        leave(raceId, race);
      };
    },
    canHandOver(socket): socket is Socket {
      return fanOutProcess?.canAdopt(socket) ?? false;
    },
    async handOver(raceId, stream, onClosed) {
      if (!fanOutProcess) throw new Error('LIVE_FAN_OUT is not "process"');
      const adopt = (tables: Map<Stage, Buffer> | null): HandedOverStream => {
        const race = subscribersOf(raceId);
        if (stream.socket.destroyed) {
          // The browser left while the results were read.
          leave(raceId, race);
          onClosed();
          return { end: () => undefined };
        }
        // Synchronously with the tables: frames of a later update follow in the same pipe. The
        // process writes a stream only its stages' frames, these tables too.
        let id = 0;
        id = fanOutProcess.adopt(stream.socket, { raceId, stages: stream.stages, head: stream.head, tables: tables ? [...tables] : null }, () => {
          race.remote.delete(id);
          leave(raceId, race);
          onClosed();
        });
        race.remote.add(id);
        return { end: (frame) => fanOutProcess.end(id, frame) };
      };
      // Where the fan-out process computes the updates, it also reads the tables a stream starts from.
      return computedThere ? adopt(null) : updates.join(raceId, adopt);
    },
    subscriberCount(raceId) {
      if (raceId !== undefined) {
        const race = subscribers.get(raceId);
        return race ? subscriberTotal(race) : 0;
      }
      return [...subscribers.values()].reduce((sum, race) => sum + subscriberTotal(race), 0);
    },
    subscriberCounts() {
      return [...subscribers].map(([raceId, race]) => [raceId, subscriberTotal(race)]);
    },
    fanOutProcessId() {
      return fanOutProcess?.pid();
    },
    async closeAll() {
      for (const close of closers) close();
      closers.clear();
      await fanOutProcess?.endAll();
    },
  };
  app.decorate('live', hub);
  // Streams register how to end themselves so that shutdown does not wait for browsers to leave.
  app.decorate('liveClosers', closers);
}

declare module 'fastify' {
  interface FastifyInstance {
    liveClosers: Set<() => void>;
  }
}
