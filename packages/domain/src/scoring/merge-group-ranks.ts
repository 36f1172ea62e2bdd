import { compareRacerIds } from './rank-by-criteria.ts';
import type { RankedRacer } from './scoring-types.ts';

/**
 * Merges the rankings of qualification groups run in parallel: the merged rank is 1 + the
 * number of athletes, across all groups, with a strictly better group rank (RULES.md 1c). So
 * the 3rd of each group share one merged rank.
 */
export const mergeGroupRanks = (groups: readonly (readonly RankedRacer[])[]): RankedRacer[] => {
  const all = groups.flat();
  const groupRanks = all.map((racer) => racer.rank).sort((a, b) => a - b);
  // Walking the sorted group ranks once gives "how many are strictly better" for each value.
  const betterCount = new Map<number, number>();
  groupRanks.forEach((rank, index) => {
    if (!betterCount.has(rank)) betterCount.set(rank, index);
  });
  return all
    .map((racer) => ({ racerId: racer.racerId, rank: 1 + (betterCount.get(racer.rank) ?? 0) }))
    .sort((a, b) => a.rank - b.rank || compareRacerIds(a.racerId, b.racerId));
};
