import { z } from 'zod';
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
  SELF_CHECK_IN_DAYS_MAX,
  SPEED_TYPES,
  STARTING_NUMBER_ORDERS,
  isoDateSchema,
  requiredStringSchema,
} from '@climbing/domain';
import { boundedText, idInput } from '../users/user-schemas.ts';

const optionalText = (max: number) => boundedText(max).nullable().optional();
const count = (max: number) => z.number().int().min(0).max(max);
const optionalDate = isoDateSchema.nullable().optional();

const advancingFields = {
  numberOfSemifinalRacers: count(1000),
  numberOfFinalRacers: count(1000),
  minAdvancingMembersFinals: count(1000),
  minAdvancingOrgCountryFinals: count(1000),
  minAdvancingMembersSemifinals: count(1000),
  minAdvancingOrgCountrySemifinals: count(1000),
};
const boulderingFields = {
  ...advancingFields,
  numberOfQualificationBoulders: count(100),
  numberOfSemifinalBoulders: count(100),
  numberOfFinalBoulders: count(100),
  raceFormat: z.enum(RACE_FORMATS),
  scoringType: z.enum(SCORING_TYPES),
};
const leadStyleFields = { qualificationStyle: z.enum(LEAD_STYLES), semifinalStyle: z.enum(LEAD_STYLES), finalStyle: z.enum(LEAD_STYLES) };
const leadFields = { ...advancingFields, numberOfQualificationRoutes: count(100), raceFormat: z.enum(RACE_FORMATS), ...leadStyleFields };
const speedFields = { type: z.enum(SPEED_TYPES), numberOfRoutes: count(100), numberOfAttempts: count(100), numberOfFinalRacers: count(1000), raceFormat: z.enum(RACE_FORMATS) };

/** Discipline settings in a body: any subset; the rest comes from the race, the organization's global settings and the spec defaults. */
export const boulderingInput = z.object(boulderingFields).partial();
export const leadInput = z.object(leadFields).partial();
export const speedInput = z.object(speedFields).partial();

/** A group of the race body. Groups are lettered A, B, ... by their position; a sent name is ignored. Id 0 or none = a new group. */
export const groupInput = z.object({
  id: z.number().int().min(0).max(2_147_483_647).optional(),
  name: boundedText(10).optional(),
  gender: z.enum(RACE_GENDERS).optional(),
  internal: z.boolean().optional(),
});
export type GroupInput = z.infer<typeof groupInput>;

/** Age categories as ids of the organization's categories, or as `{ id }` objects (the race as GET returns it). */
export const ageCategoriesInput = z.array(z.union([idInput, z.object({ id: idInput })])).max(100);

export const raceFields = {
  name: requiredStringSchema.max(200, 'validation.maxSize'),
  description: optionalText(20_000),
  raceGender: z.enum(RACE_GENDERS).optional(),
  /** MIXED races: SEPARATE (default) ranks women and men apart, TOGETHER in one list. */
  mixedRanking: z.enum(MIXED_RANKINGS).optional(),
  discipline: z.enum(DISCIPLINES).optional(),
  raceFormat: z.enum(RACE_FORMATS).optional(),
  bouldering: boulderingInput.nullable().optional(),
  lead: leadInput.nullable().optional(),
  speed: speedInput.nullable().optional(),
  openingRegistrationDate: optionalDate,
  closingRegistrationDate: optionalDate,
  startingDate: isoDateSchema,
  endDate: isoDateSchema,
  maxRacersCount: count(100_000).optional(),
  location: optionalText(500),
  seasonYear: z.number().int().min(1890).max(2200).optional(),
  startingNumberOrder: z.enum(STARTING_NUMBER_ORDERS).optional(),
  selfCheckInDays: z
    .number()
    .int()
    .min(0, 'validation.sizeBetween')
    .max(SELF_CHECK_IN_DAYS_MAX, 'validation.sizeBetween')
    .nullable()
    .optional()
    .describe('Racers confirm their own presence from this many days before the start (0 = the race day only; null = only at the check-in desk)'),
  qualificationGroups: z.array(groupInput).max(100).optional(),
  ageCategories: ageCategoriesInput.optional(),
};

/** A race inside POST /api/event (no eventId). */
export const raceInput = z.object(raceFields);
export type RaceInput = z.infer<typeof raceInput>;

export const RACE_EXAMPLE = {
  name: 'Men open',
  discipline: 'BOULDERING',
  raceGender: 'MEN',
  raceFormat: 'QUALIFICATION_FINAL',
  startingDate: '2026-12-05',
  endDate: '2026-12-05',
  openingRegistrationDate: '2026-11-01',
  closingRegistrationDate: '2026-12-04',
  bouldering: { numberOfQualificationBoulders: 4, numberOfFinalBoulders: 4, numberOfFinalRacers: 8, scoringType: 'IFSC_POINTS' },
  qualificationGroups: [{ name: 'A' }],
};

