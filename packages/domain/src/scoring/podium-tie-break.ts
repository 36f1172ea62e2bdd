import { DEFAULT_PODIUM_SIZE } from '../rules/advancing.ts';
import { rankByCriteria, type RankingCriterion } from './rank-by-criteria.ts';
import type { RankedBoulderRow } from './rank-boulder-totals.ts';
import type { BoulderScore, RacerId } from './scoring-types.ts';

/** How many boulders a racer topped (and reached the zone of) on each attempt: index 0 is the first attempt. */
export interface AttemptProfile {
  topsByAttempt: number[];
  zonesByAttempt: number[];
}

const countByAttempt = (attempts: readonly (number | null)[]): number[] => {
  const counts: number[] = [];
  for (const attempt of attempts) {
    if (attempt === null) continue;
    for (let index = counts.length; index < attempt; index += 1) counts.push(0);
    counts[attempt - 1] = (counts[attempt - 1] ?? 0) + 1;
  }
  return counts;
};

/** The attempt profile of one racer's boulders; a top entered without zone attempts had its zone on the top attempt. */
export const attemptProfile = (boulders: readonly BoulderScore[]): AttemptProfile => ({
  topsByAttempt: countByAttempt(boulders.map((boulder) => boulder.topAttempts)),
  zonesByAttempt: countByAttempt(boulders.map((boulder) => boulder.zoneAttempts ?? boulder.topAttempts)),
});

/** More on the 1st attempt wins, then more on the 2nd, and so on. */
const compareCounts = (a: readonly number[], b: readonly number[]): number => {
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    const difference = (b[index] ?? 0) - (a[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
};

/**
 * The final-only podium tie-break of the tops-and-zones system (IFSC 2018-2024, RULES.md 1a):
 * racers still tied on a podium place after count-back are split by the number of tops on the
 * 1st attempt, then on the 2nd attempt, and so on, then by the zones the same way. Ties below the
 * podium, and racers equal on every count, stay tied. `rows` is a ranking (best first) as
 * rankBoulderTotals gives it; the result is the same rows re-ranked, with `tieBreak` naming
 * TOPS_BY_ATTEMPT or ZONES_BY_ATTEMPT where one of them separated two racers.
 */
export const splitPodiumTies = (
  rows: readonly RankedBoulderRow[],
  profiles: ReadonlyMap<RacerId, AttemptProfile>,
  podiumSize = DEFAULT_PODIUM_SIZE,
): RankedBoulderRow[] => {
  const empty: AttemptProfile = { topsByAttempt: [], zonesByAttempt: [] };
  const profileOf = (row: RankedBoulderRow) => profiles.get(row.racerId) ?? empty;
  const criteria: RankingCriterion<RankedBoulderRow>[] = [
    { code: 'TOPS_BY_ATTEMPT', compare: (a, b) => compareCounts(profileOf(a).topsByAttempt, profileOf(b).topsByAttempt) },
    { code: 'ZONES_BY_ATTEMPT', compare: (a, b) => compareCounts(profileOf(a).zonesByAttempt, profileOf(b).zonesByAttempt) },
  ];
  const result: RankedBoulderRow[] = [];
  let start = 0;
  while (start < rows.length) {
    const first = rows[start];
    if (first === undefined) break;
    let end = start + 1;
    while (end < rows.length && rows[end]?.rank === first.rank) end += 1;
    const tied = rows.slice(start, end);
    if (tied.length > 1 && first.rank <= podiumSize) {
      const lastTieBreak = tied.at(-1)?.tieBreak ?? null;
      const split = rankByCriteria(tied, (row) => row.racerId, criteria);
      split.forEach(({ item, rank, tieBreak }, index) => {
        result.push({ ...item, rank: first.rank + rank - 1, tieBreak: index === split.length - 1 ? lastTieBreak : tieBreak });
      });
    } else {
      result.push(...tied);
    }
    start = end;
  }
  return result;
};
