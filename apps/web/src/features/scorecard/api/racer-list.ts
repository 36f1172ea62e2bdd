import { RACE_GENDERS, ROUND_STATES, SPEED_STAGES, type Stage, guard as g } from '@climbing/domain';
import { queryOptions, replaceEqualDeep, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withOfflineCache } from '../../../lib/offline-cache';
import { keepNewestRounds, racerListCacheKey, racerListQueryKey, roundSchema } from './racer-list-rounds';

export * from './racer-list-rounds';

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

export const racerListQueryOptions = (raceId: number, stage: Stage) =>
  queryOptions({
    queryKey: racerListQueryKey(raceId, stage),
    // Kept on the device: the judge's racer lists and rounds are there after a reload offline.
    // Two reads of the list may overlap (a refresh after a score, the live stream's): the copy keeps the newer rounds.
    queryFn: ({ signal }) => withOfflineCache(racerListCacheKey(raceId, stage), () => getRacerList(raceId, stage, signal), keepNewestRounds),
    staleTime: 5_000,
    structuralSharing: (held, read) => replaceEqualDeep(held, keepNewestRounds(held as RacerWithRound[] | undefined, read as RacerWithRound[])),
  });

export const useRacerList = (raceId: number, stage: Stage) => useQuery(racerListQueryOptions(raceId, stage));

