import type { FastifyInstance } from 'fastify';
import type { Stage } from '@climbing/domain';
import { computeRaceResults, findRace, type StageResults } from '../results/results-service.ts';
import { RESULTS_CHANNEL, lastScoreAt } from '../scoring/score-service.ts';

/** One open live connection: which stages it wants and how to write a ready SSE frame to it. */
export interface LiveSubscriber {
  stages: ReadonlySet<Stage> | null;
  write(frame: Buffer): void;
}

/** One Server-Sent Events frame, encoded once and written as is to every subscriber. */
export const sseFrame = (event: string, data: string): Buffer => Buffer.from(`event: ${event}\ndata: ${data}\n\n`, 'utf8');

export interface LiveHub {
  /** Adds a subscriber and sends it the current results at once; returns the unsubscribe function. */
  subscribe(raceId: number, subscriber: LiveSubscriber): Promise<() => void>;
  subscriberCount(raceId?: number): number;
  /** Ends every open stream (server shutdown). */
  closeAll(): void;
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
 * A race's subscribers get at most one update per this interval: under a burst every score still
 * arrives (in the next update), but the server sends each result table a bounded number of times
 * instead of once per write, which is what a thousand phones on one race cost.
 */
const MIN_PUSH_INTERVAL_MS = 100;

/** `lastScoreAt`: when the server received the race's newest score entry (ISO time, null before any). */
export const resultsEvent = (results: StageResults, sentAt: number, lastScore: Date | null = null): string =>
  JSON.stringify({ raceId: results.raceId, stage: results.stage, rows: results.rows, sentAt, lastScoreAt: lastScore?.toISOString() ?? null });

/**
 * The server side of live results. Every instance LISTENs on the results channel; a committed
 * score anywhere (this instance or another one on the same PostgreSQL) makes it recompute the
 * race's results once and push them to its own subscribers over Server-Sent Events.
 */
export function registerLiveHub(app: FastifyInstance): void {
  const subscribers = new Map<number, Set<LiveSubscriber>>();
  const pending = new Map<number, NodeJS.Timeout>();
  const running = new Map<number, Promise<void>>();
  const dirty = new Set<number>();
  const lastPushAt = new Map<number, number>();
  const closers = new Set<() => void>();
  let stopListening: (() => Promise<void>) | null = null;

  const deliver = (raceId: number, stages: readonly StageResults[], lastScore: Date | null, only?: LiveSubscriber): void => {
    const targets = only ? [only] : [...(subscribers.get(raceId) ?? [])];
    const sentAt = Date.now();
    const frames = new Map(stages.map((results) => [results.stage, sseFrame('results', resultsEvent(results, sentAt, lastScore))]));
    for (const subscriber of targets) {
      for (const [stage, frame] of frames) {
        if (subscriber.stages && !subscriber.stages.has(stage)) continue;
        subscriber.write(frame);
      }
    }
  };

  const recompute = async (raceId: number): Promise<void> => {
    dirty.delete(raceId);
    try {
      const race = await findRace(app.db, raceId);
      lastPushAt.set(raceId, Date.now());
      const [results, lastScore] = await Promise.all([computeRaceResults(app.db, race), lastScoreAt(app.db, raceId)]);
      deliver(raceId, results, lastScore);
    } catch (error) {
      app.log.warn({ err: error, raceId }, 'live results could not be computed');
    }
  };

  const changed = (raceId: number): void => {
    if (!subscribers.has(raceId) || pending.has(raceId)) return;
    if (running.has(raceId)) {
      // A change committed while computing: one more update once this one is out.
      dirty.add(raceId);
      return;
    }
    const sinceLast = Date.now() - (lastPushAt.get(raceId) ?? 0);
    pending.set(
      raceId,
      setTimeout(
        () => {
          pending.delete(raceId);
          const work = recompute(raceId).finally(() => {
            running.delete(raceId);
            if (dirty.delete(raceId)) changed(raceId);
          });
          running.set(raceId, work);
        },
        Math.max(COALESCE_MS, MIN_PUSH_INTERVAL_MS - sinceLast),
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
    hub.closeAll();
    for (const timer of pending.values()) clearTimeout(timer);
    await Promise.allSettled(running.values());
    await stopListening?.();
  });

  const hub: LiveHub = {
    async subscribe(raceId, subscriber) {
      const race = await findRace(app.db, raceId);
      const set = subscribers.get(raceId) ?? new Set();
      set.add(subscriber);
      subscribers.set(raceId, set);
      const [results, lastScore] = await Promise.all([computeRaceResults(app.db, race), lastScoreAt(app.db, raceId)]);
      deliver(raceId, results, lastScore, subscriber);
      return () => {
        set.delete(subscriber);
        if (set.size === 0) {
          subscribers.delete(raceId);
          lastPushAt.delete(raceId);
        }
      };
    },
    subscriberCount(raceId) {
      if (raceId !== undefined) return subscribers.get(raceId)?.size ?? 0;
      return [...subscribers.values()].reduce((sum, set) => sum + set.size, 0);
    },
    closeAll() {
      for (const close of closers) close();
      closers.clear();
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
