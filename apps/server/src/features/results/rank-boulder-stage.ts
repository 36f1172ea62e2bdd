import { rankBoulderRound, rankStage, type BoulderScore } from '@climbing/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { boulderScores, rounds } from '../../db/schema/index.ts';
import type { StageContext } from './rank-stage-context.ts';
import { baseRow, racerKey, type ResultRow } from './result-rows.ts';

interface BoulderMarks {
  scores: BoulderScore[];
  /** Anything entered: an attempt, a zone or a top. */
  touched: boolean;
}

async function boulderMarks(db: Executor, context: StageContext, roundIds: number[], count: number): Promise<Map<number, BoulderMarks>> {
  const marks = new Map(roundIds.map((id) => [id, { scores: Array.from({ length: count }, (): BoulderScore => ({ topAttempts: null, zoneAttempts: null })), touched: false }]));
  if (roundIds.length === 0) return marks;
  // The stage's rounds as a subquery: thousands of round ids as parameters cost more than the join.
  const stageRounds = db.select({ id: rounds.id }).from(rounds).where(and(eq(rounds.raceId, context.race.id), eq(rounds.stage, context.stage)));
  const rows = await db.select().from(boulderScores).where(inArray(boulderScores.roundId, stageRounds));
  for (const row of rows) {
    const entry = marks.get(row.roundId);
    if (!entry || row.boulderIndex >= count) continue;
    entry.scores[row.boulderIndex] = { topAttempts: row.topAttempts, zoneAttempts: row.zoneAttempts };
    if (row.currentAttempt > 0 || row.topAttempts !== null || row.zoneAttempts !== null) entry.touched = true;
  }
  return marks;
}

/**
 * A bouldering stage: each ranking (sex) on its own; qualification groups ranked apart and merged
 * (they climb different boulders, RULES.md 1c); count-back in later stages; the podium tie-break
 * of tops-and-zones finals; racers with nothing entered last.
 */
export async function rankBoulderStage(db: Executor, context: StageContext): Promise<ResultRow[]> {
  const { race, stage, loaded } = context;
  const scoringType = race.boulderingSettings?.scoringType ?? 'IFSC_POINTS';
  const marks = await boulderMarks(
    db,
    context,
    loaded.map((round) => round.roundId),
    context.problemCount,
  );
  const scoresOf = (roundId: number): BoulderScore[] => marks.get(roundId)?.scores ?? [];
  const places = rankStage({
    entries: loaded.map((round) => ({ racerId: racerKey(round), sex: round.racer.sex, group: round.groupId, empty: !marks.get(round.roundId)?.touched, round })),
    separateSexes: context.separateSexes,
    groupsRankedApart: stage === 'QUALIFICATION',
    rankField: (field, ranking) => {
      const previousRanks = context.countback(ranking);
      return rankBoulderRound({
        scoringType,
        racers: field.map((entry) => ({ racerId: entry.racerId, boulders: scoresOf(entry.round.roundId) })),
        ...(previousRanks ? { previousRanks } : {}),
        podiumTieBreak: stage === 'FINAL',
      });
    },
  });
  return places.map(({ entry, result, rank }) => ({
    ...baseRow(entry.round, stage),
    rank,
    tops: result?.tops ?? 0,
    zones: result?.zones ?? 0,
    topAttempts: result?.topAttempts ?? 0,
    zoneAttempts: result?.zoneAttempts ?? 0,
    score: result?.points ?? (scoringType === 'IFSC_POINTS' ? 0 : null),
    tieBreak: result?.tieBreak ?? null,
    boulders: scoresOf(entry.round.roundId),
    empty: entry.empty,
  }));
}
