import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { diffRows, fingerprintRows, type LivePatch, type RowFingerprint, type Stage } from '@climbing/domain';
import type { CachedRaceResults, CachedStage } from '../results/results-cache.ts';
import type { ResultRow } from '../results/results-service.ts';
import { RESULTS_CHANNEL } from '../scoring/score-service.ts';
import { createFanOutProcess } from './live-fan-out.ts';

/** One open live connection: which stages it wants and how to write a ready SSE frame to it. */
export interface LiveSubscriber {
  stages: ReadonlySet<Stage> | null;
  write(frame: Buffer): void;
}

/** One Server-Sent Events frame, encoded once and written as is to every subscriber. */
export const sseFrame = (event: string, data: string): Buffer => Buffer.from(`event: ${event}\ndata: ${data}\n\n`, 'utf8');

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
 * Notifications arriving within this window are answered with one computation: 30 judges saving
 * at once cost one ranking per race, not thirty, and a subscriber still sees every committed score.
 */
const COALESCE_MS = 15;
/**
 * A race's results are computed for its subscribers at most once per this interval: under a burst
 * every score still arrives (in the next update), and the server ranks the race at most twenty
 * times a second. (The fan-out process writes its streams in a round of its own, at most
 * LIVE_FAN_OUT_SHARE of its time: a stream there gets the updates of a round in one write.)
 */
const MIN_PUSH_INTERVAL_MS = 50;
/**
 * And the pause after an update is at least this many times as long as writing it to every
 * subscriber took: with ten thousand spectators a fan-out takes tens of milliseconds, and the
 * judges keep at least two thirds of the event loop.
 */
const FAN_OUT_DUTY = 2;
/**
 * Subscribers written to in one turn of the event loop. Between two slices the loop serves the
 * judges' requests that arrived meanwhile: ten thousand spectators never hold a score write up
 * for more than one slice.
 */
export const FAN_OUT_SLICE = 500;

const lastScoreJson = (lastScore: Date | null): string => JSON.stringify(lastScore?.toISOString() ?? null);

/**
 * The data of one `results` event, a whole table: `{ raceId, stage, version, rows, sentAt,
 * lastScoreAt }` (`lastScoreAt`: when the server received the race's newest score entry, ISO time,
 * null before any). The rows come serialized from the results cache.
 */
export const resultsEvent = (raceId: number, stage: Stage, version: number, rowsJson: string, sentAt: number, lastScore: Date | null): string =>
  `{"raceId":${raceId},"stage":${JSON.stringify(stage)},"version":${version},"rows":${rowsJson},"sentAt":${sentAt},"lastScoreAt":${lastScoreJson(lastScore)}}`;

/** The data of one `patch` event: `{ raceId, stage, sentAt, lastScoreAt }` and the patch (`LivePatch`). */
export const patchEvent = (raceId: number, stage: Stage, patch: LivePatch<ResultRow>, sentAt: number, lastScore: Date | null): string =>
  JSON.stringify({ raceId, stage, ...patch, sentAt, lastScoreAt: lastScore?.toISOString() ?? null });

/** What a race's subscribers were last sent for one stage: the base of the next patch. */
interface StageSent {
  /** The results version this table was computed at (a patch's `base`). */
  version: number;
  /** The table (its JSON is made when a new subscriber needs it whole). */
  table: CachedStage;
  /** Null when the table cannot be patched (a racer twice): it is then always sent whole. */
  prints: Map<number, RowFingerprint> | null;
}

interface RaceSent {
  version: number;
  lastScoreAt: Date | null;
  stages: Map<Stage, StageSent>;
  /** The whole tables a new subscriber gets, encoded once until the next change. */
  wholeTables?: Map<Stage, Buffer>;
}

/** Frames to write to a race's subscribers, in order after the ones before. */
interface FanOutJob {
  /** The subscribers in this process (LIVE_FAN_OUT=inline, or connections that could not be handed over). */
  targets: LiveSubscriber[];
  /** Whether the fan-out process holds streams of the race. */
  remote: boolean;
  frames: Map<Stage, Buffer>;
}

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
 * a `patch` event per changed stage. A new subscriber gets each stage's whole table (`results`).
 */
