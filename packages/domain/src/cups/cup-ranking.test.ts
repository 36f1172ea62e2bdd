import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Discipline } from '../model/enums.ts';
import { cupRanking, type CupRaceResult } from './cup-ranking.ts';

const result = (racerId: string, raceId: number, points: number, overrides: Partial<CupRaceResult<string, number>> = {}): CupRaceResult<string, number> => ({
  racerId,
  raceId,
  points,
  rank: 1,
  discipline: 'BOULDERING',
  categoryLevel: 1,
  ...overrides,
});

const summary = (rows: ReturnType<typeof cupRanking<string, number>>) => rows.map((row) => [row.racerId, row.points, row.rank]);

describe('cupRanking', () => {
  it('sums every result by default and ranks by total', () => {
    const rows = cupRanking({ results: [result('a', 1, 1000), result('b', 1, 805), result('b', 2, 1000), result('a', 2, 690)] });
    expect(summary(rows)).toEqual([
      ['b', 1805, 1],
      ['a', 1690, 2],
    ]);
  });

  it('counts only the best maxCountedResults results and flags them', () => {
    const rows = cupRanking({ results: [result('a', 1, 100), result('a', 2, 300), result('a', 3, 200)], maxCountedResults: 2 });
    expect(rows[0]?.points).toBe(500);
    expect(rows[0]?.raceResults.map((race) => [race.raceId, race.counted])).toEqual([
      [2, true],
      [3, true],
      [1, false],
    ]);
  });

  it('sums shared points exactly', () => {
    const rows = cupRanking({ results: [result('a', 1, 701.66), result('a', 2, 0.1), result('a', 3, 0.2)] });
    expect(rows[0]?.points).toBe(701.96);
  });

  it('shares the rank on equal totals (1, 1, 3)', () => {
    const rows = cupRanking({ results: [result('a', 1, 500), result('b', 2, 500), result('c', 1, 100)] });
    expect(summary(rows)).toEqual([
      ['a', 500, 1],
      ['b', 500, 1],
      ['c', 100, 3],
    ]);
  });

  it('counts the best result of each discipline the racer climbed when asked', () => {
    const results = [
      result('a', 1, 1000),
      result('a', 2, 900),
      result('a', 3, 800),
      result('a', 4, 50, { discipline: 'SPEED' }),
      result('a', 5, 10, { discipline: 'SPEED' }),
    ];
    const rows = cupRanking({ results, maxCountedResults: 3, oneResultFromAllDisciplines: true });
    expect(rows[0]?.points).toBe(1950);
    expect(rows[0]?.raceResults.filter((race) => race.counted).map((race) => race.raceId)).toEqual([1, 2, 4]);
    expect(cupRanking({ results, maxCountedResults: 3 })[0]?.points).toBe(2700);
  });

  it('breaks equal totals by the places at the highest category level', () => {
    const results = [
      result('a', 1, 600, { categoryLevel: 1, rank: 1 }),
      result('a', 2, 400, { categoryLevel: 2, rank: 3 }),
      result('b', 1, 500, { categoryLevel: 1, rank: 2 }),
      result('b', 2, 500, { categoryLevel: 2, rank: 2 }),
      result('c', 3, 1000, { categoryLevel: 1, rank: 1 }),
    ];
    expect(summary(cupRanking({ results }))).toEqual([
      ['a', 1000, 1],
      ['b', 1000, 1],
      ['c', 1000, 1],
    ]);
    expect(summary(cupRanking({ results, raceLevelTieBreak: true }))).toEqual([
      ['b', 1000, 1],
      ['a', 1000, 2],
      ['c', 1000, 3],
    ]);
  });

  it('keeps racers tied when the tie-break finds no difference', () => {
    const results = [result('a', 1, 500, { rank: 2 }), result('b', 2, 500, { rank: 2 })];
    expect(summary(cupRanking({ results, raceLevelTieBreak: true }))).toEqual([
      ['a', 500, 1],
      ['b', 500, 1],
    ]);
  });

  it('does not depend on the order of the results (property)', () => {
    const disciplines: Discipline[] = ['BOULDERING', 'LEAD', 'SPEED'];
    const entry = fc.record({
      racer: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
      rank: fc.integer({ min: 1, max: 10 }),
      points: fc.integer({ min: 0, max: 100_000 }).map((hundredths) => hundredths / 100),
      discipline: fc.constantFrom(...disciplines),
      categoryLevel: fc.integer({ min: 1, max: 3 }),
    });
    const options = fc.record({
      maxCountedResults: fc.option(fc.integer({ min: 0, max: 5 })),
      oneResultFromAllDisciplines: fc.boolean(),
      raceLevelTieBreak: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), options, fc.infiniteStream(fc.nat()), (entries, settings, seeds) => {
        // Each racer climbs each race once, as in a real cup.
        const results = entries.map((value, raceId) => result(value.racer, raceId, value.points, { rank: value.rank, discipline: value.discipline, categoryLevel: value.categoryLevel }));
        const shuffled = results.map((value) => ({ value, key: seeds.next().value })).sort((a, b) => a.key - b.key).map(({ value }) => value);
        expect(cupRanking({ ...settings, results: shuffled })).toEqual(cupRanking({ ...settings, results }));
      }),
    );
  });
});
