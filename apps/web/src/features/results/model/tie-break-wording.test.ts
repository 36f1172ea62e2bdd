import { TIE_BREAK_CODES } from '@climbing/domain';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../test/i18n';
import { tieBreakText } from './tie-break-wording';

describe('tieBreakText', () => {
  it('is empty when nothing separated the racer from the next one', () => {
    expect(tieBreakText(createI18n('en').t, null)).toBe('');
  });

  it.each(['en', 'sk'] as const)('every domain code has its own words in %s', (language) => {
    const i18n = createI18n(language);
    const texts = TIE_BREAK_CODES.map((code) => {
      expect(i18n.exists(`results.tieBreak.${code}`)).toBe(true);
      return tieBreakText(i18n.t, code);
    });
    // Each criterion reads differently, and none shows a raw code.
    expect(new Set(texts).size).toBe(TIE_BREAK_CODES.length);
    for (const [index, text] of texts.entries()) expect(text).not.toBe(TIE_BREAK_CODES[index]);
  });

  it('words count-back and attempts as a spectator reads them', () => {
    expect(tieBreakText(createI18n('en').t, 'COUNTBACK')).toBe('better rank in the previous round');
    expect(tieBreakText(createI18n('sk').t, 'TOP_ATTEMPTS')).toBe('menej pokusov na topy');
  });

  it('gives a code this build does not know a generic text, never the code itself', () => {
    expect(tieBreakText(createI18n('en').t, 'LUCK')).toBe('another criterion of the rules');
  });
});
