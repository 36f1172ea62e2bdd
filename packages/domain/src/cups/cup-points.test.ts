import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cupPoints } from './cup-points.ts';
import { IFSC_POINTS_TABLE, IFSC_POINTS_TABLE_PRE_2022 } from './points-tables.ts';

const points = (ranks: (number | null)[], table: readonly number[] = IFSC_POINTS_TABLE, decimals?: number) =>
  cupPoints(
    ranks.map((rank, racerId) => ({ racerId, rank })),
    table,
    decimals === undefined ? undefined : { decimals },
  ).map((entry) => entry.points);

describe('points tables', () => {
  it('hold the 80 IFSC places and the 30 pre-2022 places', () => {
    expect(IFSC_POINTS_TABLE).toHaveLength(80);
    expect(IFSC_POINTS_TABLE.slice(0, 5)).toEqual([1000, 805, 690, 610, 545]);
    expect(IFSC_POINTS_TABLE[19]).toBe(155);
    expect(IFSC_POINTS_TABLE[29]).toBe(48);
    expect(IFSC_POINTS_TABLE[49]).toBe(8);
    expect(IFSC_POINTS_TABLE.slice(59)).toEqual([4, 4, 4, 4, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1]);
    expect(IFSC_POINTS_TABLE.reduce((sum, value) => sum + value, 0)).toBe(9477);
    expect(IFSC_POINTS_TABLE_PRE_2022).toHaveLength(30);
    expect(IFSC_POINTS_TABLE_PRE_2022.reduce((sum, value) => sum + value, 0)).toBe(818);
  });
});

describe('cupPoints', () => {
  it('gives each place its table points', () => {
    expect(points([1, 2, 3])).toEqual([1000, 805, 690]);
  });

  it('shares the average of the occupied places between tied racers', () => {
    expect(points([1, 2, 2, 4])).toEqual([1000, 747.5, 747.5, 610]);
  });

  it('floors the shared points to 2 decimals', () => {
    // (100 + 80 + 65) / 3 = 81.666…
    expect(points([1, 1, 1], IFSC_POINTS_TABLE_PRE_2022)).toEqual([81.66, 81.66, 81.66]);
    // (805 + 690 + 610) / 3 = 701.666…
    expect(points([1, 2, 2, 2])).toEqual([1000, 701.66, 701.66, 701.66]);
  });

  it('floors to whole points with decimals 0', () => {
    expect(points([1, 2, 2], IFSC_POINTS_TABLE, 0)).toEqual([1000, 747, 747]);
  });

  it('gives 0 beyond the table and shares partly covered places', () => {
    expect(points([81])).toEqual([0]);
    // places 80 and 81: (1 + 0) / 2
    expect(points([80, 80])).toEqual([0.5, 0.5]);
    expect(points([29, 29, 31], IFSC_POINTS_TABLE_PRE_2022)).toEqual([1.5, 1.5, 0]);
  });

  it('gives 0 to racers without a valid rank and keeps the input order', () => {
    const result = cupPoints(
      [
        { racerId: 'b', rank: 2 },
        { racerId: 'x', rank: null },
        { racerId: 'a', rank: 1 },
      ],
      IFSC_POINTS_TABLE,
    );
    expect(result).toEqual([
      { racerId: 'b', points: 805 },
      { racerId: 'x', points: 0 },
      { racerId: 'a', points: 1000 },
    ]);
  });

  it('adds up to the table over the occupied places, short of the flooring (property)', () => {
    // Competition ranks: sorted results with ties, as a ranking produces them.
    const ranking = fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 100 }).map((steps) => {
      const ranks: number[] = [];
      steps.forEach((step, index) => ranks.push(index === 0 || step > 0 ? index + 1 : (ranks[index - 1] ?? 1)));
      return ranks;
    });
    fc.assert(
      fc.property(ranking, fc.constantFrom(0, 1, 2), (ranks, decimals) => {
        const given = points(ranks, IFSC_POINTS_TABLE, decimals);
        const totalHundredths = given.reduce((sum, value) => sum + Math.round(value * 100), 0);
        const tableHundredths = ranks.reduce((sum, _rank, place) => sum + (IFSC_POINTS_TABLE[place] ?? 0) * 100, 0);
        const groups = new Set(ranks).size;
        expect(totalHundredths).toBeLessThanOrEqual(tableHundredths);
        // A group of c tied racers loses at most c·step − 1 hundredths to the flooring (step = 10^(2−decimals)).
        expect(tableHundredths - totalHundredths).toBeLessThanOrEqual(ranks.length * 10 ** (2 - decimals) - groups);
        for (const value of given) expect(Math.round(value * 10 ** decimals)).toBeCloseTo(value * 10 ** decimals, 9);
      }),
    );
  });
});
