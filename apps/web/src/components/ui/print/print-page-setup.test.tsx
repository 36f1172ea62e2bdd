import { describe, expect, it } from 'vitest';
import { cssString, paperOrientation } from './print-page-setup';

describe('cssString', () => {
  it('quotes a Slovak event name as it is', () => {
    expect(cssString('Zimný pohár · Kvalifikácia')).toBe('"Zimný pohár · Kvalifikácia"');
  });

  it('escapes what could end the string or the style element', () => {
    expect(cssString('a"b\\c</style>\nd')).toBe('"a\\22 b\\5c c\\3c /style>\\a d"');
  });
});

describe('paperOrientation', () => {
  it('is portrait unless the address asks for landscape', () => {
    expect(paperOrientation(null)).toBe('portrait');
    expect(paperOrientation('sideways')).toBe('portrait');
    expect(paperOrientation('landscape')).toBe('landscape');
  });
});
