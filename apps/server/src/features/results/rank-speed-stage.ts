import { rankSpeedFinals, rankSpeedQualification, rankStage, speedFinalStandings, validTimeMs, type RankSpeedFinalsInput, type SpeedFinalStanding, type SpeedRun } from '@climbing/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { rounds, speedMatches, speedRoutes } from '../../db/schema/index.ts';
import type { StageContext } from './rank-stage-context.ts';
import { baseRow, racerKey, type ResultRow, type SpeedRunMark } from './result-rows.ts';
import { bracketEntrants, bracketRuns } from './speed-bracket-store.ts';

/** A run row exists from the start (the scorecard writes into it); it counts once something is entered. */
const entered = (run: SpeedRun): boolean => run.timeMs !== null || run.fall || run.falseStart;

/** A speed qualification (or any stage without a bracket): best valid time per ranking (sex), racers with no run entered last. */
export async function rankSpeedRuns(db: Executor, context: StageContext): Promise<ResultRow[]> {
  const { stage, loaded } = context;
  const roundIds = loaded.map((round) => round.roundId);
  const rows =
    roundIds.length === 0
      ? []
      : await db
          .select()
          .from(speedRoutes)
          // The stage's rounds as a subquery: thousands of round ids as parameters cost more than the join.
          .where(inArray(speedRoutes.roundId, db.select({ id: rounds.id }).from(rounds).where(and(eq(rounds.raceId, context.race.id), eq(rounds.stage, stage)))))
          .orderBy(asc(speedRoutes.routeIndex), asc(speedRoutes.attemptIndex));
  const runsOf = new Map<number, SpeedRun[]>(roundIds.map((id) => [id, []]));
  // Every run slot (lane A and B, or the nomination type's routes and attempts) for the published table, entered or not.
  const marksOf = new Map<number, SpeedRunMark[]>(roundIds.map((id) => [id, []]));
  for (const row of rows) {
    const run = { timeMs: row.timeMs, fall: row.fall, falseStart: row.falseStart };
    if (entered(run)) runsOf.get(row.roundId)?.push(run);
    marksOf.get(row.roundId)?.push({ route: row.routeIndex, attempt: row.attemptIndex, time: row.timeMs, fall: row.fall, falseStart: row.falseStart });
  }
  const runs = (roundId: number): SpeedRun[] => runsOf.get(roundId) ?? [];
  const places = rankStage({
    entries: loaded.map((round) => ({ racerId: racerKey(round), sex: round.racer.sex, group: round.groupId, empty: runs(round.roundId).length === 0, round })),
    separateSexes: context.separateSexes,
    groupsRankedApart: false,
    rankField: (field) => rankSpeedQualification({ racers: field.map((entry) => ({ racerId: entry.racerId, runs: runs(entry.round.roundId) })) }),
  });
  return places.map(({ entry, result, rank }) => {
    const own = runs(entry.round.roundId);
    return {
      ...baseRow(entry.round, stage),
      rank,
      time: result?.bestTimeMs ?? null,
      runs: marksOf.get(entry.round.roundId) ?? [],
      falls: own.filter((run) => run.fall).length,
      falseStarts: own.filter((run) => run.falseStart).length,
      empty: entry.empty,
    };
  });
}

/**
 * Speed finals with an elimination bracket, one per ranking (sex): rankSpeedFinals over the decided
 * matches, seeded from the stage before exactly as the bracket was built. A racer whose heat is
 * not run yet keeps the best place still reachable (the bracket's own provisional ranking), so
 * here nobody is "empty" for the ranking. `time` is the best valid time of the finals; `speedFinal`
 * says where the racer stands in the bracket and which run their place rests on.
 */
export async function rankSpeedBracket(db: Executor, context: StageContext): Promise<ResultRow[]> {
  const { race, stage, loaded } = context;
  const runs = await bracketRuns(db, race);
  const numberOfFinalRacers = race.speedSettings?.numberOfFinalRacers;
  // Each ranking's standings in its bracket, from the same input as its ranks.
  const standings = new Map<string, SpeedFinalStanding>();
  const places = rankStage({
    entries: loaded.map((round) => ({ racerId: racerKey(round), sex: round.racer.sex, group: null, empty: false, round })),
    separateSexes: context.separateSexes,
    groupsRankedApart: false,
    rankField: (_field, ranking) => {
      const input: RankSpeedFinalsInput = {
        qualification: bracketEntrants(context.previousRows.filter((row) => ranking === null || row.racer.sex === ranking)),
        runs: runs.map((entry) => ({ stage: entry.stage, racerId: String(entry.racerId), run: entry.run })),
        ...(numberOfFinalRacers === undefined ? {} : { numberOfFinalRacers }),
      };
      for (const [racerId, standing] of speedFinalStandings(input)) standings.set(racerId, standing);
      return rankSpeedFinals(input);
    },
  });
  const runsOfRacer = new Map<number, SpeedRun[]>();
  for (const { racerId, run } of runs) {
    const list = runsOfRacer.get(racerId);
    if (list) list.push(run);
    else runsOfRacer.set(racerId, [run]);
  }
  return places.map(({ entry, rank }) => {
    const own = runsOfRacer.get(entry.round.racer.id) ?? [];
    const times = own.map(validTimeMs).filter((time): time is number => time !== null);
    const standing = standings.get(entry.racerId);
    return {
      ...baseRow(entry.round, stage),
      rank,
      time: times.length === 0 ? null : Math.min(...times),
      speedFinal: standing
        ? {
            stage: standing.stage,
            decided: standing.decided,
            run: standing.run && { time: standing.run.timeMs, fall: standing.run.fall, falseStart: standing.run.falseStart },
            bestTime: standing.bestTimeMs,
          }
        : null,
      falls: own.filter((run) => run.fall).length,
      falseStarts: own.filter((run) => run.falseStart).length,
      empty: own.length === 0,
    };
  });
}

export async function hasSpeedBracket(db: Executor, raceId: number): Promise<boolean> {
  const [match] = await db.select({ id: speedMatches.id }).from(speedMatches).where(eq(speedMatches.raceId, raceId)).limit(1);
  return match !== undefined;
}
