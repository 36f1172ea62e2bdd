import { z } from 'zod';
import { CUP_TYPES, DISCIPLINES, SEXES, isoDateSchema, requiredStringSchema } from '@climbing/domain';
import { boundedText, idInput, idParam } from '../users/user-schemas.ts';

const optionalText = (max: number) => boundedText(max).nullable().optional();

const categoryInput = z.object({
  /** Present: keep (and rename) that category; absent: a new one. Categories left out of a PUT are deleted. */
  id: idInput.optional(),
  name: requiredStringSchema.max(100, 'validation.maxSize'),
  /** Only racers of this sex are ranked in the category; null or absent: both, each in its own ranking. */
  sex: z.enum(SEXES).nullable().optional(),
  ageCategoryIds: z.array(idInput).max(50).default([]),
});

const cupFields = {
  name: requiredStringSchema.max(200, 'validation.maxSize'),
  displayName: optionalText(200),
  description: optionalText(50_000),
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  type: z.enum(CUP_TYPES).optional(),
  openCup: z.boolean().optional(),
  /** Best N results count; null: every result. */
  maxCountedResults: z.number().int().min(1).max(1000).nullable().optional(),
  oneResultFromAllDisciplines: z.boolean().optional(),
  raceLevelTieBreak: z.boolean().optional(),
  disciplines: z.array(z.enum(DISCIPLINES)).min(1, 'validation.notEmpty').max(3).optional(),
  isPublic: z.boolean().optional(),
  categories: z.array(categoryInput).max(50).optional(),
};

export const CUP_EXAMPLE = {
  organizationId: 1,
  name: 'Slovak Boulder Cup 2026',
  displayName: 'SBC 2026',
  startDate: '2026-03-01',
  endDate: '2026-10-31',
  maxCountedResults: 3,
  disciplines: ['BOULDERING'],
  categories: [
    { name: 'Men', sex: 'M', ageCategoryIds: [] },
    { name: 'Women', sex: 'F', ageCategoryIds: [] },
  ],
};

/** POST /api/cup: what is left out takes the organization's global cup settings, then spec 9 defaults (endDate: the day after startDate). */
export const createCupBody = z.object({ organizationId: idInput, ...cupFields, endDate: isoDateSchema.optional() }).meta({ example: CUP_EXAMPLE });
export type CreateCupInput = z.infer<typeof createCupBody>;

/** PUT /api/cup/{id}: absent fields unchanged; `categories`, when sent, is the whole new list. */
export const updateCupBody = z
  .object({ ...cupFields, name: cupFields.name.optional(), startDate: isoDateSchema.optional(), endDate: isoDateSchema.optional() })
  .meta({ example: { maxCountedResults: 4, raceLevelTieBreak: true } });
export type UpdateCupInput = z.infer<typeof updateCupBody>;

export const CUP_PERIODS = ['actual', 'history'] as const;
export type CupPeriod = (typeof CUP_PERIODS)[number];

export const cupListQuery = z.object({
  period: z.enum(CUP_PERIODS).optional(),
  organizationId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type CupListQuery = z.infer<typeof cupListQuery>;

export const cupRaceBody = z.object({ raceId: idInput, cupRankCategoryId: idInput }).meta({ example: { raceId: 1, cupRankCategoryId: 1 } });
export type CupRaceInput = z.infer<typeof cupRaceBody>;

export const cupParams = z.object({ id: idParam });
export const cupCategoryParams = z.object({ id: idParam, categoryId: idParam });
export const cupCategoryRaceParams = z.object({ id: idParam, categoryId: idParam, cupCategoryRaceId: idParam });
export const rankingQuery = z.object({ category: idParam });

export const CUP_STATES = ['INACTIVE', 'ACTIVE', 'FINISHED'] as const;

/** Spec 3 "Cup" as listed: the public summary. */
export const cupSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string().nullable(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  isPublic: z.boolean(),
  /** Spec 4: computed from the dates and today. */
  state: z.enum(CUP_STATES),
});
export type CupSummary = z.infer<typeof cupSummarySchema>;

/** Spec 3 Cup category race. */
export const cupCategoryRaceSchema = z.object({
  id: z.number().int(),
  raceId: z.number().int(),
  raceName: z.string(),
  eventId: z.number().int(),
  eventName: z.string(),
  /** The event's short name (spec 3 Event displayName), where the organiser gave one. */
  eventDisplayName: z.string().nullable(),
  discipline: z.enum(DISCIPLINES),
  startingDate: z.string(),
  cupRankCategoryId: z.number().int(),
  cupRankCategoryName: z.string(),
  cupId: z.number().int(),
  cupName: z.string(),
  cupCategoryId: z.number().int(),
  cupCategoryName: z.string(),
  /** Whether everybody may see the race; a race the viewer may not see is not listed at all (its managers see it, marked). */
  isPublic: z.boolean(),
});

export const cupCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sex: z.enum(SEXES).nullable(),
  ageCategories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  races: z.array(cupCategoryRaceSchema),
});

/** Spec 3 Cup with its categories and their races. */
export const cupSchema = cupSummarySchema.extend({
  description: z.string().nullable(),
  type: z.enum(CUP_TYPES),
  openCup: z.boolean(),
  maxCountedResults: z.number().int().nullable(),
  oneResultFromAllDisciplines: z.boolean(),
  raceLevelTieBreak: z.boolean(),
  disciplines: z.array(z.enum(DISCIPLINES)),
  categories: z.array(cupCategorySchema),
  /** Whether the caller manages this cup (the settings screens). */
  canManage: z.boolean(),
});
export type CupView = z.infer<typeof cupSchema>;

/** Spec 3 Cup ranking: one row per racer, best first. */
export const cupRankingRowSchema = z.object({
  /** Stable within one answer: `user:{id}` for account holders, else `name:{normalised name}:{birth year}`. */
  racerKey: z.string(),
  racerName: z.string(),
  sex: z.enum(SEXES),
  birthYear: z.number().int().nullable(),
  club: z.string().nullable(),
  points: z.number(),
  rank: z.number().int(),
  /** Some of the racer's results come from races that are not finished: the points may still change. */
  provisional: z.boolean(),
  raceResults: z.array(
    z.object({
      /** The cup rank category (points table) the race was counted with. */
      cupCategory: z.object({ id: z.number().int(), name: z.string() }),
      race: z.object({ id: z.number().int(), name: z.string(), startingDate: z.string(), discipline: z.enum(DISCIPLINES) }),
      rank: z.number().int(),
      points: z.number(),
      categoryLevel: z.number().int(),
      /** Whether these points are in the total (best N, one result from all disciplines). */
      counted: z.boolean(),
      /** The race is not FINISHED yet: rank and points are provisional. */
      provisional: z.boolean(),
      /** The race is not public (internal or hidden); only viewers who may see it get these points. */
      racePublic: z.boolean(),
    }),
  ),
});
export type CupRankingRowView = z.infer<typeof cupRankingRowSchema>;
