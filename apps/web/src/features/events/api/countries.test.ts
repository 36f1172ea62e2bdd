import { describe, expect, it } from 'vitest';
import { countryName, countryOptions } from './countries';

const countries = [
  { alpha2: 'SK', alpha3: 'SVK', name: 'Slovakia', primary: true },
  { alpha2: 'CZ', alpha3: 'CZE', name: 'Czechia', primary: true },
  { alpha2: 'DE', alpha3: 'DEU', name: 'Germany', primary: false },
  { alpha2: 'AT', alpha3: 'AUT', name: 'Austria', primary: false },
];

describe('countries', () => {
  it('are named in the page language, the primary ones first in the server order, the rest by name', () => {
    expect(countryOptions(countries, 'sk').map((option) => option.label)).toEqual(['Slovensko (SVK)', 'Česko (CZE)', 'Nemecko (DEU)', 'Rakúsko (AUT)']);
    expect(countryOptions(countries, 'en').map((option) => option.label)).toEqual(['Slovakia (SVK)', 'Czechia (CZE)', 'Austria (AUT)', 'Germany (DEU)']);
    expect(countryOptions(countries, 'en').map((option) => option.value)).toEqual(['SVK', 'CZE', 'AUT', 'DEU']);
  });

  it('keep a code they do not know', () => {
    expect(countryName('XYZ', countries, 'sk')).toBe('XYZ');
    expect(countryName('SVK', undefined, 'sk')).toBe('SVK');
  });
});
