import { describe, expect, it } from 'vitest';
import { rankLeadQualification } from './rank-lead-qualification.ts';
import type { LeadScore } from './scoring-types.ts';

const hold = (value: number, plus = false): LeadScore => ({ hold: value, plus, top: false });
const TOP: LeadScore = { hold: 0, plus: false, top: true };

describe('rankLeadQualification (RULES.md 2, IFSC 2 routes)', () => {
  it('gives tied athletes the average of the places they occupy: 11 tops -> 6.0, six on 12th -> 14.5', () => {
    const racers = [
      ...Array.from({ length: 11 }, (_, index) => ({ racerId: `top${String(index).padStart(2, '0')}`, routes: [TOP] })),
      ...Array.from({ length: 6 }, (_, index) => ({ racerId: `mid${index}`, routes: [hold(30, true)] })),
      { racerId: 'last', routes: [hold(10)] },
    ];
    const ranking = rankLeadQualification({ racers });
    const routeOf = (racerId: string) => ranking.find((row) => row.racerId === racerId)?.routeResults[0];
    expect(routeOf('top00')).toEqual({ route: 0, rank: 1, arithmeticMean: 6 });
    expect(routeOf('mid3')).toEqual({ route: 0, rank: 12, arithmeticMean: 14.5 });
    expect(routeOf('last')).toEqual({ route: 0, rank: 18, arithmeticMean: 18 });
  });

  it('scores the geometric mean of the two route places: 6 and 10 give 7.75 (sqrt 60)', () => {
    const racers = [
      ...Array.from({ length: 11 }, (_, index) => ({ racerId: `r${String(index).padStart(2, '0')}`, routes: [TOP, hold(20 - index)] })),
    ];
    // r09 is 10th on route 2 and shares 6.0 on route 1.
    const row = rankLeadQualification({ racers }).find((entry) => entry.racerId === 'r09');
    expect(row?.score.toFixed(2)).toBe('7.75');
    expect(row?.score).toBe(Math.sqrt(60));
  });

  it('shares the rank between equal scores with no count-back, even from different places', () => {
    // a is 2nd and 8th, b is 4th and 4th: both products are 16, a geometric mean of exactly 4.
    const route1 = { x: 50, a: 49, y: 48, b: 47, p: 46, q: 45, s: 44, t: 43 };
    const route2 = { x: 40, y: 39, p: 38, b: 37, q: 36, s: 35, t: 34, a: 33 };
    const ranking = rankLeadQualification({
      racers: Object.entries(route1).map(([racerId, height]) => ({
        racerId,
        routes: [hold(height), hold(route2[racerId as keyof typeof route2])],
      })),
    });
    const rowOf = (racerId: string) => ranking.find((row) => row.racerId === racerId);
    expect(rowOf('a')?.routeResults.map((result) => result.rank)).toEqual([2, 8]);
    expect(rowOf('b')?.routeResults.map((result) => result.rank)).toEqual([4, 4]);
    expect(rowOf('a')?.score).toBe(4);
    expect(rowOf('b')?.score).toBe(4);
    expect(rowOf('a')?.rank).toBe(rowOf('b')?.rank);
  });

  it('ties equal geometric means at the same rank', () => {
    const ranking = rankLeadQualification({
      racers: [
        { racerId: 'x', routes: [hold(30), hold(10)] },
        { racerId: 'y', routes: [hold(10), hold(30)] },
        { racerId: 'z', routes: [hold(5), hold(5)] },
      ],
    });
    expect(ranking.map((row) => [row.racerId, row.rank, row.score])).toEqual([
      ['x', 1, Math.sqrt(2)],
      ['y', 1, Math.sqrt(2)],
      ['z', 3, 3],
    ]);
  });

  it('places every athlete without a result last on that route, tied', () => {
    const ranking = rankLeadQualification({
      racers: [
        { racerId: 'a', routes: [hold(20), hold(20)] },
        { racerId: 'b', routes: [null, hold(30)] },
        { racerId: 'c', routes: [null] },
      ],
    });
    const byId = new Map(ranking.map((row) => [row.racerId, row.routeResults]));
    expect(byId.get('b')?.[0]).toEqual({ route: 0, rank: 2, arithmeticMean: 2.5 });
    expect(byId.get('c')?.[1]).toEqual({ route: 1, rank: 3, arithmeticMean: 3 });
  });

  it('orders holds n < n+ < n+1 < TOP, with half holds', () => {
    const ranking = rankLeadQualification({
      racers: [
        { racerId: 'h26.5+', routes: [hold(26.5, true)] },
        { racerId: 'h27', routes: [hold(27)] },
        { racerId: 'h26+', routes: [hold(26, true)] },
        { racerId: 'top', routes: [TOP] },
        { racerId: 'h26.5', routes: [hold(26.5)] },
        { racerId: 'h26', routes: [hold(26)] },
      ],
    });
    expect(ranking.map((row) => row.racerId)).toEqual(['top', 'h27', 'h26.5+', 'h26.5', 'h26+', 'h26']);
  });
});
