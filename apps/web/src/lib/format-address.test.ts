import { describe, expect, it } from 'vitest';
import { countryName } from '../features/events/api/countries';
import { formatAddress } from './format-address';

const countries = [{ alpha2: 'SK', alpha3: 'SVK', name: 'Slovakia', primary: true }];
const address = { id: 1, street: 'Karloveská', streetNumber: '63', zipcode: '841 04', city: 'Bratislava', country: 'SVK' };

describe('organization address', () => {
  it('is written as an address: street and number, postcode and city, the country by name in the language', () => {
    expect(formatAddress(address, (code) => countryName(code, countries, 'sk'))).toBe('Karloveská 63, 841 04 Bratislava, Slovensko');
    expect(formatAddress(address, (code) => countryName(code, countries, 'en'))).toBe('Karloveská 63, 841 04 Bratislava, Slovakia');
  });

  it('leaves out the parts not given and keeps a country code it does not know', () => {
    expect(formatAddress({ ...address, street: null, streetNumber: null, zipcode: null, country: 'XYZ' }, (code) => countryName(code, countries, 'en'))).toBe('Bratislava, XYZ');
    expect(formatAddress({ ...address, city: null, zipcode: null, country: null }, (code) => code)).toBe('Karloveská 63');
  });
});
