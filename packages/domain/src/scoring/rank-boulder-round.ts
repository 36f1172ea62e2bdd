import type { ScoringType } from '../model/enums.ts';
import { boulderPointsTenths } from './boulder-points.ts';
import { attemptProfile, splitPodiumTies } from './podium-tie-break.ts';
import { rankBoulderTotals, type BoulderTotals, type RankedBoulderRow } from './rank-boulder-totals.ts';
import type { BoulderScore, RacerId } from './scoring-types.ts';
import { validateBoulderScore } from './validate-boulder-score.ts';

export interface RankBoulderRoundInput {
  scoringType: ScoringType;
  racers: readonly { racerId: RacerId; boulders: readonly BoulderScore[] }[];
  /** Count-back ranks; absent when the previous round ran in groups (RULES.md 1a). */
  previousRanks?: Readonly<Record<RacerId, number>>;
  /**
   * The round is a final: under TOPS_ZONES a podium tie left after count-back is split by the tops
   * and zones per attempt (splitPodiumTies). The other systems have no such rule (docs/scoring.md).
   */
  podiumTieBreak?: boolean;
}

/**
 * Sums one racer's boulders. A top is also a zone; a top entered without zone attempts means the
 * zone was passed on the same attempt as the top.
 */
export const sumBoulders = (racerId: RacerId, boulders: readonly BoulderScore[], racerIndex = 0): BoulderTotals => {
  const totals: BoulderTotals = { racerId, tops: 0, zones: 0, topAttempts: 0, zoneAttempts: 0, pointsTenths: 0 };
  boulders.forEach((boulder, boulderIndex) => {
    validateBoulderScore(boulder, `racers.${racerIndex}.boulders.${boulderIndex}.`);
    const zoneAttempts = boulder.zoneAttempts ?? boulder.topAttempts;
    if (boulder.topAttempts !== null) {
      totals.tops += 1;
      totals.topAttempts += boulder.topAttempts;
    }
    if (zoneAttempts !== null) {
      totals.zones += 1;
      totals.zoneAttempts += zoneAttempts;
    }
    totals.pointsTenths = (totals.pointsTenths ?? 0) + boulderPointsTenths({ topAttempts: boulder.topAttempts, zoneAttempts });
  });
  return totals;
};

/**
 * Ranks a bouldering round (qualification group, semi-final or final) under one of the three
 * scoring systems, with count-back to the previous round when its ranks are given and, in a
 * tops-and-zones final, the podium tie-break.
 */
export const rankBoulderRound = (input: RankBoulderRoundInput): RankedBoulderRow[] => {
  const ranked = rankBoulderTotals({
    scoringType: input.scoringType,
    racers: input.racers.map((racer, index) => sumBoulders(racer.racerId, racer.boulders, index)),
    ...(input.previousRanks === undefined ? {} : { previousRanks: input.previousRanks }),
  });
  if (!input.podiumTieBreak || input.scoringType !== 'TOPS_ZONES') return ranked;
  return splitPodiumTies(ranked, new Map(input.racers.map((racer) => [racer.racerId, attemptProfile(racer.boulders)])));
};