export const createRaceBody = z.object({ eventId: idInput, ...raceFields }).meta({ example: { eventId: 1, ...RACE_EXAMPLE } });
export type CreateRaceInput = z.infer<typeof createRaceBody>;

/** PUT /api/race/{id}: every field optional (absent = unchanged). The state changes through PUT /api/race/{id}/state only. */
export const updateRaceBody = z.object({ ...raceFields, name: raceFields.name.optional(), startingDate: isoDateSchema.optional(), endDate: isoDateSchema.optional() });
export type UpdateRaceInput = z.infer<typeof updateRaceBody>;

export const raceStateBody = z.object({ state: z.enum(RACE_STATES) }).meta({ example: { state: 'OPEN_REGISTRATION' } });
export const groupStateBody = z.object({ state: z.enum(QUALIFICATION_GROUP_STATES) }).meta({ example: { state: 'READY_FOR_QUALIFICATION' } });

const advancingOutput = {
  numberOfSemifinalRacers: z.number().int(),
  numberOfFinalRacers: z.number().int(),
  minAdvancingMembersFinals: z.number().int(),
  minAdvancingOrgCountryFinals: z.number().int(),
  minAdvancingMembersSemifinals: z.number().int(),
  minAdvancingOrgCountrySemifinals: z.number().int(),
};
const boulderingSchema = z.object({
  ...advancingOutput,
  numberOfQualificationBoulders: z.number().int(),
  numberOfSemifinalBoulders: z.number().int(),
  numberOfFinalBoulders: z.number().int(),
  raceFormat: z.enum(RACE_FORMATS),
  scoringType: z.enum(SCORING_TYPES),
});
const leadSchema = z.object({
  ...advancingOutput,
  numberOfQualificationRoutes: z.number().int(),
  raceFormat: z.enum(RACE_FORMATS),
  ...leadStyleFields,
});
const speedSchema = z.object({ type: z.enum(SPEED_TYPES), numberOfRoutes: z.number().int(), numberOfAttempts: z.number().int(), numberOfFinalRacers: z.number().int(), raceFormat: z.enum(RACE_FORMATS) });

export const groupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.enum(QUALIFICATION_GROUP_STATES),
  gender: z.enum(RACE_GENDERS),
  internal: z.boolean(),
  position: z.number().int(),
  /** Registrations in the group. */
  racersCount: z.number().int(),
  /**
   * The racers who climb: once the group has its starting order (moved to qualification), those in
   * it; before that, the registrations that would climb if it moved now (`climbsInQualification`:
   * every one not withdrawn until check-in starts, then the present ones).
   */
  climbingCount: z.number().int(),
  allowedStates: z.array(z.enum(QUALIFICATION_GROUP_STATES)),
});

export const raceAgeCategorySchema = z.object({ id: z.number().int(), name: z.string(), fromAge: z.number().int(), toAge: z.number().int().nullable() });

/** Spec 3 Race, as GET /api/race/{id} and the event's `races` show it. */
export const raceSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  raceGender: z.enum(RACE_GENDERS),
  mixedRanking: z.enum(MIXED_RANKINGS),
  discipline: z.enum(DISCIPLINES),
  raceFormat: z.enum(RACE_FORMATS),
  bouldering: boulderingSchema.nullable(),
  lead: leadSchema.nullable(),
  speed: speedSchema.nullable(),
  state: z.enum(RACE_STATES),
  /** The race actions the state machine allows now (the management screen's buttons). */
  allowedActions: z.array(z.enum(RACE_ACTIONS)),
  /** The states PUT /api/race/{id}/state accepts now. */
  allowedStates: z.array(z.enum(RACE_STATES)),
  openingRegistrationDate: z.string().nullable(),
  closingRegistrationDate: z.string().nullable(),
  startingDate: z.string(),
  endDate: z.string(),
  maxRacersCount: z.number().int(),
  racersCount: z.number().int(),
  location: z.string().nullable(),
  racerNumberSequence: z.number().int(),
  seasonYear: z.number().int(),
  startingNumberOrder: z.enum(STARTING_NUMBER_ORDERS),
  selfCheckInDays: z.number().int().nullable(),
  qualificationGroups: z.array(groupSchema),
  ageCategories: z.array(raceAgeCategorySchema),
});
export type RaceView = z.infer<typeof raceSchema>;
