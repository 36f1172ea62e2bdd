import { describe, expect, it } from 'vitest';
import { COUNTRIES, PRIMARY_COUNTRY_CODES, findCountry, normalizeCountryCode } from './countries.ts';

describe('ISO 3166 countries', () => {
  it('has every country once, the spec fourteen first', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRIES.map((country) => country.alpha2)).size).toBe(249);
    expect(new Set(COUNTRIES.map((country) => country.alpha3)).size).toBe(249);
    expect(COUNTRIES.slice(0, 14).map((country) => country.alpha3)).toEqual([...PRIMARY_COUNTRY_CODES]);
  });
  it('normalises alpha-2 and alpha-3 codes in any case to alpha-3', () => {
    expect(normalizeCountryCode('sk')).toBe('SVK');
    expect(normalizeCountryCode(' Cze ')).toBe('CZE');
    expect(normalizeCountryCode('XX')).toBeNull();
    expect(findCountry('UA')?.name).toBe('Ukraine');
  });
});
