import { compareLeadScores, validateLeadScore } from './compare-lead-scores.ts';
import { countbackCriterion, rankByCriteria, type RankingCriterion } from './rank-by-criteria.ts';
import type { LeadScore, RacerId } from './scoring-types.ts';
import type { TieBreakCode } from './tie-break-codes.ts';

export interface RankLeadRoundInput {
  racers: readonly { racerId: RacerId; route: LeadScore | null }[];
  previousRanks?: Readonly<Record<RacerId, number>>;
  /** Final only: after count-back, the shorter climbing time ranks higher. */
  timeTieBreak?: boolean;
}

export interface RankedLeadRoundRow {
  racerId: RacerId;
  rank: number;
  tieBreak: TieBreakCode | null;
}

type LeadEntry = RankLeadRoundInput['racers'][number];

// The results API publishes 0 or null when no time was recorded; neither may win a time tie-break.
const recordedTime = (entry: LeadEntry): number => {
  const time = entry.route?.timeMs;
  return time === null || time === undefined || time <= 0 ? Number.POSITIVE_INFINITY : time;
};

const HEIGHT: RankingCriterion<LeadEntry> = { code: 'HEIGHT', compare: (a, b) => compareLeadScores(a.route, b.route) };

const TIME: RankingCriterion<LeadEntry> = {
  code: 'TIME',
  compare: (a, b) => {
    const timeA = recordedTime(a);
    const timeB = recordedTime(b);
    return timeA === timeB ? 0 : timeA < timeB ? -1 : 1;
  },
};

/**
 * Ranks a lead round after qualification (RULES.md 2): height, then count-back to the previous
 * round rank, then, in a final, the climbing time. Time never decides before count-back.
 */
export const rankLeadRound = (input: RankLeadRoundInput): RankedLeadRoundRow[] => {
  input.racers.forEach((racer, index) => {
    if (racer.route !== null) validateLeadScore(racer.route, `racers.${index}.route.hold`);
  });
  const criteria = [
    HEIGHT,
    ...countbackCriterion<LeadEntry>(input.previousRanks, (racer) => racer.racerId),
    ...(input.timeTieBreak === true ? [TIME] : []),
  ];
  return rankByCriteria(input.racers, (racer) => racer.racerId, criteria).map(({ item, rank, tieBreak }) => ({
    racerId: item.racerId,
    rank,
    tieBreak,
  }));
};
