import { describe, expect, it } from 'vitest';
import { createI18n } from '../test/i18n';
import en from './en.json';
import sk from './sk.json';

type Catalogue = { [key: string]: string | Catalogue };

const flatten = (catalogue: Catalogue, prefix = ''): string[] =>
  Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
  );

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
// The plural categories Intl.PluralRules can pick for each language (sk "many" is for fractions).
const REQUIRED_FORMS = {
  en: ['one', 'other'],
  sk: ['one', 'few', 'many', 'other'],
} as const;

const baseKeys = (keys: readonly string[]): Set<string> => new Set(keys.map((key) => key.replace(PLURAL_SUFFIX, '')));
const pluralBases = (keys: readonly string[]): Set<string> =>
  new Set(keys.filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')));

const catalogues = { en: flatten(en), sk: flatten(sk) };

describe('locale catalogues', () => {
  it('have the same keys in both directions (plural suffixes aside, they differ by language)', () => {
    const english = baseKeys(catalogues.en);
    const slovak = baseKeys(catalogues.sk);
    expect([...english].filter((key) => !slovak.has(key))).toEqual([]);
    expect([...slovak].filter((key) => !english.has(key))).toEqual([]);
  });

  it('use plural keys for the same texts in both languages', () => {
    expect([...pluralBases(catalogues.sk)].sort()).toEqual([...pluralBases(catalogues.en)].sort());
  });

  it.each(['en', 'sk'] as const)('%s has every plural form its language needs, and no others', (language) => {
    const keys = catalogues[language];
    for (const base of pluralBases(keys)) {
      const forms = keys.filter((key) => key.replace(PLURAL_SUFFIX, '') === base && key !== base);
      expect(forms.map((key) => key.slice(base.length + 1)).sort()).toEqual([...REQUIRED_FORMS[language]].sort());
    }
  });

  it.each([
    ['en', en],
    ['sk', sk],
  ] as const)('%s uses only what lib/translation.tsx reads: plain keys and {{name}} placeholders, no nesting or formats', (_language, catalogue) => {
    const texts = (value: Catalogue): string[] => Object.values(value).flatMap((inner) => (typeof inner === 'string' ? [inner] : texts(inner)));
    const keys = (value: Catalogue): string[] => Object.entries(value).flatMap(([key, inner]) => [key, ...(typeof inner === 'string' ? [] : keys(inner))]);
    expect(keys(catalogue).filter((key) => key === '' || key.includes('.'))).toEqual([]);
    expect(texts(catalogue).filter((text) => text.includes('$t(') || (text.match(/\{\{.*?\}\}/g) ?? []).some((placeholder) => !/^\{\{\s*[A-Za-z]\w*\s*\}\}$/.test(placeholder)))).toEqual([]);
  });

  it('match the categories Intl.PluralRules reports', () => {
    for (const language of ['en', 'sk'] as const) {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      expect([...categories].sort()).toEqual([...REQUIRED_FORMS[language]].sort());
    }
  });
});

describe('plural rendering', () => {
  it.each([
    [1, '1 event found'],
    [2, '2 events found'],
    [5, '5 events found'],
  ])('English: %i -> %s', (count, expected) => {
    expect(createI18n('en').t('events.found', { count })).toBe(expected);
  });

  it.each([
    [1, 'Našlo sa 1 podujatie'],
    [2, 'Našli sa 2 podujatia'],
    [5, 'Našlo sa 5 podujatí'],
    [0, 'Našlo sa 0 podujatí'],
    [1.5, 'Našlo sa 1.5 podujatia'],
  ])('Slovak: %d -> %s', (count, expected) => {
    expect(createI18n('sk').t('events.found', { count })).toBe(expected);
  });

  it.each([
    [1, 'Našiel sa 1 pohár'],
    [2, 'Našli sa 2 poháre'],
    [5, 'Našlo sa 5 pohárov'],
  ])('Slovak cups: %i -> %s', (count, expected) => {
    expect(createI18n('sk').t('cups.found', { count })).toBe(expected);
  });
});
