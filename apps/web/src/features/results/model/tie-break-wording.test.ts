import { TIE_BREAK_CODES } from '@climbing/domain';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../test/i18n';
import { buildResultRow } from '../testing/build-result-row';
import { shownTieBreaks, tieBreakText } from './tie-break-wording';

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

describe('shownTieBreaks', () => {
  const row = (id: number, rank: number, group: string | null, tieBreak: string | null, overrides = {}) =>
    buildResultRow({ id, rank, tieBreak, racer: { ...buildResultRow().racer, id, racerNumber: id, qualificationGroup: group }, ...overrides });

  it('in a bouldering qualification merged from groups: nothing between racers sharing a place, their group place before a worse rank', () => {
    // Groups A and B: each group's 1st shares rank 1, each 2nd rank 3; the server's codes compare within the group.
    const rows = [row(1, 1, 'A', 'TOPS'), row(2, 1, 'B', 'POINTS'), row(3, 3, 'A', null), row(4, 3, 'B', 'ZONES'), row(5, 5, 'B', null)];
    expect([...shownTieBreaks(rows).values()]).toEqual([null, 'GROUP_RANK', null, 'ZONES', null]);
  });

  it("keeps the server's code where the next row is of the same group, one group is shown, or the ranking is one field", () => {
    const oneGroup = [row(1, 1, 'A', 'TOPS'), row(3, 4, 'A', 'POINTS'), row(5, 7, 'A', null)];
    expect([...shownTieBreaks(oneGroup).values()]).toEqual(['TOPS', 'POINTS', null]);
    // A race of one group (every bouldering qualification has one): racers sharing a place, shown in another order than the server ranked them.
    const single = [row(5, 1, 'A', null), row(11, 1, 'A', 'TOPS'), row(17, 1, 'A', null), row(9, 4, 'A', 'ZONES'), row(21, 4, 'A', null), row(3, 6, 'A', null)];
    expect([...shownTieBreaks(single).values()]).toEqual([null, null, 'TOPS', null, 'ZONES', null]);
    // Lead groups climb the same routes and rank as one field.
    const lead = [row(1, 1, 'A', 'HEIGHT', { boulders: null }), row(2, 2, 'B', 'TIME', { boulders: null }), row(3, 3, 'A', null, { boulders: null })];
    expect([...shownTieBreaks(lead).values()]).toEqual(['HEIGHT', 'TIME', null]);
    const final = [row(1, 1, 'A', 'TOPS', { stage: 'FINAL' }), row(2, 2, 'B', 'ZONES', { stage: 'FINAL' })];
    expect([...shownTieBreaks(final).values()]).toEqual(['TOPS', 'ZONES']);
  });

  it('puts the criterion of racers sharing a place on the last of them as shown, and nothing between them', () => {
    // A lead final: two racers share place 2; the page shows them in another order than the server ranked them.
    const final = { stage: 'FINAL' as const, boulders: null };
    const rows = [row(1, 1, null, 'HEIGHT', final), row(7, 2, null, 'HEIGHT', final), row(3, 2, null, null, final), row(4, 4, null, null, final)];
    expect([...shownTieBreaks(rows).values()]).toEqual(['HEIGHT', null, 'HEIGHT', null]);
  });

  it.each(['en', 'sk'] as const)('words the group place in %s', (language) => {
    const i18n = createI18n(language);
    expect(i18n.exists('results.tieBreak.GROUP_RANK')).toBe(true);
    expect(tieBreakText(i18n.t, 'GROUP_RANK')).not.toBe(tieBreakText(i18n.t, 'OTHER'));
  });
});
