import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VALIDATION_MESSAGE_KEYS } from './validation-messages.ts';
import { decodeValidationMessage, encodeValidationMessage, validationMessageForIssue, type ValidationMessage } from './validation-issue.ts';

type IssueCode = z.core.$ZodIssue['code'];

/** The first issue a schema reports for a value, mapped to our message. */
const messageOf = (schema: z.ZodType, value: unknown): ValidationMessage => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  const [issue] = result.error.issues;
  return validationMessageForIssue(issue as Parameters<typeof validationMessageForIssue>[0]);
};

/**
 * Every kind of zod issue (the record's type forces one entry per code zod knows), each with the
 * cases that carry a limit: the message is one of our keys and names the limit.
 */
const EVERY_KIND: Record<IssueCode, { schema: z.ZodType; value: unknown; expected: ValidationMessage }[]> = {
  too_big: [
    { schema: z.string().max(100), value: 'x'.repeat(101), expected: { key: 'validation.tooLong', params: { count: 100 } } },
    { schema: z.string().length(5), value: 'x'.repeat(6), expected: { key: 'validation.exactLength', params: { count: 5 } } },
    { schema: z.number().max(20), value: 21, expected: { key: 'validation.tooLarge', params: { max: 20 } } },
    { schema: z.number().lt(20), value: 20, expected: { key: 'validation.tooLargeExclusive', params: { max: 20 } } },
    { schema: z.array(z.number()).max(3), value: [1, 2, 3, 4], expected: { key: 'validation.tooManyItems', params: { count: 3 } } },
    { schema: z.set(z.number()).max(1), value: new Set([1, 2]), expected: { key: 'validation.tooManyItems', params: { count: 1 } } },
    { schema: z.date().max(new Date('2030-01-01')), value: new Date('2031-01-01'), expected: { key: 'validation.dateTooLate', params: { date: '2030-01-01' } } },
    { schema: z.bigint().max(5n), value: 6n, expected: { key: 'validation.tooLarge', params: { max: 5 } } },
    { schema: z.string().max(100, 'validation.maxSize'), value: 'x'.repeat(101), expected: { key: 'validation.tooLong', params: { count: 100 } } },
  ],
  too_small: [
    { schema: z.string().min(3), value: 'ab', expected: { key: 'validation.tooShort', params: { count: 3 } } },
    { schema: z.string().min(1), value: '', expected: { key: 'validation.notEmpty' } },
    { schema: z.number().int().min(1), value: 0, expected: { key: 'validation.tooSmall', params: { min: 1 } } },
    { schema: z.number().positive(), value: 0, expected: { key: 'validation.tooSmallExclusive', params: { min: 0 } } },
    { schema: z.array(z.number()).min(1), value: [], expected: { key: 'validation.tooFewItems', params: { count: 1 } } },
    { schema: z.date().min(new Date('2020-01-01')), value: new Date('2019-01-01'), expected: { key: 'validation.dateTooEarly', params: { date: '2020-01-01' } } },
    { schema: z.string().min(8, 'validation.passwordTooShort'), value: 'short', expected: { key: 'validation.passwordTooShort', params: { count: 8 } } },
    { schema: z.number().min(0, 'validation.sizeBetween'), value: -1, expected: { key: 'validation.tooSmall', params: { min: 0 } } },
  ],
  invalid_type: [
    { schema: z.number(), value: 'x', expected: { key: 'validation.expectedNumber' } },
    { schema: z.number().int(), value: 1.5, expected: { key: 'validation.expectedInteger' } },
    { schema: z.string(), value: 1, expected: { key: 'validation.expectedText' } },
    { schema: z.boolean(), value: 'yes', expected: { key: 'validation.expectedBoolean' } },
    { schema: z.array(z.string()), value: 'x', expected: { key: 'validation.expectedList' } },
    { schema: z.object({}), value: 1, expected: { key: 'validation.expectedObject' } },
    { schema: z.date(), value: 'x', expected: { key: 'validation.expectedDate' } },
    { schema: z.symbol(), value: 1, expected: { key: 'validation.invalid' } },
  ],
  invalid_format: [
    { schema: z.email(), value: 'no-at', expected: { key: 'validation.invalidEmail' } },
    { schema: z.url(), value: 'no url', expected: { key: 'validation.invalidUrl' } },
    { schema: z.iso.date(), value: '2024-13-40', expected: { key: 'validation.invalidDate' } },
    { schema: z.string().regex(/^\d+$/), value: 'abc', expected: { key: 'validation.invalidFormat' } },
    { schema: z.uuid(), value: 'x', expected: { key: 'validation.invalidFormat' } },
  ],
  not_multiple_of: [{ schema: z.number().multipleOf(5), value: 7, expected: { key: 'validation.notMultipleOf', params: { divisor: 5 } } }],
  unrecognized_keys: [{ schema: z.strictObject({ a: z.string() }), value: { a: 'x', b: 1 }, expected: { key: 'validation.unknownField', params: { keys: 'b' } } }],
  invalid_union: [{ schema: z.union([z.number(), z.boolean()]), value: 'x', expected: { key: 'validation.invalid' } }],
  invalid_key: [{ schema: z.record(z.string().min(2), z.number()), value: { b: 1 }, expected: { key: 'validation.tooShort', params: { count: 2 } } }],
  invalid_element: [{ schema: z.map(z.object({}), z.number().max(3)), value: new Map([[{}, 4]]), expected: { key: 'validation.tooLarge', params: { max: 3 } } }],
  invalid_value: [
    { schema: z.enum(['BOULDERING', 'LEAD', 'SPEED']), value: 'CHESS', expected: { key: 'validation.invalidDiscipline' } },
    { schema: z.enum(['M', 'F']), value: 'X', expected: { key: 'validation.invalidOption', params: { options: 'M, F' } } },
    { schema: z.literal(3), value: 4, expected: { key: 'validation.invalidOption', params: { options: '3' } } },
  ],
  custom: [
    { schema: z.string().refine(() => false, 'validation.startAfterEnd'), value: 'x', expected: { key: 'validation.startAfterEnd' } },
    { schema: z.string().refine(() => false, { error: 'validation.tooManyItems', params: { count: 4 } }), value: 'x', expected: { key: 'validation.tooManyItems', params: { count: 4 } } },
    { schema: z.string().refine(() => false, 'Some raw English text'), value: 'x', expected: { key: 'validation.invalid' } },
  ],
};

