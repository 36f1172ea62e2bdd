import { CUP_TYPES, DISCIPLINES, RACE_FORMATS, RACE_GENDERS, SCORING_TYPES, SPEED_TYPES, STARTING_NUMBER_ORDERS, LEAD_STYLES } from '@climbing/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const count = z.number().int().min(0);

/** An organization's global race settings (defaults copied into its new races); every field optional. */
export const raceSettingsSchema = z.object({
  raceGender: z.enum(RACE_GENDERS).optional(),
  raceFormat: z.enum(RACE_FORMATS).optional(),
  maxRacersCount: count.optional(),
  startingNumberOrder: z.enum(STARTING_NUMBER_ORDERS).optional(),
  bouldering: z
    .object({
      numberOfQualificationBoulders: count,
      numberOfSemifinalBoulders: count,
      numberOfFinalBoulders: count,
      numberOfSemifinalRacers: count,
      numberOfFinalRacers: count,
      scoringType: z.enum(SCORING_TYPES),
      raceFormat: z.enum(RACE_FORMATS),
    })
    .partial()
    .passthrough()
    .optional(),
  lead: z
    .object({
      numberOfQualificationRoutes: count,
      numberOfSemifinalRacers: count,
      numberOfFinalRacers: count,
      minAdvancingMembersSemifinals: count,
      minAdvancingOrgCountrySemifinals: count,
      minAdvancingMembersFinals: count,
      minAdvancingOrgCountryFinals: count,
      raceFormat: z.enum(RACE_FORMATS),
      qualificationStyle: z.enum(LEAD_STYLES),
      semifinalStyle: z.enum(LEAD_STYLES),
      finalStyle: z.enum(LEAD_STYLES),
    })
    .partial()
    .passthrough()
    .optional(),
  speed: z
    .object({ type: z.enum(SPEED_TYPES), numberOfRoutes: count, numberOfAttempts: count, numberOfFinalRacers: count, raceFormat: z.enum(RACE_FORMATS) })
    .partial()
    .passthrough()
    .optional(),
}).passthrough();
export type RaceSettings = z.infer<typeof raceSettingsSchema>;

/** Global cup settings (defaults of new cups). */
export const cupSettingsSchema = z.object({
  type: z.enum(CUP_TYPES).optional(),
  disciplines: z.array(z.enum(DISCIPLINES)).optional(),
  openCup: z.boolean().optional(),
  isPublic: z.boolean().optional(),
  maxCountedResults: z.number().int().nullable().optional(),
  oneResultFromAllDisciplines: z.boolean().optional(),
  raceLevelTieBreak: z.boolean().optional(),
});
export type CupSettings = z.infer<typeof cupSettingsSchema>;

export const raceSettingsQuery = (organizationId: number) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'race-settings'] as const,
    queryFn: ({ signal }) => apiRequest(`/api/organization/${organizationId}/race-settings`, { schema: raceSettingsSchema, signal }),
  });

export const cupSettingsQuery = (organizationId: number) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'cup-settings'] as const,
    queryFn: ({ signal }) => apiRequest(`/api/organization/${organizationId}/cup-settings`, { schema: cupSettingsSchema, signal }),
  });

export const saveRaceSettings = (organizationId: number, body: RaceSettings): Promise<RaceSettings> =>
  apiRequest(`/api/organization/${organizationId}/race-settings`, { method: 'PUT', body, schema: raceSettingsSchema });

export const saveCupSettings = (organizationId: number, body: CupSettings): Promise<CupSettings> =>
  apiRequest(`/api/organization/${organizationId}/cup-settings`, { method: 'PUT', body, schema: cupSettingsSchema });
