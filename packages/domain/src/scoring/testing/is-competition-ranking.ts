/**
 * True when ranks, in output order, form a standard competition ranking: the first is 1 and a
 * rank shared by c racers is followed by rank + c. Used by the property tests.
 */
export const isCompetitionRanking = (ranks: readonly number[]): boolean =>
  ranks.every((rank, index) => {
    if (index === 0) return rank === 1;
    const previous = ranks[index - 1] ?? 0;
    return rank === previous || rank === index + 1;
  });
