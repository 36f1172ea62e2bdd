import { CUP_TYPES, DISCIPLINES, RACE_GENDERS, SEXES } from '@climbing/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

// docs/cups.md: GET /api/cup/{id}, GET /api/cup/{id}/ranking?category=, and the admin writes.

const cupCategoryRaceSchema = z.object({
  id: z.number(),
  raceId: z.number(),
  raceName: z.string(),
  eventId: z.number(),
  eventName: z.string(),
  /** The event's short name, where the organiser gave one: what the cup page shows. */
  eventDisplayName: z.string().nullable().default(null),
  discipline: z.enum(DISCIPLINES),
  startingDate: z.string(),
  cupRankCategoryId: z.number(),
  cupRankCategoryName: z.string(),
  /** Not public (internal or hidden): shown only to those who may see it, marked. */
  isPublic: z.boolean().default(true),
});

export const cupSchema = z.object({
  id: z.number(),
  name: z.string(),
  displayName: z.string().nullable(),
  description: z.string().nullable(),
  organizationId: z.number(),
  organizationName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  state: z.enum(['INACTIVE', 'ACTIVE', 'FINISHED']),
  type: z.enum(CUP_TYPES),
  openCup: z.boolean(),
  isPublic: z.boolean(),
  maxCountedResults: z.number().nullable(),
  oneResultFromAllDisciplines: z.boolean(),
  raceLevelTieBreak: z.boolean(),
  disciplines: z.array(z.enum(DISCIPLINES)),
  canManage: z.boolean(),
  categories: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      /** Only racers of this sex are ranked; null: both, each sex of a mixed race in its own ranking. */
      sex: z.enum(SEXES).nullable().default(null),
      ageCategories: z.array(z.object({ id: z.number(), name: z.string() })),
      races: z.array(cupCategoryRaceSchema),
    }),
  ),
});
export type Cup = z.infer<typeof cupSchema>;

export const cupRankingRowSchema = z.object({
  racerKey: z.string(),
  racerName: z.string(),
  sex: z.enum(SEXES),
  birthYear: z.number().nullable(),
  club: z.string().nullable(),
  points: z.number(),
  rank: z.number(),
  /** Some results come from races that are not finished: the points may still change. */
  provisional: z.boolean().default(false),
  raceResults: z.array(
    z.object({
      cupCategory: z.object({ id: z.number(), name: z.string() }),
      race: z.object({ id: z.number(), name: z.string(), startingDate: z.string(), discipline: z.enum(DISCIPLINES) }),
      rank: z.number(),
      points: z.number(),
      categoryLevel: z.number(),
      counted: z.boolean(),
      provisional: z.boolean().default(false),
      racePublic: z.boolean().default(true),
    }),
  ),
});
export type CupRankingRow = z.infer<typeof cupRankingRowSchema>;

export const cupQuery = (cupId: number) =>
  queryOptions({
    queryKey: ['cup', cupId] as const,
    queryFn: ({ signal }) => apiRequest(`/api/cup/${cupId}`, { schema: cupSchema, signal }),
  });

export const cupRankingQuery = (cupId: number, categoryId: number) =>
  queryOptions({
    queryKey: ['cup', cupId, 'ranking', categoryId] as const,
    queryFn: ({ signal }) => apiRequest(`/api/cup/${cupId}/ranking?category=${categoryId}`, { schema: z.array(cupRankingRowSchema), signal }),
  });

const organizationCupSchema = z.object({ id: z.number(), name: z.string(), displayName: z.string().nullable(), startDate: z.string(), endDate: z.string(), isPublic: z.boolean() });

/** Every cup of the organization the caller may see, any period (the admin's list). */
export const organizationCupsQuery = (organizationId: number) =>
  queryOptions({
    queryKey: ['cups', { period: null, organizationId }] as const,
    queryFn: ({ signal }) => apiRequest(`/api/cup?organizationId=${organizationId}`, { schema: z.array(organizationCupSchema), signal }),
  });

export interface CupBody {
  name: string;
  displayName: string | null;
  description: string | null;
  startDate: string;
  endDate: string;
  type: Cup['type'];
  openCup: boolean;
  isPublic: boolean;
  maxCountedResults: number | null;
  oneResultFromAllDisciplines: boolean;
  raceLevelTieBreak: boolean;
  disciplines: Cup['disciplines'];
  categories: { id?: number; name: string; sex: 'M' | 'F' | null; ageCategoryIds: number[] }[];
}

export const createCup = (organizationId: number, body: CupBody): Promise<Cup> =>
  apiRequest('/api/cup', { method: 'POST', body: { organizationId, ...body }, schema: cupSchema });

export const updateCup = (cupId: number, body: CupBody): Promise<Cup> => apiRequest(`/api/cup/${cupId}`, { method: 'PUT', body, schema: cupSchema });

export const deleteCup = (cupId: number): Promise<void> => apiRequest(`/api/cup/${cupId}`, { method: 'DELETE' });

export const addCupRace = (cupId: number, categoryId: number, body: { raceId: number; cupRankCategoryId: number }): Promise<Cup> =>
  apiRequest(`/api/cup/${cupId}/category/${categoryId}/race`, { method: 'POST', body, schema: cupSchema });

export const removeCupRace = (cupId: number, categoryId: number, cupCategoryRaceId: number): Promise<Cup> =>
  apiRequest(`/api/cup/${cupId}/category/${categoryId}/race/${cupCategoryRaceId}`, { method: 'DELETE', schema: cupSchema });

const raceOptionEventSchema = z.object({
  id: z.number(),
  name: z.string(),
  races: z.array(z.object({ id: z.number(), name: z.string(), discipline: z.enum(DISCIPLINES) })),
});

const raceScopeSchema = z.object({ raceGender: z.enum(RACE_GENDERS), ageCategories: z.array(z.object({ id: z.number(), name: z.string() })) });

/** Whom a race takes (gender and age categories), for the picker's word on who of it a category counts. */
export const cupRaceScopeQuery = (raceId: number) =>
  queryOptions({
    queryKey: ['cups', 'race-scope', raceId] as const,
    queryFn: ({ signal }) => apiRequest(`/api/race/${raceId}`, { schema: raceScopeSchema, signal }),
  });

/** The races an admin may add to a cup: those of the organization's events. */
export const cupRaceOptionsQuery = (organizationId: number) =>
  queryOptions({
    queryKey: ['cups', 'race-options', organizationId] as const,
    queryFn: ({ signal }) => apiRequest(`/api/event?organizationId=${organizationId}&limit=500`, { schema: z.array(raceOptionEventSchema), signal }),
  });
