import { z } from 'zod';
import { fileIdSchema } from '../files/file-id.ts';
import { DISCIPLINES, RACE_GENDERS, RACE_STATES, isIsoMonth, isoDateSchema, requiredStringSchema } from '@climbing/domain';
import { addressSchema } from '../users/user-presenter.ts';
import { addressInput, boundedText, idInput } from '../users/user-schemas.ts';
import { countryInput } from '../countries/country-schemas.ts';
import { RACE_EXAMPLE, raceInput, raceSchema } from '../races/race-schemas.ts';

const optionalText = (max: number) => boundedText(max).nullable().optional();

const eventFields = {
  name: requiredStringSchema.max(200, 'validation.maxSize'),
  displayName: optionalText(200),
  description: optionalText(50_000),
  address: addressInput.nullable().optional(),
  startingDate: isoDateSchema,
  closingDate: isoDateSchema,
  isPublic: z.boolean().optional(),
  isHidden: z.boolean().optional(),
  onlineRegistration: z.boolean().optional(),
  allowedUnregisteredUsers: z.boolean().optional(),
  sendUpdateInfo: z.boolean().optional(),
};

/** The documented example of the issue: it must be accepted exactly as it is. */
export const EVENT_EXAMPLE = {
  organizationId: 1,
  name: 'Winter Boulder Cup',
  startingDate: '2026-12-05',
  closingDate: '2026-12-05',
  isPublic: true,
  onlineRegistration: true,
  allowedUnregisteredUsers: true,
  races: [RACE_EXAMPLE],
};

/** POST /api/event: the event with its races (at least one: EVENT_NEEDS_RACE). */
export const createEventBody = z.object({ organizationId: idInput, ...eventFields, races: z.array(raceInput).max(50) }).meta({ example: EVENT_EXAMPLE });
export type CreateEventInput = z.infer<typeof createEventBody>;

/** PUT /api/event/{id}: absent fields unchanged; races are edited through /api/race. */
export const updateEventBody = z
  .object({ ...eventFields, name: eventFields.name.optional(), startingDate: isoDateSchema.optional(), closingDate: isoDateSchema.optional() })
  .meta({ example: { name: 'Winter Boulder Cup 2026', isHidden: false } });
export type UpdateEventInput = z.infer<typeof updateEventBody>;

export const EVENT_PERIODS = ['actual', 'history', 'planned', 'open-registration'] as const;
export type EventPeriod = (typeof EVENT_PERIODS)[number];

export const eventListQuery = z.object({
  period: z.enum(EVENT_PERIODS).optional(),
  q: boundedText(200).optional(),
  organizationId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  country: countryInput.optional(),
  mine: z.enum(['true', 'false']).optional(),
  /** YYYY-MM: events that take place (at least one day) in that month. */
  month: z.string().refine(isIsoMonth, 'validation.invalidFormat').optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type EventListQuery = z.infer<typeof eventListQuery>;

export const fileReferenceSchema = z.object({ id: fileIdSchema, name: z.string(), type: z.string(), size: z.number().int() });

export const raceSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  discipline: z.enum(DISCIPLINES),
  raceGender: z.enum(RACE_GENDERS),
  state: z.enum(RACE_STATES),
  startingDate: z.string(),
  endDate: z.string(),
  openingRegistrationDate: z.string().nullable(),
  closingRegistrationDate: z.string().nullable(),
  racersCount: z.number().int(),
  maxRacersCount: z.number().int(),
});

/** Spec 3 "Public event summary", plus the organization id and the visibility flags. */
export const eventSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  clubsEnabled: z.boolean(),
  startingDate: z.string(),
  closingDate: z.string(),
  description: z.string().nullable(),
  poster: fileIdSchema.nullable(),
  attachments: z.array(fileReferenceSchema),
  allowedUnregisteredUsers: z.boolean(),
  onlineRegistration: z.boolean(),
  isPublic: z.boolean(),
  isHidden: z.boolean(),
  races: z.array(raceSummarySchema),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

/** Spec 3 Event with its full races (hidden races only for its admins). */
export const eventSchema = eventSummarySchema.omit({ races: true }).extend({
  address: addressSchema.nullable(),
  sendUpdateInfo: z.boolean(),
  organization: z.object({ id: z.number().int(), name: z.string(), shortcut: z.string().nullable(), logo: fileIdSchema.nullable(), secondaryLogo: fileIdSchema.nullable(), clubsEnabled: z.boolean(), seasonStartMonth: z.number().int().nullable() }),
  /** Whether the caller manages this event (the management screens). */
  canManage: z.boolean(),
  /** Whether the caller may enter scores in its races (a judge or admin of the organisation): the race cards link the scorecard. */
  canScore: z.boolean(),
  races: z.array(raceSchema),
});
export type EventView = z.infer<typeof eventSchema>;

export const judgeAccountSchema = z.object({ id: z.number().int(), eventId: z.number().int(), login: z.string(), createdAt: z.string(), revoked: z.boolean() });
export const createdJudgeAccountSchema = z.object({ id: z.number().int(), eventId: z.number().int(), login: z.string(), password: z.string() });
