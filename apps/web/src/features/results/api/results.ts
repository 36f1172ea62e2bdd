import { STAGES, type Stage } from '@climbing/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const markSchema = z.object({ topAttempts: z.number().nullable(), zoneAttempts: z.number().nullable() });
const routeSchema = z.object({ hold: z.number().nullable(), plus: z.boolean(), top: z.boolean(), time: z.number().nullable() });

/** A result row of GET /api/results/{raceId} and of the live stream (spec 3 Result row + tie-break). */
export const resultRowSchema = z.object({
  id: z.number(),
  racer: z.object({
    id: z.number(),
    racerNumber: z.number(),
    fullName: z.string(),
    birthYear: z.number().nullable(),
    sex: z.string(),
    country: z.string().nullable(),
    club: z.string().nullable(),
    qualificationGroup: z.string().nullable(),
  }),
  stage: z.enum(STAGES),
  /** The rank within the racer's own ranking (their sex's when the race ranks the sexes apart). */
  rank: z.number(),
  ageCategory: z.object({ id: z.number(), name: z.string() }).nullable().default(null),
  /** Rank among the racers of the same ranking and age category. */
  categoryRank: z.number().nullable().default(null),
  tops: z.number().nullable(),
  zones: z.number().nullable(),
  topAttempts: z.number().nullable(),
  zoneAttempts: z.number().nullable(),
  score: z.number().nullable(),
  tieBreak: z.string().nullable(),
  boulders: z.array(markSchema).nullable(),
  routes: z.array(routeSchema).nullable(),
  routeResults: z.array(z.object({ route: z.number(), rank: z.number(), arithmeticMean: z.number() })).nullable(),
  time: z.number().nullable(),
  falseStarts: z.number().nullable().optional(),
  falls: z.number().nullable().optional(),
  empty: z.boolean(),
});

export type ResultRow = z.infer<typeof resultRowSchema>;

export const getResults = (raceId: number, stage: Stage, signal?: AbortSignal): Promise<ResultRow[]> =>
  apiRequest(`/api/results/${raceId}?stage=${stage}`, { schema: z.array(resultRowSchema), signal });

export const resultsQueryOptions = (raceId: number, stage: Stage) =>
  queryOptions({ queryKey: ['results', raceId, stage] as const, queryFn: ({ signal }) => getResults(raceId, stage, signal), staleTime: 10_000 });

export const useResults = (raceId: number, stage: Stage, enabled = true) => useQuery({ ...resultsQueryOptions(raceId, stage), enabled });
