import { describe, expect, it } from 'vitest';
import type { CupRankingRow } from '../api/cup';
import { cupPointsDecimals } from './cup-points-decimals';

const row = (points: number, racePoints: number[]): CupRankingRow => ({
  racerKey: `user:${points}`,
  racerName: 'Jana Nováková',
  sex: 'F',
  birthYear: 2000,
  club: null,
  points,
  rank: 1,
  provisional: false,
  raceResults: racePoints.map((value, index) => ({
    cupCategory: { id: 1, name: 'Ženy' },
    race: { id: index + 1, name: 'Ženy', startingDate: '2026-05-01', discipline: 'BOULDERING' },
    rank: 1,
    points: value,
    categoryLevel: 1,
    counted: true,
    provisional: false,
    racePublic: true,
  })),
});

describe('cup points decimals', () => {
  it('is 0 where every total and every race figure is whole, and for an empty table', () => {
    expect(cupPointsDecimals([row(1805, [1000, 805]), row(1000, [1000])])).toBe(0);
    expect(cupPointsDecimals([])).toBe(0);
  });

  it('is 2 as soon as one figure has a fraction, a race figure or a total', () => {
    expect(cupPointsDecimals([row(1805, [1000, 805]), row(747.5, [747.5])])).toBe(2);
    expect(cupPointsDecimals([row(0.01, [])])).toBe(2);
    expect(cupPointsDecimals([row(1000, [1000, 0.5])])).toBe(2);
  });
});
