import { DomainError } from '../errors/domain-error.ts';
import type { ScoringType } from '../model/enums.ts';
import { ascending, countbackCriterion, descending, rankByCriteria, type RankingCriterion } from './rank-by-criteria.ts';
import type { RacerId } from './scoring-types.ts';
import type { TieBreakCode } from './tie-break-codes.ts';

/** A racer's round totals, as published ("4T4z 14 11") or summed from the boulders. */
export interface BoulderTotals {
  racerId: RacerId;
  tops: number;
  zones: number;
  topAttempts: number;
  zoneAttempts: number;
  /** IFSC 2025 points in integer tenths (685 = 68.5); required for IFSC_POINTS only. */
  pointsTenths: number | null;
}

export interface RankedBoulderRow {
  racerId: RacerId;
  rank: number;
  tops: number;
  zones: number;
  topAttempts: number;
  zoneAttempts: number;
  points: number | null;
  tieBreak: TieBreakCode | null;
}

export interface RankBoulderTotalsInput {
  scoringType: ScoringType;
  racers: readonly BoulderTotals[];
  /** Previous round ranks for count-back; leave out when the previous round ran in groups. */
  previousRanks?: Readonly<Record<RacerId, number>>;
}

const by = (code: TieBreakCode, compare: (a: BoulderTotals, b: BoulderTotals) => number): RankingCriterion<BoulderTotals> => ({
  code,
  compare,
});

const TOPS = by('TOPS', (a, b) => descending(a.tops, b.tops));
const ZONES = by('ZONES', (a, b) => descending(a.zones, b.zones));
const TOP_ATTEMPTS = by('TOP_ATTEMPTS', (a, b) => ascending(a.topAttempts, b.topAttempts));
const ZONE_ATTEMPTS = by('ZONE_ATTEMPTS', (a, b) => ascending(a.zoneAttempts, b.zoneAttempts));
const POINTS = by('POINTS', (a, b) => descending(a.pointsTenths ?? 0, b.pointsTenths ?? 0));

/**
 * The order of the result criteria of each scoring system, before count-back:
 * - TOPS_ZONES: IFSC 2018-2024 (RULES.md 1a).
 * - CLASSIC: the pre-2018 IFSC order still used by national federations, where the attempts
 *   to the tops decide before the zones (RULES.md 1a, "Pre-2018 rules"); see docs/scoring.md.
 * - IFSC_POINTS: IFSC 2025, the points alone (RULES.md 1b).
 */
const RESULT_CRITERIA: Record<ScoringType, RankingCriterion<BoulderTotals>[]> = {
  TOPS_ZONES: [TOPS, ZONES, TOP_ATTEMPTS, ZONE_ATTEMPTS],
  CLASSIC: [TOPS, TOP_ATTEMPTS, ZONES, ZONE_ATTEMPTS],
  IFSC_POINTS: [POINTS],
};

/**
 * Ranks a bouldering round from per-racer totals. This is the level at which published results
 * that only carry totals can be checked; `rankBoulderRound` sums the boulders and calls it.
 */
export const rankBoulderTotals = (input: RankBoulderTotalsInput): RankedBoulderRow[] => {
  if (input.scoringType === 'IFSC_POINTS') {
    input.racers.forEach((racer, index) => {
      if (racer.pointsTenths === null || !Number.isInteger(racer.pointsTenths)) {
        throw new DomainError('VALIDATION_FAILED', { fields: { [`racers.${index}.pointsTenths`]: 'INVALID_POINTS' } });
      }
    });
  }
  const criteria = [
    ...RESULT_CRITERIA[input.scoringType],
    ...countbackCriterion<BoulderTotals>(input.previousRanks, (racer) => racer.racerId),
  ];
  return rankByCriteria(input.racers, (racer) => racer.racerId, criteria).map(({ item, rank, tieBreak }) => ({
    racerId: item.racerId,
    rank,
    tops: item.tops,
    zones: item.zones,
    topAttempts: item.topAttempts,
    zoneAttempts: item.zoneAttempts,
    points: input.scoringType === 'IFSC_POINTS' && item.pointsTenths !== null ? item.pointsTenths / 10 : null,
    tieBreak,
  }));
};
