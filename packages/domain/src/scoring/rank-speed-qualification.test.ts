import { describe, expect, it } from 'vitest';
import { rankSpeedQualification } from './rank-speed-qualification.ts';
import type { SpeedRun } from './scoring-types.ts';

const time = (timeMs: number): SpeedRun => ({ timeMs, fall: false, falseStart: false });
const fall: SpeedRun = { timeMs: null, fall: true, falseStart: false };
const falseStart: SpeedRun = { timeMs: null, fall: false, falseStart: true };

describe('rankSpeedQualification (RULES.md 3, IFSC 2025)', () => {
  it('ranks by the best valid time; a fall leaves the other run counting (Carmanns)', () => {
    const ranking = rankSpeedQualification({
      racers: [
        { racerId: 'CARMANNS', runs: [fall, time(5089)] },
        { racerId: 'ZODDA', runs: [time(5200), time(5084)] },
        { racerId: 'CHU', runs: [time(5093), time(5289)] },
      ],
    });
    expect(ranking).toEqual([
      { racerId: 'ZODDA', rank: 1, bestTimeMs: 5084 },
      { racerId: 'CARMANNS', rank: 2, bestTimeMs: 5089 },
      { racerId: 'CHU', rank: 3, bestTimeMs: 5093 },
    ]);
  });

  it('breaks a tie on the best time by the second time (Ilchyshyn 26th, Fajri 27th)', () => {
    const ranking = rankSpeedQualification({
      racers: [
        { racerId: 'FAJRI', runs: [time(5211), time(5372)] },
        { racerId: 'ILCHYSHYN', runs: [time(5211), time(5233)] },
        { racerId: 'ONE-RUN', runs: [time(5211), fall] },
        { racerId: 'SAME', runs: [time(5372), time(5211)] },
      ],
    });
    expect(ranking.map((row) => [row.racerId, row.rank])).toEqual([
      ['ILCHYSHYN', 1],
      ['FAJRI', 2],
      ['SAME', 2],
      ['ONE-RUN', 4],
    ]);
  });

  it('ranks false-starters after everybody, ordered by their valid time; no-time racers share a place before them', () => {
    const ranking = rankSpeedQualification({
      racers: [
        { racerId: 'DZIENSKI', runs: [falseStart, time(5513)] },
        { racerId: 'HOM', runs: [falseStart, time(5121)] },
        { racerId: 'FELL-TWICE', runs: [fall, fall] },
        { racerId: 'NO-RUNS', runs: [] },
        { racerId: 'SLOW', runs: [time(9999), fall] },
        { racerId: 'FS-ONLY', runs: [falseStart] },
      ],
    });
    expect(ranking).toEqual([
      { racerId: 'SLOW', rank: 1, bestTimeMs: 9999 },
      { racerId: 'FELL-TWICE', rank: 2, bestTimeMs: null },
      { racerId: 'NO-RUNS', rank: 2, bestTimeMs: null },
      { racerId: 'HOM', rank: 4, bestTimeMs: 5121 },
      { racerId: 'DZIENSKI', rank: 5, bestTimeMs: 5513 },
      { racerId: 'FS-ONLY', rank: 6, bestTimeMs: null },
    ]);
  });

  it('ignores a time recorded on a run with a fall or a false start', () => {
    const ranking = rankSpeedQualification({
      racers: [
        { racerId: 'a', runs: [{ timeMs: 4000, fall: true, falseStart: false }, time(6000)] },
        { racerId: 'b', runs: [time(5000)] },
      ],
    });
    expect(ranking.map((row) => [row.racerId, row.bestTimeMs])).toEqual([
      ['b', 5000],
      ['a', 6000],
    ]);
  });
});
