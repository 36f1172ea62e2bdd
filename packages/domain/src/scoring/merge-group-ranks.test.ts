import { describe, expect, it } from 'vitest';
import { mergeGroupRanks } from './merge-group-ranks.ts';

describe('mergeGroupRanks (RULES.md 1c)', () => {
  it('gives 1 + the number of athletes with a strictly better group rank', () => {
    const merged = mergeGroupRanks([
      [
        { racerId: 'a1', rank: 1 },
        { racerId: 'a2', rank: 2 },
        { racerId: 'a3', rank: 3 },
      ],
      [
        { racerId: 'b1', rank: 1 },
        { racerId: 'b2', rank: 1 },
        { racerId: 'b3', rank: 3 },
      ],
    ]);
    expect(merged).toEqual([
      { racerId: 'a1', rank: 1 },
      { racerId: 'b1', rank: 1 },
      { racerId: 'b2', rank: 1 },
      { racerId: 'a2', rank: 4 },
      { racerId: 'a3', rank: 5 },
      { racerId: 'b3', rank: 5 },
    ]);
  });

  it('makes the 11th of each group 21st equal overall, the first place after a 20-athlete semi-final (2022)', () => {
    const group = (prefix: string) => Array.from({ length: 30 }, (_, index) => ({ racerId: `${prefix}${index + 1}`, rank: index + 1 }));
    const merged = mergeGroupRanks([group('a'), group('b')]);
    expect(merged.filter((racer) => racer.racerId === 'a11' || racer.racerId === 'b11').map((racer) => racer.rank)).toEqual([21, 21]);
  });

  it('handles no groups and empty groups', () => {
    expect(mergeGroupRanks([])).toEqual([]);
    expect(mergeGroupRanks([[], [{ racerId: 'x', rank: 1 }]])).toEqual([{ racerId: 'x', rank: 1 }]);
  });
});
