import { RACE_GENDERS, ROUND_STATES, SPEED_STAGES, STAGES, type Stage, guard as g } from '@climbing/domain';
import { queryOptions, replaceEqualDeep, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { updateStored } from '../../../lib/device-store';
import { withOfflineCache } from '../../../lib/offline-cache';

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

/** A match of a speed final beside each of its two racers: who races whom (GET /api/racer/list of a speed FINAL). */
export const racerSpeedMatchSchema = g.object({
  id: g.number(),
  gender: g.oneOf(RACE_GENDERS),
  stage: g.oneOf(SPEED_STAGES),
  stageIndex: g.number(),
  /** The match's own state: CLOSED once its result is entered, whatever its rounds' states. */
  state: g.oneOf(ROUND_STATES),
  racerAId: g.nullable(g.number()),
  racerBId: g.nullable(g.number()),
  winnerRacerId: g.nullable(g.number()),
});

export type RacerSpeedMatch = g.Infer<typeof racerSpeedMatchSchema>;

const racerSchema = g.object({
  id: g.number(),
  racerNumber: g.number(),
  fullName: g.string(),
  birthYear: g.nullable(g.number()),
  sex: g.string(),
  country: g.nullable(g.string()),
  club: g.nullable(g.string()),
  qualificationGroup: g.nullable(g.string()),
  rounds: g.array(roundSchema),
  /** Empty outside a speed final, and in a list the device kept from before the server sent it. */
  speedMatches: g.withDefault(g.array(racerSpeedMatchSchema), []),
});

export type RacerWithRound = g.Infer<typeof racerSchema>;

/** GET /api/racer/list?race=&stage= — the racers of a stage with their round, in starting order. */
export const getRacerList = (raceId: number, stage: Stage, signal?: AbortSignal): Promise<RacerWithRound[]> =>
  apiRequest(`/api/racer/list?race=${raceId}&stage=${stage}`, { schema: g.array(racerSchema), signal });

/** The key of a stage's racer list in the device's offline cache. */
export const racerListCacheKey = (raceId: number, stage: Stage): string => `racer-list:${raceId}:${stage}`;

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

export const racerListQueryOptions = (raceId: number, stage: Stage) =>
  queryOptions({
    queryKey: ['racer-list', raceId, stage] as const,
    // Kept on the device: the judge's racer lists and rounds are there after a reload offline.
    // Two reads of the list may overlap (a refresh after a score, the live stream's): the copy keeps the newer rounds.
    queryFn: ({ signal }) => withOfflineCache(racerListCacheKey(raceId, stage), () => getRacerList(raceId, stage, signal), keepNewestRounds),
    staleTime: 5_000,
    structuralSharing: (held, read) => replaceEqualDeep(held, keepNewestRounds(held as RacerWithRound[] | undefined, read as RacerWithRound[])),
  });

export const useRacerList = (raceId: number, stage: Stage) => useQuery(racerListQueryOptions(raceId, stage));

/** A racer's round of this stage (each stage has at most one round per racer). */
export const roundOf = (racer: RacerWithRound): Round | undefined => racer.rounds[0];
