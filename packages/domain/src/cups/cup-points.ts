export interface CupPointsOptions {
  /** Decimals kept after flooring the shared points of tied places: 2 today, 0 in 2017. */
  decimals?: number;
}

export interface RacerPoints<Id> {
  racerId: Id;
  points: number;
}

const HUNDREDTHS = 100;

/**
 * Cup points of one race ranking. Ranks are competition ranks (1, 1, 3): racers sharing rank r
 * occupy places r … r+c−1 and each gets the average of those places' points, floored to
 * `decimals` (2 by default, as IFSC). Places beyond the table, and racers without a valid rank,
 * get 0. The result keeps the order of `ranking`.
 */
export const cupPoints = <Id>(
  ranking: readonly { racerId: Id; rank: number | null }[],
  table: readonly number[],
  options: CupPointsOptions = {},
): RacerPoints<Id>[] => {
  const decimals = options.decimals ?? 2;
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 2) throw new RangeError(`decimals must be 0, 1 or 2, got ${decimals}`);
  // Integers in hundredths, so 805 + 690 never turns into 1494.9999.
  const tableHundredths = table.map((points) => Math.round(points * HUNDREDTHS));
  const step = 10 ** (2 - decimals);

  const tiedCount = new Map<number, number>();
  for (const { rank } of ranking) {
    if (isValidRank(rank)) tiedCount.set(rank, (tiedCount.get(rank) ?? 0) + 1);
  }

  const shareByRank = new Map<number, number>();
  for (const [rank, count] of tiedCount) {
    let sum = 0;
    for (let place = rank; place < rank + count; place += 1) sum += tableHundredths[place - 1] ?? 0;
    const share = Math.floor(sum / (count * step)) * step;
    shareByRank.set(rank, share);
  }

  return ranking.map(({ racerId, rank }) => ({
    racerId,
    points: isValidRank(rank) ? (shareByRank.get(rank) ?? 0) / HUNDREDTHS : 0,
  }));
};

const isValidRank = (rank: number | null): rank is number => rank !== null && Number.isInteger(rank) && rank >= 1;
