import { rankBoulderRound, rankStage, type BoulderScore, type Stage } from '@climbing/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { jsonColumn, type Executor } from '../../db/database.ts';
import { boulderScores, rounds } from '../../db/schema/index.ts';
import type { StageContext } from './rank-stage-context.ts';
import { baseRow, racerKey, type ResultRow } from './result-rows.ts';

interface BoulderMarks {
  scores: BoulderScore[];
  /** Anything entered: an attempt, a zone or a top. */
  touched: boolean;
}

/** [roundId, boulderIndex, topAttempts, zoneAttempts, currentAttempt] of every boulder score of a stage. */
export type BoulderMarkRow = [number, number, number | null, number | null, number];

/**
 * Every boulder score of a race's stage. The stage's rounds as a subquery (thousands of round ids
 * as parameters cost more than the join), so it needs nothing read before it and runs beside the
 * read of the rounds. One JSON array of tuples: twenty thousand rows cost less than as many row
 * objects built by the driver and Drizzle.
 */
export async function readBoulderMarks(db: Executor, raceId: number, stage: Stage): Promise<BoulderMarkRow[]> {
  const stageRounds = db.select({ id: rounds.id }).from(rounds).where(and(eq(rounds.raceId, raceId), eq(rounds.stage, stage)));
  const result = await db.execute(
    sql`select coalesce(json_agg(json_build_array(${boulderScores.roundId}, ${boulderScores.boulderIndex}, ${boulderScores.topAttempts}, ${boulderScores.zoneAttempts}, ${boulderScores.currentAttempt})), '[]'::json) as marks from ${boulderScores} where ${inArray(boulderScores.roundId, stageRounds)}`,
  );
  return jsonColumn<BoulderMarkRow[]>(result, 'marks');
}

function boulderMarks(rows: readonly BoulderMarkRow[], roundIds: number[], count: number): Map<number, BoulderMarks> {
  const marks = new Map(roundIds.map((id) => [id, { scores: Array.from({ length: count }, (): BoulderScore => ({ topAttempts: null, zoneAttempts: null })), touched: false }]));
  for (const [roundId, boulderIndex, topAttempts, zoneAttempts, currentAttempt] of rows) {
    const entry = marks.get(roundId);
    if (!entry || boulderIndex >= count) continue;
    entry.scores[boulderIndex] = { topAttempts, zoneAttempts };
    if (currentAttempt > 0 || topAttempts !== null || zoneAttempts !== null) entry.touched = true;
  }
  return marks;
}

/**
 * A bouldering stage: each ranking (sex) on its own; qualification groups ranked apart and merged
 * (they climb different boulders, RULES.md 1c); count-back in later stages; the podium tie-break
 * of tops-and-zones finals; racers with nothing entered last.
 */
export async function rankBoulderStage(db: Executor, context: StageContext, markRows?: Promise<BoulderMarkRow[]>): Promise<ResultRow[]> {
  const { race, stage, loaded } = context;
  const scoringType = race.boulderingSettings?.scoringType ?? 'IFSC_POINTS';
  const marks = boulderMarks(
    await (markRows ?? readBoulderMarks(db, race.id, stage)),
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
