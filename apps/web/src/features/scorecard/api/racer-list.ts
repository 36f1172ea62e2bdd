import { ROUND_STATES, STAGES, type Stage } from '@climbing/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { withOfflineCache } from '../../../lib/offline-cache';

export const boulderSchema = z.object({
  id: z.number().nullable(),
  boulderIndex: z.number(),
  topAttempts: z.number().nullable(),
  zoneAttempts: z.number().nullable(),
  currentAttempt: z.number(),
  /** The round version of the boulder's last change: what an entry on it is based on. */
  version: z.number().default(0),
});

export const leadRouteSchema = z.object({
  id: z.number().nullable(),
  routeIndex: z.number(),
  hold: z.number().nullable(),
  plus: z.boolean(),
  top: z.boolean(),
  time: z.number().nullable(),
  version: z.number().default(0),
});

/** One speed run of a round: world-cup qualification has lanes 0 and 1, nomination routes × attempts. */
export const speedRouteSchema = z.object({
  id: z.number().nullable(),
  routeIndex: z.number(),
  attemptIndex: z.number(),
  time: z.number().nullable(),
  fall: z.boolean(),
  falseStart: z.boolean(),
  version: z.number().default(0),
});

/** The round view of the scoring calls (spec 3 Round plus `version`). */
export const roundSchema = z.object({
  id: z.number(),
  racerId: z.number(),
  stage: z.enum(STAGES),
  state: z.enum(ROUND_STATES),
  startingNumber: z.number().nullable(),
  version: z.number(),
  qualificationGroupId: z.number().nullable(),
  boulders: z.array(boulderSchema),
  routes: z.array(leadRouteSchema),
  speedRoutes: z.array(speedRouteSchema),
});

export type Round = z.infer<typeof roundSchema>;
export type LeadRoute = z.infer<typeof leadRouteSchema>;
export type SpeedRoute = z.infer<typeof speedRouteSchema>;

const racerSchema = z.object({
  id: z.number(),
  racerNumber: z.number(),
  fullName: z.string(),
  birthYear: z.number().nullable(),
  sex: z.string(),
  country: z.string().nullable(),
  club: z.string().nullable(),
  qualificationGroup: z.string().nullable(),
  rounds: z.array(roundSchema),
});

export type RacerWithRound = z.infer<typeof racerSchema>;

/** GET /api/racer/list?race=&stage= — the racers of a stage with their round, in starting order. */
export const getRacerList = (raceId: number, stage: Stage, signal?: AbortSignal): Promise<RacerWithRound[]> =>
  apiRequest(`/api/racer/list?race=${raceId}&stage=${stage}`, { schema: z.array(racerSchema), signal });

export const racerListQueryOptions = (raceId: number, stage: Stage) =>
  queryOptions({
    queryKey: ['racer-list', raceId, stage] as const,
    // Kept on the device: the judge's racer lists and rounds are there after a reload offline.
    queryFn: ({ signal }) => withOfflineCache(`racer-list:${raceId}:${stage}`, () => getRacerList(raceId, stage, signal)),
    staleTime: 5_000,
  });

export const useRacerList = (raceId: number, stage: Stage) => useQuery(racerListQueryOptions(raceId, stage));

/** A racer's round of this stage (each stage has at most one round per racer). */
export const roundOf = (racer: RacerWithRound): Round | undefined => racer.rounds[0];
