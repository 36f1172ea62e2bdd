/** A ranked row as category ranks need it: its rank and what it is compared with. */
export interface CategoryRankInput<Id> {
  racerId: Id;
  rank: number;
  /** The ranking the row belongs to (its sex when the sexes are ranked apart); null = the one ranking. */
  ranking: string | null;
  /** The racer's age category; null = none, which gets no category rank. */
  categoryId: number | string | null;
}

/**
 * Rank of each row among the given rows alone: 1 + the number of them ranked strictly better. It
 * keeps the order and the ties of the full ranking (competition ranks, 1, 1, 3), so a subset of a
 * ranking (one age category, the members of a closed cup) is ranked consistently with it.
 */
export const ranksWithin = <Row extends { rank: number }>(rows: readonly Row[]): { row: Row; rank: number }[] => {
  const sorted = rows.map((row) => row.rank).sort((a, b) => a - b);
  const better = new Map<number, number>();
  sorted.forEach((rank, index) => {
    if (!better.has(rank)) better.set(rank, index);
  });
  return rows.map((row) => ({ row, rank: 1 + (better.get(row.rank) ?? 0) }));
};

/**
 * Category rank of every row (issue 9): the rank among the racers of the same ranking (sex) and the
 * same age category, derived from `rank` as 1 + the number of that category ranked strictly
 * better. So it never exceeds the overall rank. Rows without a category get null. The result has
 * the rows' order.
 */
export const categoryRanks = <Id>(rows: readonly CategoryRankInput<Id>[]): { racerId: Id; categoryRank: number | null }[] => {
  const groups = new Map<string, CategoryRankInput<Id>[]>();
  for (const row of rows) {
    if (row.categoryId === null) continue;
    const key = `${row.ranking ?? ''}|${row.categoryId}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const rankOf = new Map<CategoryRankInput<Id>, number>();
  for (const group of groups.values()) for (const { row, rank } of ranksWithin(group)) rankOf.set(row, rank);
  return rows.map((row) => ({ racerId: row.racerId, categoryRank: rankOf.get(row) ?? null }));
};
