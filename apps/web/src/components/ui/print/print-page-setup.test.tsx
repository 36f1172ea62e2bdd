import { describe, expect, it } from 'vitest';
import { cssString, paperOrientation, paperParam } from './print-page-setup';

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

  it("is the page's own choice when the address names none, and the address's when it does", () => {
    expect(paperOrientation(null, 'landscape')).toBe('landscape');
    expect(paperOrientation('sideways', 'landscape')).toBe('landscape');
    expect(paperOrientation('portrait', 'landscape')).toBe('portrait');
  });
});

describe('paperParam', () => {
  it('keeps only a choice that differs from the page\'s own in the address', () => {
    expect(paperParam('portrait')).toBeNull();
    expect(paperParam('landscape')).toBe('landscape');
    expect(paperParam('landscape', 'landscape')).toBeNull();
    expect(paperParam('portrait', 'landscape')).toBe('portrait');
  });
});
