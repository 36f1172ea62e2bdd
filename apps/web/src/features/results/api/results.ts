import { STAGES, type Stage, guard as g } from '@climbing/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const number = () => g.nullable(g.number());
const markSchema = g.object({ topAttempts: number(), zoneAttempts: number() });
const runSchema = g.object({ route: g.number(), attempt: g.number(), time: number(), fall: g.boolean(), falseStart: g.boolean() });
const routeSchema = g.object({ hold: number(), plus: g.boolean(), top: g.boolean(), time: number() });

/** A result row of GET /api/results/{raceId} and of the live stream (spec 3 Result row + tie-break). */
export const resultRowSchema = g.object({
  id: g.number(),
  racer: g.object({
    id: g.number(),
    racerNumber: g.number(),
    fullName: g.string(),
    birthYear: number(),
    sex: g.string(),
    country: g.nullable(g.string()),
    club: g.nullable(g.string()),
    qualificationGroup: g.nullable(g.string()),
  }),
  stage: g.oneOf(STAGES),
  /** The rank within the racer's own ranking (their sex's when the race ranks the sexes apart). */
  rank: g.number(),
  ageCategory: g.withDefault(g.nullable(g.object({ id: g.number(), name: g.string() })), null),
  /** Rank among the racers of the same ranking and age category. */
  categoryRank: g.withDefault(number(), null),
  tops: number(),
  zones: number(),
  topAttempts: number(),
  zoneAttempts: number(),
  score: number(),
  tieBreak: g.nullable(g.string()),
  boulders: g.nullable(g.array(markSchema)),
  routes: g.nullable(g.array(routeSchema)),
  routeResults: g.nullable(g.array(g.object({ route: g.number(), rank: g.number(), arithmeticMean: g.number() }))),
  time: number(),
  /** Speed qualification: each run (route 0 = lane A, 1 = lane B) with its time, fall or false start; null elsewhere. */
  runs: g.withDefault(g.nullable(g.array(runSchema)), null),
  /**
   * Speed finals with a bracket: the heat the racer climbs next or was placed in, whether the place is
   * final, that heat's run and, for 1/8 and 1/4 losers, the best time that orders them.
   */
  speedFinal: g.withDefault(
    g.nullable(
      g.object({
        // A speed stage (SPEED_STAGES), read as text: the name only picks the heat's words.
        stage: g.string(),
        decided: g.boolean(),
        run: g.nullable(g.object({ time: number(), fall: g.boolean(), falseStart: g.boolean() })),
        bestTime: number(),
      }),
    ),
    null,
  ),
  falseStarts: g.optional(number()),
  falls: g.optional(number()),
  empty: g.boolean(),
});

export type ResultRow = g.Infer<typeof resultRowSchema>;

export const getResults = (raceId: number, stage: Stage, signal?: AbortSignal): Promise<ResultRow[]> =>
  apiRequest(`/api/results/${raceId}?stage=${stage}`, { schema: g.array(resultRowSchema), signal });

export const resultsQueryOptions = (raceId: number, stage: Stage) =>
  queryOptions({ queryKey: ['results', raceId, stage] as const, queryFn: ({ signal }) => getResults(raceId, stage, signal), staleTime: 10_000 });

export const useResults = (raceId: number, stage: Stage, enabled = true) => useQuery({ ...resultsQueryOptions(raceId, stage), enabled });
