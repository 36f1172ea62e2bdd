import { TIE_BREAK_CODES } from '@climbing/domain';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../test/i18n';
import { tieBreakKey } from './tie-break-wording';

describe('tieBreakKey', () => {
  it('is null when nothing separated the racer from the next one', () => {
    expect(tieBreakKey(null)).toBeNull();
  });

  it.each(['en', 'sk'] as const)('every domain code has its own words in %s', (language) => {
    const i18n = createI18n(language);
    const texts = TIE_BREAK_CODES.map((code) => {
      const key = tieBreakKey(code);
      expect(key).toBe(`results.tieBreak.${code}`);
      expect(i18n.exists(key ?? '')).toBe(true);
      return i18n.t(key ?? '');
    });
    // Each criterion reads differently, and none shows a raw code.
    expect(new Set(texts).size).toBe(TIE_BREAK_CODES.length);
    for (const [index, text] of texts.entries()) expect(text).not.toBe(TIE_BREAK_CODES[index]);
  });

  it('words count-back and attempts as a spectator reads them', () => {
    const en = createI18n('en');
    const sk = createI18n('sk');
    expect(en.t(tieBreakKey('COUNTBACK') ?? '')).toBe('better rank in the previous round');
    expect(sk.t(tieBreakKey('TOP_ATTEMPTS') ?? '')).toBe('menej pokusov na topy');
  });

  it('gives a code this build does not know a generic text, never the code itself', () => {
    expect(tieBreakKey('LUCK')).toBe('results.tieBreak.OTHER');
    expect(createI18n('en').t('results.tieBreak.OTHER')).toBe('another criterion of the rules');
  });
});
