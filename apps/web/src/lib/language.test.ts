import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language';

describe('detectLanguage', () => {
  it('prefers the language stored in local storage', () => {
    expect(detectLanguage({ stored: 'sk', browserLanguages: ['en-US'] })).toBe('sk');
    expect(detectLanguage({ stored: 'en', browserLanguages: ['sk-SK'] })).toBe('en');
  });

  it('ignores an unsupported stored value and uses the browser languages by their first two letters', () => {
    expect(detectLanguage({ stored: 'de', browserLanguages: ['sk-SK', 'en'] })).toBe('sk');
    expect(detectLanguage({ stored: null, browserLanguages: ['EN-gb'] })).toBe('en');
  });

  it('takes the first supported browser language in preference order', () => {
    expect(detectLanguage({ stored: null, browserLanguages: ['cs-CZ', 'sk', 'en'] })).toBe('sk');
    expect(detectLanguage({ stored: null, browserLanguages: ['de', 'en-US', 'sk'] })).toBe('en');
  });

  it('falls back to English', () => {
    expect(detectLanguage({ stored: null, browserLanguages: [] })).toBe('en');
    expect(detectLanguage({ stored: null, browserLanguages: ['de-AT', 'hu'] })).toBe('en');
  });
});
