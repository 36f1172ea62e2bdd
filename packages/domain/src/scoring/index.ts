// Public surface of the ranking engine: pure functions over plain data, shared by server and web.
export type { BoulderScore, LeadScore, RacerId, RankedRacer, SpeedRun } from './scoring-types.ts';
export { TIE_BREAK_CODES, type TieBreakCode } from './tie-break-codes.ts';
export { validateBoulderScore } from './validate-boulder-score.ts';
export { boulderPointsTenths } from './boulder-points.ts';
export { rankBoulderTotals, type BoulderTotals, type RankBoulderTotalsInput, type RankedBoulderRow } from './rank-boulder-totals.ts';
export { rankBoulderRound, sumBoulders, type RankBoulderRoundInput } from './rank-boulder-round.ts';
export { mergeGroupRanks } from './merge-group-ranks.ts';
export { compareLeadScores, validateLeadScore } from './compare-lead-scores.ts';
export {
  rankLeadQualification,
  type LeadRouteResult,
  type RankLeadQualificationInput,
  type RankedLeadQualificationRow,
} from './rank-lead-qualification.ts';
export { rankLeadRound, type RankLeadRoundInput, type RankedLeadRoundRow } from './rank-lead-round.ts';
export { rankSpeedQualification, validTimeMs, type RankSpeedQualificationInput, type RankedSpeedQualificationRow } from './rank-speed-qualification.ts';
export { speedBracketSize } from './speed-bracket-size.ts';
export { speedBracket, type SpeedHeat } from './speed-bracket.ts';
export { rankSpeedFinals, speedFinalStandings, type RankSpeedFinalsInput, type SpeedFinalStanding } from './rank-speed-finals.ts';
export { parseTime } from './parse-time.ts';
export { formatTime } from './format-time.ts';
export { formatSpeedTimes } from './format-speed-times.ts';
export { categoryRanks, ranksWithin, type CategoryRankInput } from './category-ranks.ts';
export { rankStage, type RankStageInput, type StageEntry, type StagePlace } from './rank-stage.ts';
export { attemptProfile, splitPodiumTies, type AttemptProfile } from './podium-tie-break.ts';
