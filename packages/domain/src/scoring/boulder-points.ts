import type { BoulderScore } from './scoring-types.ts';

const TOP_POINTS_TENTHS = 250;
const ZONE_POINTS_TENTHS = 100;

/**
 * IFSC 2025 points of one boulder in integer tenths: a top is worth 25 minus 0.1 per failed
 * attempt before it, otherwise a zone is worth 10 minus 0.1 per failed attempt. Tenths keep the
 * sums exact (0.1 has no exact binary float). A boulder with many failed attempts never goes
 * below zero, which the published data never needed but which keeps the sum meaningful.
 */
export const boulderPointsTenths = (score: BoulderScore): number => {
  if (score.topAttempts !== null) return Math.max(0, TOP_POINTS_TENTHS - (score.topAttempts - 1));
  if (score.zoneAttempts !== null) return Math.max(0, ZONE_POINTS_TENTHS - (score.zoneAttempts - 1));
  return 0;
};
