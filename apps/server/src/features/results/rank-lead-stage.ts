import { rankLeadQualification, rankLeadRound, rankStage, type LeadScore, type RankedLeadQualificationRow, type RankedLeadRoundRow } from '@climbing/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { leadRoutes, rounds } from '../../db/schema/index.ts';
import type { StageContext } from './rank-stage-context.ts';
import { baseRow, racerKey, type RouteMark, type ResultRow } from './result-rows.ts';

const score = (route: RouteMark | null): LeadScore | null =>
  route && (route.hold !== null || route.top) ? { hold: route.hold ?? 0, plus: route.plus, top: route.top, timeMs: route.time } : null;

/**
 * A lead stage: each ranking (sex) on its own. A qualification on several routes is ranked by the
 * geometric mean of the route places (groups climb the same routes, so one field), later stages by
 * height with count-back and, in the final, the time. Racers with nothing entered are last.
 */
export async function rankLeadStage(db: Executor, context: StageContext): Promise<ResultRow[]> {
  const { stage, loaded, problemCount: count } = context;
  const roundIds = loaded.map((round) => round.roundId);
  // The stage's rounds as a subquery: thousands of round ids as parameters cost more than the join.
  const stageRounds = db.select({ id: rounds.id }).from(rounds).where(and(eq(rounds.raceId, context.race.id), eq(rounds.stage, stage)));
  const rows = roundIds.length === 0 ? [] : await db.select().from(leadRoutes).where(inArray(leadRoutes.roundId, stageRounds));
  const routesOf = new Map(roundIds.map((id) => [id, Array.from({ length: count }, (): RouteMark | null => null)]));
  for (const row of rows) {
    const list = routesOf.get(row.roundId);
    if (list && row.routeIndex < count) list[row.routeIndex] = { hold: row.hold, plus: row.plus, top: row.top, time: row.timeMs };
  }
  const marksOf = (roundId: number) => routesOf.get(roundId) ?? [];
  const entries = loaded.map((round) => ({
    racerId: racerKey(round),
    sex: round.racer.sex,
    group: round.groupId,
    empty: marksOf(round.roundId).every((route) => score(route) === null),
    round,
  }));
  const multiRoute = stage === 'QUALIFICATION' && count > 1;
  const places = rankStage<(typeof entries)[number], RankedLeadQualificationRow | RankedLeadRoundRow>({
    entries,
    separateSexes: context.separateSexes,
    groupsRankedApart: false,
    rankField: (field, ranking) => {
      if (multiRoute) return rankLeadQualification({ racers: field.map((entry) => ({ racerId: entry.racerId, routes: marksOf(entry.round.roundId).map(score) })) });
      const previousRanks = context.countback(ranking);
      return rankLeadRound({
        racers: field.map((entry) => ({ racerId: entry.racerId, route: score(marksOf(entry.round.roundId)[0] ?? null) })),
        ...(previousRanks ? { previousRanks } : {}),
        timeTieBreak: stage === 'FINAL',
      });
    },
  });
  return places.map(({ entry, result, rank }) => {
    const qualification = result && 'routeResults' in result ? result : null;
    return {
      ...baseRow(entry.round, stage),
      rank,
      routes: marksOf(entry.round.roundId).map((route) => route ?? { hold: null, plus: false, top: false, time: null }),
      score: qualification ? Math.round(qualification.score * 1000) / 1000 : null,
      routeResults: multiRoute ? (qualification?.routeResults ?? []) : null,
      tieBreak: result && 'tieBreak' in result ? result.tieBreak : null,
      empty: entry.empty,
    };
  });
}
