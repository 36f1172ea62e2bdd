import { RACE_GENDERS, ROUND_STATES, SPEED_STAGES } from '@climbing/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { withOfflineCache } from '../../../lib/offline-cache';

const runSchema = z.object({ time: z.number().nullable(), fall: z.boolean(), falseStart: z.boolean() });

const matchRacerSchema = z.object({
  id: z.number(),
  roundId: z.number().nullable(),
  racerNumber: z.number(),
  fullName: z.string(),
  country: z.string().nullable(),
  run: runSchema.nullable(),
});

export const speedMatchSchema = z.object({
  id: z.number(),
  /** The bracket of the match: WOMEN or MEN when the race ranks the sexes apart, else the race's gender. */
  gender: z.enum(RACE_GENDERS).catch('MIXED'),
  stage: z.enum(SPEED_STAGES),
  stageIndex: z.number(),
  state: z.enum(ROUND_STATES),
  version: z.number(),
  racerA: matchRacerSchema.nullable(),
  racerB: matchRacerSchema.nullable(),
  winnerRacerId: z.number().nullable(),
});

const genderBracketSchema = z.object({
  gender: z.enum(RACE_GENDERS),
  size: z.number(),
  stages: z.array(z.enum(SPEED_STAGES)),
  matches: z.array(speedMatchSchema),
});

/**
 * GET /api/race/{id}/speed-bracket: every match of the speed elimination finals, one bracket per
 * ranking (sex), and before the finals the bracket each ranking would get now (`planned`).
 */
export const speedBracketSchema = z.object({
  raceId: z.number(),
  size: z.number(),
  stages: z.array(z.enum(SPEED_STAGES)),
  matches: z.array(speedMatchSchema),
  brackets: z.array(genderBracketSchema).default([]),
  planned: z.array(z.object({ gender: z.enum(RACE_GENDERS), size: z.number(), racersWithTime: z.number() })).default([]),
});

export type SpeedRunView = z.infer<typeof runSchema>;
export type SpeedMatchRacer = z.infer<typeof matchRacerSchema>;
export type SpeedMatch = z.infer<typeof speedMatchSchema>;
export type SpeedBracket = z.infer<typeof speedBracketSchema>;
/** One bracket: what the bracket layout draws. */
export type GenderBracket = z.infer<typeof genderBracketSchema>;

export const speedBracketQueryOptions = (raceId: number) =>
  queryOptions({
    queryKey: ['speed-bracket', raceId] as const,
    // Kept on the device for the judges' match entry without a connection.
    queryFn: ({ signal }) => withOfflineCache(`speed-bracket:${raceId}`, () => apiRequest(`/api/race/${raceId}/speed-bracket`, { schema: speedBracketSchema, signal })),
    staleTime: 10_000,
  });

export const useSpeedBracket = (raceId: number, enabled = true) => useQuery({ ...speedBracketQueryOptions(raceId), enabled });
