import { QUALIFICATION_GROUP_STATES, RACE_GENDERS, RACE_STATES, SEXES, STAGES, type QualificationGroupState, type RaceState } from '@climbing/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const racer = z.object({
  racerId: z.number(),
  racerNumber: z.number(),
  fullName: z.string(),
  club: z.string().nullable(),
  country: z.string().nullable(),
  group: z.string().nullable(),
  rank: z.number(),
});

const device = z.object({
  deviceId: z.string(),
  userName: z.string().nullable(),
  judgeLogin: z.string().nullable(),
  pending: z.number(),
  oldestPendingAt: z.string().nullable(),
  lastSeenAt: z.string(),
});

/** The stage a step closes and how much of it is unfinished (also a group's closing). */
export const stepClosingSchema = z.object({
  stage: z.enum(STAGES),
  unit: z.enum(['ROUNDS', 'MATCHES']),
  total: z.number(),
  notFinished: z.number(),
  notStarted: z.number(),
  groups: z.array(z.object({ group: z.string().nullable(), notFinished: z.number(), notStarted: z.number() })),
  /** The racers not finished (at most 30), by group and number: whom to ask the judges about. */
  unfinishedRacers: z.array(z.object({ racerNumber: z.number(), fullName: z.string(), group: z.string().nullable(), nothingEntered: z.boolean() })).default([]),
});

/** Who climbs in the qualification and the registered racers who do not (a race's start or a group's step). */
export const stepCheckInSchema = z.object({
  checkInStarted: z.boolean(),
  registered: z.number(),
  climbing: z.number(),
  notCheckedIn: z.array(z.object({ registrationId: z.number(), racerNumber: z.number(), fullName: z.string(), group: z.string().nullable() })),
  withdrawn: z.number(),
});

/** GET /api/race/{id}/state-preview: what a race step would do now (docs/judging-and-live.md, "Before a race step"). */
export const raceStepPreviewSchema = z.object({
  raceId: z.number(),
  from: z.enum(RACE_STATES),
  to: z.enum(RACE_STATES),
  closing: stepClosingSchema.nullable(),
  devices: z.array(device),
  /** Devices whose last report had nothing unsent but that have not reported since (offline, or the scorecard closed). */
  silentDevices: z.array(device).default([]),
  advancing: z
    .object({
      stage: z.enum(STAGES),
      fromStage: z.enum(STAGES),
      quota: z.number(),
      rankings: z.array(
        z.object({
          sex: z.enum(SEXES).nullable(),
          ranked: z.number(),
          unranked: z.number(),
          racers: z.array(racer.extend({ reason: z.enum(['QUOTA', 'MIN_MEMBERS', 'MIN_ORG_COUNTRY']) })),
          tie: z.object({ rank: z.number(), places: z.number(), racerIds: z.array(z.number()) }).nullable(),
        }),
      ),
    })
    .nullable(),
  speedBrackets: z
    .array(z.object({ gender: z.enum(RACE_GENDERS), size: z.number(), racersWithTime: z.number(), racers: z.array(racer.extend({ seed: z.number(), time: z.number().nullable() })) }))
    .nullable(),
  checkIn: stepCheckInSchema.nullable(),
});

export type RaceStepPreview = z.infer<typeof raceStepPreviewSchema>;

/**
 * The preview while its confirmation is open: read again every 5 s, so a judge's device that
 * sends its entries meanwhile drops off the list before the organiser presses.
 */
export const raceStepPreviewQuery = (raceId: number, target: RaceState) =>
  queryOptions({
    queryKey: ['race-step-preview', raceId, target] as const,
    queryFn: ({ signal }) => apiRequest(`/api/race/${raceId}/state-preview?state=${target}`, { schema: raceStepPreviewSchema, signal }),
    refetchInterval: 5_000,
    staleTime: 0,
    gcTime: 10_000,
  });

/**
 * GET /api/qualification-group/{id}/state-preview: what a group's own step would do now. Moving the
 * group to the qualification or starting it: its registered racers left out of its starting order;
 * closing it: its unfinished rounds.
 */
export const groupStepPreviewSchema = z.object({
  groupId: z.number(),
  group: z.string(),
  from: z.enum(QUALIFICATION_GROUP_STATES),
  to: z.enum(QUALIFICATION_GROUP_STATES),
  checkIn: stepCheckInSchema.nullable(),
  closing: stepClosingSchema.nullable(),
});

export type GroupStepPreview = z.infer<typeof groupStepPreviewSchema>;

export const fetchGroupStepPreview = (groupId: number, state: QualificationGroupState): Promise<GroupStepPreview> =>
  apiRequest(`/api/qualification-group/${groupId}/state-preview?state=${state}`, { schema: groupStepPreviewSchema });
