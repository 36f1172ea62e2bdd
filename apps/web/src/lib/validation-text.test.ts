import { ERROR_CATALOGUE, VALIDATION_MESSAGE_KEYS, type ErrorCode, type Language } from '@climbing/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-error';
import { serverFieldErrors } from './form-errors';
import { formResolver } from './form-resolver';
import { createI18n } from '../test/i18n';
import { translateError } from './translate-error';
import { validationText } from './validation-text';

/*
 * Issue 10 item 6: every message a user can see for a refused value is translated in both
 * languages and names the limit it broke; no validator's own text reaches the page.
 */
const LANGUAGES = ['en', 'sk'] as const;
const instances = { en: createI18n('en'), sk: createI18n('sk') };
const text = (message: string, language: Language) => validationText(message, instances[language].t, language);
const INVALID = { en: text('validation.invalid', 'en'), sk: text('validation.invalid', 'sk') };

/** The form error of a schema for a value, at the root or its first field. */
const formError = (schema: z.ZodType, value: unknown): string => {
  const errors = formResolver(schema)(value);
  const [first] = Object.values(errors);
  if (first === undefined) throw new Error('expected an error');
  return first;
};

/** One case per kind of zod issue (the record's type asks for every code), with the words the message must hold in each language. */
const EVERY_KIND: Record<z.core.$ZodIssue['code'], { schema: z.ZodType; value: unknown; en: string; sk: string }[]> = {
  too_big: [
    { schema: z.string().max(100), value: 'x'.repeat(101), en: 'At most 100 characters.', sk: 'Najviac 100 znakov.' },
    { schema: z.string().max(3), value: 'abcd', en: 'At most 3 characters.', sk: 'Najviac 3 znaky.' },
    { schema: z.number().max(20), value: 21, en: 'at most 20', sk: 'najviac 20' },
    { schema: z.number().lt(20), value: 20, en: 'less than 20', sk: 'menšia ako 20' },
    { schema: z.array(z.number()).max(1), value: [1, 2], en: 'At most 1 item.', sk: 'Najviac 1 položka.' },
    { schema: z.string().length(4), value: 'abcde', en: 'Exactly 4 characters.', sk: 'Presne 4 znaky.' },
    { schema: z.date().max(new Date('2030-01-01')), value: new Date('2031-01-01'), en: '2030-01-01', sk: '2030-01-01' },
  ],
  too_small: [
    { schema: z.string().min(3), value: 'ab', en: 'At least 3 characters.', sk: 'Aspoň 3 znaky.' },
    { schema: z.number().int().min(1), value: 0, en: 'at least 1', sk: 'aspoň 1' },
    { schema: z.number().positive(), value: 0, en: 'greater than 0', sk: 'väčšia ako 0' },
    { schema: z.array(z.string()).min(2), value: ['a'], en: 'At least 2 items.', sk: 'Aspoň 2 položky.' },
    { schema: z.string().min(1), value: '', en: 'must not be empty', sk: 'nesmie byť prázdna' },
  ],
  invalid_type: [
    { schema: z.number(), value: 'x', en: 'Enter a number.', sk: 'Zadajte číslo.' },
    { schema: z.number().int(), value: 1.5, en: 'Enter a whole number.', sk: 'Zadajte celé číslo.' },
    { schema: z.boolean(), value: 1, en: 'Choose yes or no.', sk: 'Vyberte áno alebo nie.' },
  ],
  invalid_format: [
    { schema: z.email(), value: 'no-at', en: 'e-mail', sk: 'e-mailu' },
    { schema: z.string().regex(/^\d+$/), value: 'abc', en: 'wrong format', sk: 'nesprávny formát' },
  ],
  not_multiple_of: [{ schema: z.number().multipleOf(5), value: 7, en: 'multiple of 5', sk: 'násobkom 5' }],
  unrecognized_keys: [{ schema: z.strictObject({}), value: { extra: 1 }, en: 'Unknown field: extra.', sk: 'Neznáme pole: extra.' }],
  invalid_union: [{ schema: z.union([z.number(), z.boolean()]), value: 'x', en: INVALID.en, sk: INVALID.sk }],
  invalid_key: [{ schema: z.record(z.string().max(2), z.number()), value: { long: 1 }, en: 'At most 2 characters.', sk: 'Najviac 2 znaky.' }],
  invalid_element: [{ schema: z.map(z.object({}), z.number().max(3)), value: new Map([[{}, 4]]), en: 'at most 3', sk: 'najviac 3' }],
  invalid_value: [
    { schema: z.enum(['BOULDERING', 'LEAD', 'SPEED']), value: 'CHESS', en: 'Invalid discipline', sk: 'Neplatná disciplína' },
    { schema: z.enum(['M', 'F']), value: 'X', en: 'Choose one of: M, F.', sk: 'Vyberte jednu z možností: M, F.' },
  ],
  custom: [
    { schema: z.string().refine(() => false, 'validation.startAfterEnd'), value: 'x', en: 'start date', sk: 'Dátum začiatku' },
    { schema: z.string().refine(() => false, 'Raw English from a validator'), value: 'x', en: INVALID.en, sk: INVALID.sk },
  ],
};

