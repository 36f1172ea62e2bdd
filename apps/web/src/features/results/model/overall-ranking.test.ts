import { describe, expect, it } from 'vitest';
import { overallRanking } from './overall-ranking';

const row = (id: number, rank: number) => ({ racer: { id }, rank });

describe('overallRanking', () => {
  it('ranks finalists first, then the others by their qualification rank', () => {
    const result = overallRanking(['QUALIFICATION', 'FINAL'], {
      QUALIFICATION: [row(1, 1), row(2, 2), row(3, 3), row(4, 3), row(5, 5)],
      FINAL: [row(2, 1), row(1, 2)],
    });
    expect(result.map(({ row: item, rank, stage }) => [item.racer.id, rank, stage])).toEqual([
      [2, 1, 'FINAL'],
      [1, 2, 'FINAL'],
      [3, 3, 'QUALIFICATION'],
      [4, 3, 'QUALIFICATION'],
      [5, 5, 'QUALIFICATION'],
    ]);
  });

  it('works with a stage that has no results yet', () => {
    expect(overallRanking(['QUALIFICATION', 'SEMIFINAL', 'FINAL'], { QUALIFICATION: [row(1, 2), row(2, 1)] }).map(({ rank }) => rank)).toEqual([1, 2]);
  });
});
