import { queryOptions } from '@tanstack/react-query';
import { LEAD_STYLES, QUALIFICATION_GROUP_STATES, STARTING_NUMBER_ORDERS, type StartingNumberOrder } from '@climbing/domain';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const startingListSchema = z.object({
  raceId: z.number(),
  raceName: z.string(),
  startingNumberOrder: z.enum(STARTING_NUMBER_ORDERS),
  /** Lead races: the style of the qualification. */
  leadStyle: z.enum(LEAD_STYLES).nullable().default(null),
  /** Someone is checked in: only the present racers climb; the others are listed unnumbered. */
  checkInStarted: z.boolean().default(false),
  groups: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      state: z.enum(QUALIFICATION_GROUP_STATES),
      fixed: z.boolean(),
      racers: z.array(
        z.object({
          /** Null for a racer not checked in once check-in started. */
          startingNumber: z.number().nullable(),
          registrationId: z.number(),
          racerNumber: z.number(),
          fullName: z.string(),
          birthYear: z.number().nullable(),
          country: z.string().nullable(),
          club: z.string().nullable(),
          ageCategory: z.object({ id: z.number(), name: z.string() }).nullable().default(null),
          present: z.boolean().default(false),
        }),
      ),
    }),
  ),
});
export type StartingList = z.infer<typeof startingListSchema>;

/** The stages after the qualification: their starting order comes from the rounds (the previous ranking reversed). */
export type LaterStage = 'SEMIFINAL' | 'FINAL';

const stageStartingListSchema = z.object({
  raceId: z.number(),
  stage: z.enum(['SEMIFINAL', 'FINAL']),
  leadStyle: z.enum(LEAD_STYLES).nullable().default(null),
  /** Per ranking: F and M when a MIXED race ranks them apart, else one with `sex` null; none before the stage starts. */
  rankings: z.array(z.object({ sex: z.enum(['M', 'F']).nullable(), racers: startingListSchema.shape.groups.element.shape.racers })),
});
export type StageStartingList = z.infer<typeof stageStartingListSchema>;

/** The starting list, or only the racers of one age category (`ageCategoryId`), starting numbers unchanged. */
export const startingListQuery = (raceId: number, ageCategoryId: number | null = null) =>
  queryOptions({
    queryKey: ['races', raceId, 'starting-list', ageCategoryId] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/api/race/${raceId}/starting-list${ageCategoryId === null ? '' : `?ageCategoryId=${ageCategoryId}`}`, { schema: startingListSchema, signal }),
  });

/** The starting order of a semifinal or final (GET /api/race/{id}/stage-starting-list). */
export const stageStartingListQuery = (raceId: number, stage: LaterStage, ageCategoryId: number | null = null) =>
  queryOptions({
    queryKey: ['races', raceId, 'starting-list', stage, ageCategoryId] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/api/race/${raceId}/stage-starting-list?stage=${stage}${ageCategoryId === null ? '' : `&ageCategoryId=${ageCategoryId}`}`, { schema: stageStartingListSchema, signal }),
  });

/** A new random seed (groups in qualification keep theirs), optionally another order. */
export const regenerateStartingList = (raceId: number, startingNumberOrder?: StartingNumberOrder): Promise<StartingList> =>
  apiRequest(`/api/race/${raceId}/starting-list`, { method: 'POST', body: startingNumberOrder ? { startingNumberOrder } : {}, schema: startingListSchema });
