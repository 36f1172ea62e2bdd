import { queryOptions } from '@tanstack/react-query';
import {
  DISCIPLINES,
  LEAD_STYLES,
  MIXED_RANKINGS,
  QUALIFICATION_GROUP_STATES,
  RACE_ACTIONS,
  RACE_FORMATS,
  RACE_GENDERS,
  RACE_STATES,
  SCORING_TYPES,
  SPEED_TYPES,
  SELF_CHECK_IN_DAYS_DEFAULT,
  STARTING_NUMBER_ORDERS,
  type QualificationGroupState,
  type RaceState,
} from '@climbing/domain';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const advancing = {
  numberOfSemifinalRacers: z.number(),
  numberOfFinalRacers: z.number(),
  minAdvancingMembersFinals: z.number(),
  minAdvancingOrgCountryFinals: z.number(),
  minAdvancingMembersSemifinals: z.number(),
  minAdvancingOrgCountrySemifinals: z.number(),
};

export const groupSchema = z.object({
  id: z.number(),
  name: z.string(),
  state: z.enum(QUALIFICATION_GROUP_STATES),
  gender: z.enum(RACE_GENDERS),
  internal: z.boolean(),
  position: z.number(),
  /** Registrations in the group. */
  racersCount: z.number(),
  /** The racers who climb: the group's starting order once it has one, before it those who would climb now. */
  climbingCount: z.number().optional(),
  allowedStates: z.array(z.enum(QUALIFICATION_GROUP_STATES)),
});
export type QualificationGroup = z.infer<typeof groupSchema>;

/** Spec 3 Race as GET /api/race/{id} and the event's `races` answer it. */
export const raceSchema = z.object({
  id: z.number(),
  eventId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  raceGender: z.enum(RACE_GENDERS),
  mixedRanking: z.enum(MIXED_RANKINGS),
  discipline: z.enum(DISCIPLINES),
  raceFormat: z.enum(RACE_FORMATS),
  bouldering: z
    .object({ ...advancing, numberOfQualificationBoulders: z.number(), numberOfSemifinalBoulders: z.number(), numberOfFinalBoulders: z.number(), raceFormat: z.enum(RACE_FORMATS), scoringType: z.enum(SCORING_TYPES) })
    .nullable(),
  lead: z
    .object({
      ...advancing,
      numberOfQualificationRoutes: z.number(),
      raceFormat: z.enum(RACE_FORMATS),
      qualificationStyle: z.enum(LEAD_STYLES),
      semifinalStyle: z.enum(LEAD_STYLES),
      finalStyle: z.enum(LEAD_STYLES),
    })
    .nullable(),
  speed: z.object({ type: z.enum(SPEED_TYPES), numberOfRoutes: z.number(), numberOfAttempts: z.number(), numberOfFinalRacers: z.number(), raceFormat: z.enum(RACE_FORMATS) }).nullable(),
  state: z.enum(RACE_STATES),
  allowedActions: z.array(z.enum(RACE_ACTIONS)),
  allowedStates: z.array(z.enum(RACE_STATES)),
  openingRegistrationDate: z.string().nullable(),
  closingRegistrationDate: z.string().nullable(),
  startingDate: z.string(),
  endDate: z.string(),
  maxRacersCount: z.number(),
  racersCount: z.number(),
  location: z.string().nullable(),
  seasonYear: z.number(),
  startingNumberOrder: z.enum(STARTING_NUMBER_ORDERS),
  /** Racers confirm their own presence from this many days before the start; null = only at the desk. */
  selfCheckInDays: z.number().nullable().default(SELF_CHECK_IN_DAYS_DEFAULT),
  qualificationGroups: z.array(groupSchema),
  ageCategories: z.array(z.object({ id: z.number(), name: z.string(), fromAge: z.number(), toAge: z.number().nullable() })),
});
export type Race = z.infer<typeof raceSchema>;

/** The race body of POST /api/race, PUT /api/race/{id} and the `races` of POST /api/event. */
export type RaceBody = Omit<Race, 'id' | 'eventId' | 'state' | 'allowedActions' | 'allowedStates' | 'racersCount' | 'qualificationGroups' | 'ageCategories' | 'location' | 'seasonYear'> & {
  qualificationGroups: { id?: number; gender?: Race['raceGender']; internal?: boolean }[];
  ageCategories: number[];
};

export const raceQuery = (raceId: number) =>
  queryOptions({ queryKey: ['races', raceId] as const, queryFn: ({ signal }) => apiRequest(`/api/race/${raceId}`, { schema: raceSchema, signal }) });

export const createRace = (eventId: number, body: RaceBody): Promise<Race> =>
  apiRequest('/api/race', { method: 'POST', body: { eventId, ...body }, schema: raceSchema });

export const updateRace = (raceId: number, body: RaceBody): Promise<Race> =>
  apiRequest(`/api/race/${raceId}`, { method: 'PUT', body, schema: raceSchema });

export const deleteRace = (raceId: number): Promise<void> => apiRequest(`/api/race/${raceId}`, { method: 'DELETE' });

export const duplicateRace = (raceId: number): Promise<Race> => apiRequest(`/api/race/${raceId}/duplicate`, { method: 'POST', schema: raceSchema });

export const changeRaceState = (raceId: number, state: RaceState): Promise<Race> =>
  apiRequest(`/api/race/${raceId}/state`, { method: 'PUT', body: { state }, schema: raceSchema });

/** POST /api/race/{id}/finish-on-qualification: a speed race too small for a final bracket ends on its qualification ranking. */
export const finishOnQualification = (raceId: number): Promise<Race> =>
  apiRequest(`/api/race/${raceId}/finish-on-qualification`, { method: 'POST', schema: raceSchema });

/** PUT /api/qualification-group/{id}/state answers the whole race. */
export const changeGroupState = (groupId: number, state: QualificationGroupState): Promise<Race> =>
  apiRequest(`/api/qualification-group/${groupId}/state`, { method: 'PUT', body: { state }, schema: raceSchema });