describe('every zod issue kind becomes a translated message with its limit', () => {
  for (const [code, cases] of Object.entries(EVERY_KIND)) {
    for (const { schema, value, en, sk } of cases) {
      it(`${code}: ${en}`, () => {
        expect(schema.safeParse(value).error?.issues[0]?.code).toBe(code);
        const error = formError(schema, value);
        for (const language of LANGUAGES) {
          const shown = text(error, language);
          expect(shown).toContain(language === 'en' ? en : sk);
          expect(shown).not.toMatch(/\{\{|validation\./);
        }
      });
    }
  }
});

describe('the validation catalogue', () => {
  it.each(LANGUAGES)('%s translates every validation key, filling every placeholder', (language) => {
    const params = { count: 7, min: 3, max: 9, date: '2030-01-01', options: 'A, B', divisor: 2, keys: 'x' };
    for (const key of VALIDATION_MESSAGE_KEYS) {
      const shown = validationText(key, instances[language].t, language, params);
      expect(shown, key).not.toBe(key);
      expect(shown, key).not.toMatch(/\{\{/);
      if (key !== 'validation.invalid') expect(shown, key).not.toBe(INVALID[language]);
    }
  });
});

describe('the server error catalogue', () => {
  const codes = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

  it.each(LANGUAGES)('%s: every code is shown by its catalogue text, as a toast and as a field message', (language) => {
    for (const code of codes) {
      const message = ERROR_CATALOGUE[code][language];
      expect(message.trim(), code).not.toBe('');
      expect(translateError(new ApiError(code, ERROR_CATALOGUE[code].status, 'server text'), language, instances[language].t)).toBe(message);
      expect(text(code, language)).toBe(message);
    }
  });

  it("a server field message keeps its limit: `fields` + `fieldParams` read like the form's own", () => {
    const error = new ApiError('VALIDATION_FAILED', 400, 'x', { 'body.name': 'validation.tooLong', 'body.races.0.discipline': 'validation.invalidDiscipline' }, undefined, {
      'body.name': { count: 100 },
    });
    const fields = serverFieldErrors(error);
    expect(Object.keys(fields)).toEqual(['name', 'races.0.discipline']);
    expect(text(fields.name ?? '', 'en')).toBe('At most 100 characters.');
    expect(text(fields.name ?? '', 'sk')).toBe('Najviac 100 znakov.');
    expect(text(fields['races.0.discipline'] ?? '', 'en')).toBe('Invalid discipline: choose bouldering, lead or speed.');
  });

  it("a validator's raw text in a field is never shown", () => {
    const raw = 'Invalid option: expected one of "BOULDERING"|"LEAD"|"SPEED"';
    const fields = serverFieldErrors(new ApiError('VALIDATION_FAILED', 400, 'x', { 'body.discipline': raw }));
    for (const language of LANGUAGES) expect(text(fields.discipline ?? '', language)).toBe(INVALID[language]);
  });
});
