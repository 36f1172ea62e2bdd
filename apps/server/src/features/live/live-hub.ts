import type { FastifyInstance } from 'fastify';
import type { Stage } from '@climbing/domain';
import { computeRaceResults, findRace, type StageResults } from '../results/results-service.ts';
import { RESULTS_CHANNEL } from '../scoring/score-service.ts';

/** One open live connection: which stages it wants and how to write an event to it. */
export interface LiveSubscriber {
  stages: ReadonlySet<Stage> | null;
  send(event: string, data: string): void;
}

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

export const resultsEvent = (results: StageResults, sentAt: number): string =>
  JSON.stringify({ raceId: results.raceId, stage: results.stage, rows: results.rows, sentAt });

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
  const closers = new Set<() => void>();
  let stopListening: (() => Promise<void>) | null = null;

  const deliver = (raceId: number, stages: readonly StageResults[], only?: LiveSubscriber): void => {
    const targets = only ? [only] : [...(subscribers.get(raceId) ?? [])];
    const sentAt = Date.now();
    const payloads = new Map(stages.map((results) => [results.stage, resultsEvent(results, sentAt)]));
    for (const subscriber of targets) {
      for (const [stage, payload] of payloads) {
        if (subscriber.stages && !subscriber.stages.has(stage)) continue;
        subscriber.send('results', payload);
      }
    }
  };

  const recompute = async (raceId: number): Promise<void> => {
    do {
      dirty.delete(raceId);
      try {
        const race = await findRace(app.db, raceId);
        deliver(raceId, await computeRaceResults(app.db, race));
      } catch (error) {
        app.log.warn({ err: error, raceId }, 'live results could not be computed');
      }
    } while (dirty.has(raceId) && subscribers.has(raceId));
  };

  const changed = (raceId: number): void => {
    if (!subscribers.has(raceId) || pending.has(raceId)) return;
    if (running.has(raceId)) {
      dirty.add(raceId);
      return;
    }
    pending.set(
      raceId,
      setTimeout(() => {
        pending.delete(raceId);
        const work = recompute(raceId).finally(() => running.delete(raceId));
        running.set(raceId, work);
      }, COALESCE_MS),
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
      deliver(raceId, await computeRaceResults(app.db, race), subscriber);
      return () => {
        set.delete(subscriber);
        if (set.size === 0) subscribers.delete(raceId);
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
