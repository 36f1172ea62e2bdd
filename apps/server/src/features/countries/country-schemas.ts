import { z } from 'zod';
import { normalizeCountryCode } from '@climbing/domain';

/**
 * An ISO 3166-1 country as alpha-2 or alpha-3 code in any case ("sk", "SVK"); stored as the
 * alpha-3 code. An empty string means no country (null).
 */
export const countryInput = z
  .string()
  .trim()
  .max(3, 'validation.maxSize')
  .refine((value) => value === '' || normalizeCountryCode(value) !== null, 'validation.invalid')
  .transform((value) => (value === '' ? null : normalizeCountryCode(value)));

export const countrySchema = z.object({ alpha2: z.string(), alpha3: z.string(), name: z.string(), primary: z.boolean() });