describe('validationMessageForIssue: every zod issue kind', () => {
  for (const [code, cases] of Object.entries(EVERY_KIND)) {
    for (const { schema, value, expected } of cases) {
      it(`${code} -> ${expected.key} ${JSON.stringify(expected.params ?? {})}`, () => {
        const result = schema.safeParse(value);
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.code).toBe(code);
        const message = messageOf(schema, value);
        expect(message.key).toBe(expected.key);
        expect(message.params ?? {}).toEqual(expected.params ?? {});
        expect(VALIDATION_MESSAGE_KEYS).toContain(message.key);
      });
    }
  }

  it('a missing value is "required" whatever the expected type', () => {
    expect(validationMessageForIssue({ code: 'invalid_type', expected: 'number' }, { missing: true })).toEqual({ key: 'validation.required' });
  });

  it('never lets a text that is not a catalogue key through, whatever the issue', () => {
    for (const code of [...Object.keys(EVERY_KIND), 'some_future_kind', undefined]) {
      expect(VALIDATION_MESSAGE_KEYS).toContain(validationMessageForIssue({ code, message: 'Invalid input: expected number' }).key);
    }
  });
});

describe('encoded messages', () => {
  it('round-trip with their limits as numbers', () => {
    const message: ValidationMessage = { key: 'validation.tooLong', params: { count: 100 } };
    expect(encodeValidationMessage(message)).toBe('validation.tooLong?count=100');
    expect(decodeValidationMessage(encodeValidationMessage(message))).toEqual(message);
    expect(decodeValidationMessage(encodeValidationMessage({ key: 'validation.invalidOption', params: { options: 'M, F & X=1' } }))).toEqual({
      key: 'validation.invalidOption',
      params: { options: 'M, F & X=1' },
    });
  });

  it('a text that is not one of our keys decodes to "invalid"', () => {
    expect(decodeValidationMessage('Invalid option: expected one of "BOULDERING"|"LEAD"')).toEqual({ key: 'validation.invalid' });
    expect(decodeValidationMessage('validation.required')).toEqual({ key: 'validation.required' });
  });
});
