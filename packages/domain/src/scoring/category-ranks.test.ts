import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categoryRanks, ranksWithin } from './category-ranks.ts';

describe('categoryRanks (issue 9)', () => {
  it('ranks each age category within its own ranking, from the overall ranks, keeping ties', () => {
    const rows = [
      { racerId: 'f1', rank: 1, ranking: 'F', categoryId: 'U17' },
      { racerId: 'f2', rank: 2, ranking: 'F', categoryId: 'Adults' },
      { racerId: 'f3', rank: 3, ranking: 'F', categoryId: 'U17' },
      { racerId: 'f4', rank: 3, ranking: 'F', categoryId: 'U17' },
      { racerId: 'f5', rank: 5, ranking: 'F', categoryId: 'U17' },
      { racerId: 'm1', rank: 1, ranking: 'M', categoryId: 'U17' },
      { racerId: 'm2', rank: 2, ranking: 'M', categoryId: null },
    ];
    expect(categoryRanks(rows)).toEqual([
      { racerId: 'f1', categoryRank: 1 },
      { racerId: 'f2', categoryRank: 1 },
      { racerId: 'f3', categoryRank: 2 },
      { racerId: 'f4', categoryRank: 2 },
      { racerId: 'f5', categoryRank: 4 },
      { racerId: 'm1', categoryRank: 1 },
      { racerId: 'm2', categoryRank: null },
    ]);
  });

  it('ranksWithin re-ranks a subset of a ranking among itself', () => {
    expect(ranksWithin([{ rank: 4 }, { rank: 2 }, { rank: 4 }, { rank: 9 }]).map((entry) => entry.rank)).toEqual([2, 1, 2, 4]);
  });

  const rows = fc.array(
    fc.record({ rank: fc.integer({ min: 1, max: 30 }), ranking: fc.constantFrom('F', 'M', null), categoryId: fc.constantFrom(1, 2, 3, null) }),
    { maxLength: 40 },
  );

  it('never gives a category rank above the overall rank', () => {
    fc.assert(
      fc.property(rows, (generated) => {
        const input = generated.map((row, index) => ({ ...row, racerId: index }));
        categoryRanks(input).forEach(({ categoryRank }, index) => {
          if (categoryRank !== null) expect(categoryRank).toBeLessThanOrEqual(input[index]!.rank);
        });
      }),
    );
  });

  it('is 1 + the number of the same ranking and category ranked strictly better', () => {
    fc.assert(
      fc.property(rows, (generated) => {
        const input = generated.map((row, index) => ({ ...row, racerId: index }));
        categoryRanks(input).forEach(({ categoryRank }, index) => {
          const row = input[index]!;
          const expected = row.categoryId === null ? null : 1 + input.filter((other) => other.ranking === row.ranking && other.categoryId === row.categoryId && other.rank < row.rank).length;
          expect(categoryRank).toBe(expected);
        });
      }),
    );
  });
});
