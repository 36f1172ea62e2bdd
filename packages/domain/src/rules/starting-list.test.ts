import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { groupSeed, startingOrder } from './starting-list.ts';

const entries = (count: number) => Array.from({ length: count }, (_, index) => ({ id: index + 10, racerNumber: count - index }));

describe('starting order', () => {
  it('is a permutation that depends only on the seed, not on the input order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 0, max: 40 }), (seed, count) => {
        const list = entries(count);
        const first = startingOrder(list, 'RANDOM', seed);
        expect(startingOrder([...list].reverse(), 'RANDOM', seed)).toEqual(first);
        expect(first.map((entry) => entry.id).sort((a, b) => a - b)).toEqual(list.map((entry) => entry.id));
      }),
    );
  });
  it('sorts by racer number on request', () => {
    expect(startingOrder(entries(4), 'BY_RACER_NUMBER', 1).map((entry) => entry.racerNumber)).toEqual([1, 2, 3, 4]);
  });
  it('gives groups of one race different seeds', () => {
    expect(groupSeed(42, 1)).not.toBe(groupSeed(42, 2));
  });
});
