import { z } from 'zod';
import { SEXES } from '../model/enums.ts';
import { compareDates, isIsoDate } from './iso-date.ts';
import { ATTACHMENTS_TOTAL_MAX_BYTES, LOGO_MAX_BYTES, PASSWORD_MIN_LENGTH, POSTER_MAX_BYTES } from './limits.ts';
import type { ValidationMessageKey } from './validation-messages.ts';

// Typing every message through this keeps the schemas and VALIDATION_MESSAGE_KEYS from drifting.
const key = (messageKey: ValidationMessageKey): ValidationMessageKey => messageKey;

export const requiredStringSchema = z.string({ error: key('validation.required') }).trim().min(1, key('validation.notEmpty'));

/** At least 8 characters with a letter and a digit; any other character is allowed but not needed. */
export const passwordSchema = z
  .string({ error: key('validation.required') })
  .min(PASSWORD_MIN_LENGTH, key('validation.passwordTooShort'))
  .regex(/\p{L}/u, key('validation.passwordWeak'))
  .regex(/\d/, key('validation.passwordWeak'));

export const passwordConfirmationSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string({ error: key('validation.required') }) })
  .refine((value) => value.password === value.confirmPassword, { error: key('validation.passwordsMustMatch'), path: ['confirmPassword'] });

export const emailSchema = z.email({ error: key('validation.invalidEmail') });

/** A real calendar day written YYYY-MM-DD, the only date form the API exchanges. */
export const isoDateSchema = z.string({ error: key('validation.required') }).refine(isIsoDate, key('validation.invalidDate'));

export const sexSchema = z.enum(SEXES, { error: key('validation.invalidSex') });

/** The current year is a parameter because the domain reads no clock. */
export const birthYearSchema = (currentYear: number) =>
  z
    .number({ error: key('validation.yearFormat') })
    .int(key('validation.yearFormat'))
    .min(1000, key('validation.yearFormat'))
    .max(9999, key('validation.yearFormat'))
    .refine((year) => year <= currentYear, key('validation.birthYearInFuture'));

/** Open ends (null) always pass; an equal start and end (one-day event) is valid. */
export const isDateRangeValid = (startDate: string | null | undefined, endDate: string | null | undefined): boolean =>
  !startDate || !endDate || !isIsoDate(startDate) || !isIsoDate(endDate) || compareDates(startDate, endDate) <= 0;

export const dateRangeSchema = z
  .object({ startDate: isoDateSchema, endDate: isoDateSchema })
  .refine((value) => isDateRangeValid(value.startDate, value.endDate), { error: key('validation.startAfterEnd'), path: ['endDate'] });

export const notBeforeTodaySchema = (today: string) =>
  isoDateSchema.refine((date) => !isIsoDate(date) || compareDates(date, today) >= 0, key('validation.dateBeforeToday'));

const SINGLE_FILE_LIMITS = { POSTER: POSTER_MAX_BYTES, LOGO: LOGO_MAX_BYTES } as const;

/** The message key for an over-sized poster or logo, or null. */
export const fileSizeProblem = (kind: keyof typeof SINGLE_FILE_LIMITS, bytes: number): ValidationMessageKey | null =>
  bytes > SINGLE_FILE_LIMITS[kind] ? 'validation.fileTooLarge' : null;

/** The limit is for all of an event's attachments together, kept and new ones alike. */
export const attachmentsSizeProblem = (sizes: readonly number[]): ValidationMessageKey | null =>
  sizes.reduce((total, size) => total + size, 0) > ATTACHMENTS_TOTAL_MAX_BYTES ? 'validation.attachmentsTooLarge' : null;
