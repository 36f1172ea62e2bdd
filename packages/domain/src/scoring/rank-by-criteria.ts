import type { RacerId } from './scoring-types.ts';
import type { TieBreakCode } from './tie-break-codes.ts';

/** One step of a tie-break chain: a comparison (negative = `a` ranks better) and its code. */
export interface RankingCriterion<T> {
  code: TieBreakCode;
  compare: (a: T, b: T) => number;
}

export interface CriteriaRanked<T> {
  item: T;
  rank: number;
  /** First criterion that separated this racer from the next one; null when tied or last. */
  tieBreak: TieBreakCode | null;
}

// Plain code-unit comparison: locale-independent, so the order is the same on server and web.
export const compareRacerIds = (a: RacerId, b: RacerId): number => (a < b ? -1 : a > b ? 1 : 0);

const firstDifference = <T>(criteria: readonly RankingCriterion<T>[], a: T, b: T): TieBreakCode | null => {
  for (const criterion of criteria) {
    if (criterion.compare(a, b) !== 0) return criterion.code;
  }
  return null;
};

/**
 * Sorts by a chain of criteria and assigns standard competition ranks (1, 1, 3): racers equal on
 * every criterion share a rank, and the next rank skips. Equal racers are ordered by id so the
 * output does not depend on the input order.
 */
export const rankByCriteria = <T>(
  items: readonly T[],
  idOf: (item: T) => RacerId,
  criteria: readonly RankingCriterion<T>[],
): CriteriaRanked<T>[] => {
  const sorted = [...items].sort((a, b) => {
    for (const criterion of criteria) {
      const difference = criterion.compare(a, b);
      if (difference !== 0) return difference;
    }
    return compareRacerIds(idOf(a), idOf(b));
  });
  const differences = sorted.map((item, index) => {
    const next = sorted[index + 1];
    return next === undefined ? null : firstDifference(criteria, item, next);
  });
  const result: CriteriaRanked<T>[] = [];
  sorted.forEach((item, index) => {
    const previous = result[index - 1];
    // The previous racer's difference to this one tells whether both share a rank.
    const tiedWithPrevious = previous !== undefined && differences[index - 1] === null;
    const rank = tiedWithPrevious ? previous.rank : index + 1;
    result.push({ item, rank, tieBreak: differences[index] ?? null });
  });
  return result;
};

/** Compares two numbers so that the smaller ranks better. */
export const ascending = (a: number, b: number): number => a - b;

/** Compares two numbers so that the larger ranks better. */
export const descending = (a: number, b: number): number => b - a;

/**
 * Count-back to the previous round: the lower previous rank wins. A racer missing from the
 * previous ranking (e.g. a wildcard) is treated as behind everybody who has one.
 */
export const countbackCriterion = <T>(
  previousRanks: Readonly<Record<RacerId, number>> | undefined,
  idOf: (item: T) => RacerId,
): RankingCriterion<T>[] => {
  if (previousRanks === undefined) return [];
  const previousRankOf = (item: T): number => {
    const rank = Object.hasOwn(previousRanks, idOf(item)) ? previousRanks[idOf(item)] : undefined;
    return rank === undefined ? Number.POSITIVE_INFINITY : rank;
  };
  return [
    {
      code: 'COUNTBACK',
      compare: (a, b) => {
        const rankA = previousRankOf(a);
        const rankB = previousRankOf(b);
        return rankA === rankB ? 0 : rankA < rankB ? -1 : 1;
      },
    },
  ];
};
