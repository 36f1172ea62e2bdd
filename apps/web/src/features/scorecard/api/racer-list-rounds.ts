import { ROUND_STATES, STAGES, type Stage, guard as g } from '@climbing/domain';
import { updateStored } from '../../../lib/device-store';
import type { RacerWithRound } from './racer-list';
import { racerListCacheKey } from './racer-list-key';

export * from './racer-list-key';

/*
 * What the judges' score queue needs of the racer lists (the rounds it stores answers into, the
 * device's copy, the keys), apart from the list's reading (racer-list.ts): the queue is in every
 * page's first download, the live page's included (issue 14's budget), and a module goes to one
 * chunk whole.
 */

export const boulderSchema = g.object({
  id: g.nullable(g.number()),
  boulderIndex: g.number(),
  topAttempts: g.nullable(g.number()),
  zoneAttempts: g.nullable(g.number()),
  currentAttempt: g.number(),
  /** The round version of the boulder's last change: what an entry on it is based on. */
  version: g.withDefault(g.number(), 0),
});

export const leadRouteSchema = g.object({
  id: g.nullable(g.number()),
  routeIndex: g.number(),
  hold: g.nullable(g.number()),
  plus: g.boolean(),
  top: g.boolean(),
  time: g.nullable(g.number()),
  version: g.withDefault(g.number(), 0),
});

/** One speed run of a round: world-cup qualification has lanes 0 and 1, nomination routes × attempts. */
export const speedRouteSchema = g.object({
  id: g.nullable(g.number()),
  routeIndex: g.number(),
  attemptIndex: g.number(),
  time: g.nullable(g.number()),
  fall: g.boolean(),
  falseStart: g.boolean(),
  version: g.withDefault(g.number(), 0),
});

/** The round view of the scoring calls (spec 3 Round plus `version`). */
export const roundSchema = g.object({
  id: g.number(),
  racerId: g.number(),
  stage: g.oneOf(STAGES),
  state: g.oneOf(ROUND_STATES),
  startingNumber: g.nullable(g.number()),
  version: g.number(),
  qualificationGroupId: g.nullable(g.number()),
  boulders: g.array(boulderSchema),
  routes: g.array(leadRouteSchema),
  speedRoutes: g.array(speedRouteSchema),
});

export type Round = g.Infer<typeof roundSchema>;
export type LeadRoute = g.Infer<typeof leadRouteSchema>;
export type SpeedRoute = g.Infer<typeof speedRouteSchema>;

/**
 * A list just read never takes a racer's round back to an older version than the one held: a
 * request that started before a score was stored, or the device's offline copy, would otherwise
 * hide the score, and the judge's next tap would be built on the older value.
 */
export function keepNewestRounds(held: readonly RacerWithRound[] | undefined, read: readonly RacerWithRound[]): RacerWithRound[] {
  const heldRound = new Map((held ?? []).map((racer) => [racer.id, roundOf(racer)]));
  return read.map((racer) => {
    const mine = heldRound.get(racer.id);
    const theirs = roundOf(racer);
    return mine && theirs && mine.id === theirs.id && mine.version > theirs.version ? { ...racer, rounds: [mine] } : racer;
  });
}

/**
 * Puts a racer list into the device's offline copy of its stage, which only moves forward: each
 * racer's round is kept from whichever of the two holds the newer round version (the server
 * raises it with every change of the round, scores and state alike). A list read before a score
 * and answered after it, or after a newer list, leaves the copy as it is.
 */
export const keepRacerListOnDevice = (raceId: number, stage: Stage, list: readonly RacerWithRound[]): Promise<RacerWithRound[]> =>
  updateStored<RacerWithRound[]>('cache', racerListCacheKey(raceId, stage), (held) => keepNewestRounds(held, list));

/** A racer's round of this stage (each stage has at most one round per racer). */
export const roundOf = (racer: RacerWithRound): Round | undefined => racer.rounds[0];
