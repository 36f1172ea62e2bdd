import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ATTACHMENTS_TOTAL_MAX_BYTES, DATE_PICKER_MIN_YEAR, LOGO_MAX_BYTES, NOTIFICATION_DEFAULT_TIMER_MS, PASSWORD_MIN_LENGTH, POSTER_MAX_BYTES, datePickerMaxYear } from './limits.ts';
import { VALIDATION_MESSAGE_KEYS } from './validation-messages.ts';
import {
  attachmentsSizeProblem,
  birthYearSchema,
  dateRangeSchema,
  emailSchema,
  fileSizeProblem,
  isoDateSchema,
  notBeforeTodaySchema,
  passwordConfirmationSchema,
  passwordSchema,
  requiredStringSchema,
  sexSchema,
} from './validation.ts';

const messages = (schema: z.ZodType, value: unknown): string[] => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('password', () => {
  it('needs 8 characters with a letter and a digit, specials optional', () => {
    expect(messages(passwordSchema, 'abcdefg1')).toEqual([]);
    expect(messages(passwordSchema, 'žltýkôň7')).toEqual([]);
    expect(messages(passwordSchema, 'abc!@#12')).toEqual([]);
    expect(messages(passwordSchema, 'abc1')).toContain('validation.passwordTooShort');
    expect(messages(passwordSchema, 'abcdefgh')).toEqual(['validation.passwordWeak']);
    expect(messages(passwordSchema, '12345678')).toEqual(['validation.passwordWeak']);
    expect(messages(passwordSchema, undefined)).toEqual(['validation.required']);
  });

  it('must match its confirmation', () => {
    expect(messages(passwordConfirmationSchema, { password: 'abcdefg1', confirmPassword: 'abcdefg2' })).toEqual(['validation.passwordsMustMatch']);
    expect(messages(passwordConfirmationSchema, { password: 'abcdefg1', confirmPassword: 'abcdefg1' })).toEqual([]);
  });
});

describe('fields', () => {
  it('checks e-mails', () => {
    expect(messages(emailSchema, 'racer@example.sk')).toEqual([]);
    expect(messages(emailSchema, 'racer@')).toEqual(['validation.invalidEmail']);
  });

  it('checks YYYY-MM-DD calendar days', () => {
    expect(messages(isoDateSchema, '2024-02-29')).toEqual([]);
    expect(messages(isoDateSchema, '2023-02-29')).toEqual(['validation.invalidDate']);
    expect(messages(isoDateSchema, '1.5.2024')).toEqual(['validation.invalidDate']);
  });

  it('checks birth years: four digits, not in the future', () => {
    const schema = birthYearSchema(2025);
    expect(messages(schema, 2025)).toEqual([]);
    expect(messages(schema, 2026)).toEqual(['validation.birthYearInFuture']);
    expect(messages(schema, 95)).toEqual(['validation.yearFormat']);
    expect(messages(schema, '1990')).toEqual(['validation.yearFormat']);
  });

  it('refuses a start after the end, but not a one-day event', () => {
    expect(messages(dateRangeSchema, { startDate: '2025-05-10', endDate: '2025-05-10' })).toEqual([]);
    expect(messages(dateRangeSchema, { startDate: '2025-05-11', endDate: '2025-05-10' })).toEqual(['validation.startAfterEnd']);
  });

  it('refuses a date before today where needed', () => {
    expect(messages(notBeforeTodaySchema('2025-05-10'), '2025-05-09')).toEqual(['validation.dateBeforeToday']);
    expect(messages(notBeforeTodaySchema('2025-05-10'), '2025-05-10')).toEqual([]);
  });

  it('checks required text and sex', () => {
    expect(messages(requiredStringSchema, '   ')).toEqual(['validation.notEmpty']);
    expect(messages(requiredStringSchema, undefined)).toEqual(['validation.required']);
    expect(messages(sexSchema, 'X')).toEqual(['validation.invalidSex']);
  });
});

describe('limits', () => {
  it('match spec section 9', () => {
    expect(POSTER_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(LOGO_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(ATTACHMENTS_TOTAL_MAX_BYTES).toBe(20 * 1024 * 1024);
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(NOTIFICATION_DEFAULT_TIMER_MS).toBe(5000);
    expect(DATE_PICKER_MIN_YEAR).toBe(1890);
    expect(datePickerMaxYear(2025)).toBe(2045);
  });

  it('name the problem of an over-sized file', () => {
    expect(fileSizeProblem('POSTER', POSTER_MAX_BYTES)).toBeNull();
    expect(fileSizeProblem('LOGO', LOGO_MAX_BYTES + 1)).toBe('validation.fileTooLarge');
    expect(attachmentsSizeProblem([10 * 1024 * 1024, 10 * 1024 * 1024])).toBeNull();
    expect(attachmentsSizeProblem([10 * 1024 * 1024, 10 * 1024 * 1024, 1])).toBe('validation.attachmentsTooLarge');
  });

  it('export every message key once', () => {
    expect(new Set(VALIDATION_MESSAGE_KEYS).size).toBe(VALIDATION_MESSAGE_KEYS.length);
    expect(VALIDATION_MESSAGE_KEYS.every((key) => key.startsWith('validation.'))).toBe(true);
  });
});
