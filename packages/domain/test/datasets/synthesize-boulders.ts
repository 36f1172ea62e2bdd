import type { BoulderScore } from '../../src/index.ts';

export interface PublishedTotals {
  tops: number;
  zones: number;
  top_attempts: number;
  zone_attempts: number;
}

/**
 * Builds per-boulder scores whose sums are exactly the published totals ("2T3z 5 19"), for
 * rounds whose per-boulder detail was not published. Topped boulders take one attempt each
 * except the first, which takes the rest; zone attempts are spread the same way while keeping
 * every topped boulder's zone attempts within its top attempts.
 */
export const synthesizeBoulders = (totals: PublishedTotals, boulderCount: number): BoulderScore[] => {
  const { tops, zones, top_attempts: topAttempts, zone_attempts: zoneAttempts } = totals;
  const topTries = Array.from({ length: tops }, (_, index) => (index === 0 ? topAttempts - (tops - 1) : 1));
  const zoneTries = Array.from({ length: zones }, () => 1);
  let remaining = zoneAttempts - zones;
  // Non-topped zones have no upper bound, so they absorb the rest first.
  for (let index = zones - 1; index >= 0 && remaining > 0; index -= 1) {
    const cap = index < tops ? (topTries[index] ?? 1) : Number.POSITIVE_INFINITY;
    const added = Math.min(remaining, cap - 1);
    zoneTries[index] = 1 + added;
    remaining -= added;
  }
  if (remaining !== 0 || zones > boulderCount || tops > zones) throw new Error(`cannot synthesise ${JSON.stringify(totals)}`);
  return Array.from({ length: boulderCount }, (_, index) => ({
    topAttempts: index < tops ? (topTries[index] ?? null) : null,
    zoneAttempts: index < zones ? (zoneTries[index] ?? null) : null,
  }));
};
