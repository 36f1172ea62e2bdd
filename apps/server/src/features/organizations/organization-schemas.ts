import { z } from 'zod';
import { fileIdSchema } from '../files/file-id.ts';
import { CUP_TYPES, DISCIPLINES, RACE_FORMATS, RACE_GENDERS, SCORING_TYPES, SOCIAL_LINK_TYPES, SPEED_TYPES, STARTING_NUMBER_ORDERS, requiredStringSchema, LEAD_STYLES } from '@climbing/domain';
import { addressInput, boundedText, emailInput } from '../users/user-schemas.ts';
import { addressSchema } from '../users/user-presenter.ts';

const optionalText = (max: number) => boundedText(max).nullable().optional();
const count = (max: number) => z.number().int().min(0).max(max);
const webAddress = boundedText(500).refine((value) => value === '' || /^https?:\/\/\S+$/i.test(value), 'validation.invalid');

export const socialLinkInput = z.object({ type: z.enum(SOCIAL_LINK_TYPES), url: webAddress });
export const contactPersonInput = z.object({
  email: emailInput.nullable().optional(),
  name: requiredStringSchema.max(100, 'validation.maxSize'),
  surname: requiredStringSchema.max(100, 'validation.maxSize'),
  phoneNumber: optionalText(50),
});

/** Fields of spec 3 Organization that its admin edits; every one is optional on PUT (absent = unchanged). */
const organizationFields = {
  name: requiredStringSchema.max(200, 'validation.maxSize'),
  shortcut: optionalText(20),
  description: optionalText(10_000),
  shortDescription: optionalText(500),
  address: addressInput.nullable().optional(),
  contactPerson: contactPersonInput.nullable().optional(),
  webPage: webAddress.nullable().optional(),
  socialLinks: z.array(socialLinkInput).max(20).optional(),
  clubsEnabled: z.boolean().optional(),
  seasonStartMonth: z.number().int().min(1).max(12).nullable().optional(),
};

/** `{ "name": "Boulder Club Bratislava", "shortcut": "BCB" }` is a complete body. */
export const createOrganizationBody = z.object(organizationFields);
export type CreateOrganizationInput = z.infer<typeof createOrganizationBody>;
export const updateOrganizationBody = z.object({ ...organizationFields, name: organizationFields.name.optional() });
export type UpdateOrganizationInput = z.infer<typeof updateOrganizationBody>;

export const ageCategoryBody = z
  .object({ name: requiredStringSchema.max(100, 'validation.maxSize'), fromAge: count(150), toAge: count(150).nullable().optional() })
  .refine((value) => value.toAge === null || value.toAge === undefined || value.toAge >= value.fromAge, { error: 'validation.toAgeBeforeFromAge', path: ['toAge'] });
export type AgeCategoryInput = z.infer<typeof ageCategoryBody>;

export const cupRankCategoryBody = z
  .object({
    name: requiredStringSchema.max(100, 'validation.maxSize'),
    numberOfRanks: count(1000),
    level: count(1000).optional(),
    /** Points for 1st, 2nd, ... place; omitted means the IFSC table of the domain. */
    rankPoints: z.array(z.number().min(0).max(1_000_000)).max(1000).optional(),
    pointsDecimals: count(4).optional(),
  })
  .superRefine((value, context) => {
    if (value.rankPoints && value.rankPoints.length > value.numberOfRanks) {
      context.addIssue({ code: 'custom', message: 'validation.tooManyItems', params: { count: value.numberOfRanks }, path: ['rankPoints'] });
    }
  });
export type CupRankCategoryInput = z.infer<typeof cupRankCategoryBody>;

const advancing = {
  numberOfSemifinalRacers: count(1000),
  numberOfFinalRacers: count(1000),
  minAdvancingMembersFinals: count(1000),
  minAdvancingOrgCountryFinals: count(1000),
  minAdvancingMembersSemifinals: count(1000),
  minAdvancingOrgCountrySemifinals: count(1000),
};

/** An organization's global race settings (defaults for its new races); every field optional. */
export const raceSettingsSchema = z.object({
  raceGender: z.enum(RACE_GENDERS).optional(),
  raceFormat: z.enum(RACE_FORMATS).optional(),
  maxRacersCount: count(100_000).optional(),
  startingNumberOrder: z.enum(STARTING_NUMBER_ORDERS).optional(),
  bouldering: z
    .object({ ...advancing, numberOfQualificationBoulders: count(100), numberOfSemifinalBoulders: count(100), numberOfFinalBoulders: count(100), raceFormat: z.enum(RACE_FORMATS), scoringType: z.enum(SCORING_TYPES) })
    .partial()
    .optional(),
  lead: z
    .object({
      ...advancing,
      numberOfQualificationRoutes: count(100),
      raceFormat: z.enum(RACE_FORMATS),
      qualificationStyle: z.enum(LEAD_STYLES),
      semifinalStyle: z.enum(LEAD_STYLES),
      finalStyle: z.enum(LEAD_STYLES),
    })
    .partial()
    .optional(),
  speed: z.object({ type: z.enum(SPEED_TYPES), numberOfRoutes: count(100), numberOfAttempts: count(100), numberOfFinalRacers: count(1000), raceFormat: z.enum(RACE_FORMATS) }).partial().optional(),
});

/** An organization's global cup settings (defaults for its new cups). */
export const cupSettingsSchema = z.object({
  type: z.enum(CUP_TYPES).optional(),
  disciplines: z.array(z.enum(DISCIPLINES)).max(3).optional(),
  openCup: z.boolean().optional(),
  isPublic: z.boolean().optional(),
  maxCountedResults: z.number().int().min(1).max(1000).nullable().optional(),
  oneResultFromAllDisciplines: z.boolean().optional(),
  raceLevelTieBreak: z.boolean().optional(),
});

export const ageCategorySchema = z.object({ id: z.number().int(), name: z.string(), fromAge: z.number().int(), toAge: z.number().int().nullable(), organization: z.number().int() });
export const cupRankCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  numberOfRanks: z.number().int(),
  level: z.number().int(),
  rankPoints: z.array(z.number()),
  pointsDecimals: z.number().int(),
  organization: z.number().int(),
});

export const organizationSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shortcut: z.string().nullable(),
  shortDescription: z.string().nullable(),
  logo: fileIdSchema.nullable(),
  webPage: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  active: z.boolean(),
  clubsEnabled: z.boolean(),
});

/** Spec 3 Organization; logos are file ids for GET /api/file/image/{id}. */
export const organizationSchema = organizationSummarySchema.omit({ city: true, country: true }).extend({
  description: z.string().nullable(),
  address: addressSchema.nullable(),
  primaryLogo: fileIdSchema.nullable(),
  secondaryLogo: fileIdSchema.nullable(),
  socialLinks: z.array(z.object({ id: z.number().int(), type: z.enum(SOCIAL_LINK_TYPES), url: z.string() })),
  ageCategories: z.array(ageCategorySchema),
  cupCategories: z.array(cupRankCategorySchema),
  contactPerson: z
    .object({ id: z.number().int(), email: z.string().nullable(), name: z.string(), surname: z.string(), phoneNumber: z.string().nullable() })
    .nullable(),
  seasonStartMonth: z.number().int().nullable(),
});
export type OrganizationView = z.infer<typeof organizationSchema>;
