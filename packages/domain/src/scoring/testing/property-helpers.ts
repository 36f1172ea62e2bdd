import fc from 'fast-check';

/** Racer ids for generated inputs: unique, and not in input order once shuffled. */
export const racerIdAt = (index: number): string => `r${String(index).padStart(3, '0')}`;

/** A list of generated results together with a permutation of their indices. */
export const withPermutation = <T>(items: fc.Arbitrary<T[]>): fc.Arbitrary<{ items: T[]; order: number[] }> =>
  items.chain((list) =>
    fc
      .shuffledSubarray(
        list.map((_, index) => index),
        { minLength: list.length, maxLength: list.length },
      )
      .map((order) => ({ items: list, order })),
  );

/** Applies a permutation produced by `withPermutation`. */
export const permute = <T>(items: readonly T[], order: readonly number[]): T[] =>
  order.map((index) => items[index]).filter((item): item is T => item !== undefined);

/** The rank of one racer in a ranking, or NaN when absent so that comparisons fail loudly. */
export const rankIn = (ranking: readonly { racerId: string; rank: number }[], racerId: string): number =>
  ranking.find((row) => row.racerId === racerId)?.rank ?? Number.NaN;
