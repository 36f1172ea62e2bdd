import { describe, expect, it } from 'vitest';
import { rankLeadRound } from './rank-lead-round.ts';
import type { LeadScore } from './scoring-types.ts';

const hold = (value: number, plus = false, timeMs: number | null = null): LeadScore => ({ hold: value, plus, top: false, timeMs });

describe('rankLeadRound (RULES.md 2)', () => {
  it('ranks by height, a missing result last', () => {
    const ranking = rankLeadRound({
      racers: [
        { racerId: 'none', route: null },
        { racerId: 'plus', route: hold(41, true) },
        { racerId: 'top', route: { hold: 0, plus: false, top: true } },
        { racerId: 'next', route: hold(42) },
      ],
    });
    expect(ranking.map((row) => [row.racerId, row.rank, row.tieBreak])).toEqual([
      ['top', 1, 'HEIGHT'],
      ['next', 2, 'HEIGHT'],
      ['plus', 3, 'HEIGHT'],
      ['none', 4, null],
    ]);
  });

  it('breaks a height tie by count-back; equal previous ranks stay tied (Wujiang 2025 semi)', () => {
    const ranking = rankLeadRound({
      racers: [
        { racerId: 'SCHENK', route: hold(49, true) },
        { racerId: 'GINES', route: hold(49, true) },
        { racerId: 'ANRAKU', route: hold(49, true) },
      ],
      previousRanks: { ANRAKU: 1, GINES: 1, SCHENK: 24 },
    });
    expect(ranking.map((row) => [row.racerId, row.rank])).toEqual([
      ['ANRAKU', 1],
      ['GINES', 1],
      ['SCHENK', 3],
    ]);
  });

  it('uses the time only after count-back, and only when asked (final)', () => {
    const racers = [
      { racerId: 'slow-better-semi', route: hold(28, true, 200_000) },
      { racerId: 'fast-worse-semi', route: hold(28, true, 100_000) },
      { racerId: 'fast', route: hold(28, true, 150_000) },
      { racerId: 'slow', route: hold(28, true, 160_000) },
      { racerId: 'no-time', route: hold(28, true, 0) },
    ];
    const previousRanks = { 'slow-better-semi': 1, 'fast-worse-semi': 2, fast: 3, slow: 3, 'no-time': 3 };
    expect(rankLeadRound({ racers, previousRanks, timeTieBreak: true }).map((row) => [row.racerId, row.rank, row.tieBreak])).toEqual([
      ['slow-better-semi', 1, 'COUNTBACK'],
      ['fast-worse-semi', 2, 'COUNTBACK'],
      ['fast', 3, 'TIME'],
      ['slow', 4, 'TIME'],
      ['no-time', 5, null],
    ]);
    expect(rankLeadRound({ racers, previousRanks }).map((row) => row.rank)).toEqual([1, 2, 3, 3, 3]);
  });

  it('rejects a negative hold', () => {
    expect(() => rankLeadRound({ racers: [{ racerId: 'a', route: hold(-1) }] })).toThrowError(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
  });
});