export function registerLiveHub(app: FastifyInstance): void {
  const subscribers = new Map<number, RaceSubscribers>();
  const sent = new Map<number, RaceSent>();
  const pending = new Map<number, NodeJS.Timeout>();
  const running = new Map<number, Promise<void>>();
  const dirty = new Set<number>();
  const lastPushAt = new Map<number, number>();
  const fanOuts = new Map<number, Promise<void>>();
  /** How long the race's last fan-out took, end to end (slices and the pauses between them). */
  const fanOutMs = new Map<number, number>();
  const closers = new Set<() => void>();
  let stopListening: (() => Promise<void>) | null = null;
  const fanOutProcess =
    app.config.liveFanOut === 'process'
      ? createFanOutProcess({
          log: app.log,
          cpus: app.config.liveFanOutCpus,
          share: app.config.liveFanOutShare,
          onStats: (bytes, dropped, deliveredMs) => {
            if (bytes > 0) app.metrics.liveBytesSent(bytes);
            for (let count = 0; count < dropped; count += 1) app.metrics.liveDropped();
            for (const ms of deliveredMs) app.metrics.liveUpdateWritten(ms / 1000);
          },
        })
      : null;

  const stageSent = (cached: CachedStage, version: number): StageSent => ({ version, table: cached, prints: fingerprintRows(cached.results.rows) });

  const wholeTables = (raceId: number, race: RaceSent): Map<Stage, Buffer> => {
    if (race.wholeTables) return race.wholeTables;
    const sentAt = Date.now();
    const frames = new Map<Stage, Buffer>();
    for (const [stage, sentStage] of race.stages) {
      if (sentStage.table.results.rows.length > 0) frames.set(stage, sseFrame('results', resultsEvent(raceId, stage, sentStage.version, sentStage.table.rowsJson, sentAt, race.lastScoreAt)));
    }
    race.wholeTables = frames;
    return frames;
  };

  const write = (subscriber: LiveSubscriber, frames: Map<Stage, Buffer>): void => {
    for (const [stage, frame] of frames) {
      if (subscriber.stages && !subscriber.stages.has(stage)) continue;
      subscriber.write(frame);
    }
  };

  /**
   * Writes the frames to every target, after the race's earlier frames: to the fan-out process's
   * streams in one message, to this process's own a slice per turn of the event loop.
   */
  const fanOut = (raceId: number, job: FanOutJob): Promise<void> => {
    const run = async (): Promise<void> => {
      const remote = job.remote && fanOutProcess ? fanOutProcess.frames(raceId, [...job.frames]) : null;
      const started = performance.now();
      for (let start = 0; start < job.targets.length; start += FAN_OUT_SLICE) {
        if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
        const end = Math.min(job.targets.length, start + FAN_OUT_SLICE);
        for (let index = start; index < end; index += 1) write(job.targets[index]!, job.frames);
      }
      // Only this process's own writes take the judges' event loop (FAN_OUT_DUTY).
      const writingMs = performance.now() - started;
      fanOutMs.set(raceId, writingMs);
      // The fan-out process tells how long its streams took (onStats).
      if (job.targets.length > 0) app.metrics.liveUpdateWritten(writingMs / 1000);
      await remote;
    };
    const next = (fanOuts.get(raceId) ?? Promise.resolve()).then(run);
    fanOuts.set(raceId, next);
    void next.finally(() => {
      if (fanOuts.get(raceId) === next) fanOuts.delete(raceId);
    });
    return next;
  };

  /**
   * The frames that bring subscribers from what they were sent to `entry`: a patch per changed
   * stage (a whole table where a patch cannot say it), nothing for an unchanged stage.
   */
  const advance = (raceId: number, race: RaceSent, entry: CachedRaceResults): Map<Stage, Buffer> => {
    const sentAt = Date.now();
    const frames = new Map<Stage, Buffer>();
    for (const [stage, cached] of entry.stages) {
      const before = race.stages.get(stage);
      if (before && (before.table === cached || (before.table.results.rows.length === 0 && cached.results.rows.length === 0))) continue;
      const now = stageSent(cached, entry.version);
      // Fingerprints hold each row whole (its figures and its place): no patch means the same table.
      // A table that cannot be patched is compared whole.
      const patchable = before?.prints && now.prints;
      const patch = patchable ? diffRows(before.prints!, cached.results.rows, now.prints!, { base: before.version, version: entry.version }) : null;
      if (patchable ? patch === null : before?.table.rowsJson === cached.rowsJson) continue;
      race.stages.set(stage, now);
      if (patch) frames.set(stage, sseFrame('patch', patchEvent(raceId, stage, patch, sentAt, entry.lastScoreAt)));
      else if (cached.results.rows.length > 0 || before) frames.set(stage, sseFrame('results', resultsEvent(raceId, stage, entry.version, cached.rowsJson, sentAt, entry.lastScoreAt)));
    }
    race.version = entry.version;
    race.lastScoreAt = entry.lastScoreAt;
    delete race.wholeTables;
    return frames;
  };

  const push = async (raceId: number): Promise<void> => {
    dirty.delete(raceId);
    try {
      lastPushAt.set(raceId, Date.now());
      // Computed once per committed change; a results request may already have done it.
      const entry = await app.resultsCache.get(app.db, { id: raceId });
      const race = sent.get(raceId);
      const targets = subscribers.get(raceId);
      if (!race || !targets || entry.version <= race.version) return;
      const frames = advance(raceId, race, entry);
      // The next update is computed once this one is written (inline, ten thousand streams take a
      // good part of a second; the fan-out process takes an update at once and writes it in its
      // round): changes that come faster are coalesced, not queued, and the next update carries
      // everything committed meanwhile.
      if (frames.size > 0) await fanOut(raceId, { targets: [...targets.local], remote: targets.remote.size > 0, frames });
    } catch (error) {
      app.log.warn({ err: error, raceId }, 'live results could not be computed');
    }
  };

  /** `coalesceMs`: how long to wait for more notifications; none after an update, when changes have waited for it already. */
  const changed = (raceId: number, coalesceMs = COALESCE_MS): void => {
    if (!subscribers.has(raceId) || pending.has(raceId)) return;
    if (running.has(raceId)) {
      // A change committed while computing or writing: one more update once this one is out.
      dirty.add(raceId);
      return;
    }
    const sinceLast = Date.now() - (lastPushAt.get(raceId) ?? 0);
    pending.set(
      raceId,
      setTimeout(
        () => {
          pending.delete(raceId);
          const work = push(raceId).finally(() => {
            running.delete(raceId);
            if (dirty.delete(raceId)) changed(raceId, 0);
          });
          running.set(raceId, work);
        },
        Math.max(coalesceMs, Math.max(MIN_PUSH_INTERVAL_MS, FAN_OUT_DUTY * (fanOutMs.get(raceId) ?? 0)) - sinceLast),
      ),
    );
  };

  app.addHook('onReady', async () => {
    stopListening = await app.database.listen(RESULTS_CHANNEL, (payload) => {
      const raceId = Number(payload);
      if (Number.isInteger(raceId)) changed(raceId);
    });
  });
  app.addHook('preClose', async () => {
    await hub.closeAll();
    for (const timer of pending.values()) clearTimeout(timer);
    await Promise.allSettled(running.values());
    await stopListening?.();
  });
  app.addHook('onClose', async () => {
    await fanOutProcess?.stop();
  });

  /**
   * Joins a race's subscribers: the results as they are (an unchanged race costs a version
   * lookup: no ranking, no results query), and what the race's subscribers were sent.
   */
  const join = async (raceId: number): Promise<{ race: RaceSent; subscribersOfRace: RaceSubscribers }> => {
    const entry = await app.resultsCache.get(app.db, { id: raceId });
    const subscribersOfRace = subscribers.get(raceId) ?? { local: new Set(), remote: new Set() };
    subscribers.set(raceId, subscribersOfRace);
    let race = sent.get(raceId);
    if (!race) {
      race = { version: entry.version, lastScoreAt: entry.lastScoreAt, stages: new Map([...entry.stages].map(([stage, cached]) => [stage, stageSent(cached, entry.version)])) };
      sent.set(raceId, race);
    } else if (entry.version > race.version) {
      // Newer than what the others were sent (a notification on its way, or one lost while the
      // listening connection was down): this subscriber starts from what they hold, and all get the change.
      changed(raceId);
    }
    return { race, subscribersOfRace };
  };

  /** Forgets a race nobody follows any more. */
  const leave = (raceId: number, subscribersOfRace: RaceSubscribers): void => {
    if (subscriberTotal(subscribersOfRace) > 0 || subscribers.get(raceId) !== subscribersOfRace) return;
    subscribers.delete(raceId);
    sent.delete(raceId);
    lastPushAt.delete(raceId);
    fanOutMs.delete(raceId);
  };

  const hub: LiveHub = {
    async subscribe(raceId, subscriber) {
      const { race, subscribersOfRace } = await join(raceId);
      subscribersOfRace.local.add(subscriber);
      // Whole tables of what the race's subscribers hold, so that the next patch fits this one too.
      write(subscriber, wholeTables(raceId, race));
      return () => {
        subscribersOfRace.local.delete(subscriber);
        leave(raceId, subscribersOfRace);
      };
    },
    canHandOver(socket): socket is Socket {
      return fanOutProcess?.canAdopt(socket) ?? false;
    },
    async handOver(raceId, stream, onClosed) {
      if (!fanOutProcess) throw new Error('LIVE_FAN_OUT is not "process"');
      const { race, subscribersOfRace } = await join(raceId);
      if (stream.socket.destroyed) {
        // The browser left while the results were read.
        leave(raceId, subscribersOfRace);
        onClosed();
        return { end: () => undefined };
      }
      // Synchronously after the tables are taken: frames of a later update follow in the same pipe.
      // The process writes a stream only its stages' frames, these tables too.
      const tables = [...wholeTables(raceId, race)];
      let id = 0;
      id = fanOutProcess.adopt(stream.socket, { raceId, stages: stream.stages, head: stream.head, tables }, () => {
        subscribersOfRace.remote.delete(id);
        leave(raceId, subscribersOfRace);
        onClosed();
      });
      subscribersOfRace.remote.add(id);
      return { end: (frame) => fanOutProcess.end(id, frame) };
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
