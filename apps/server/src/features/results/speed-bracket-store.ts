import { SPEED_STAGES, type RoundState, type SpeedRun, type SpeedStage } from '@climbing/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { racers, rounds, speedMatches, speedRoutes, type Race, type SpeedMatch } from '../../db/schema/index.ts';

/*
 * Speed elimination finals (spec 3 "Speed elimination match", RULES.md 3): reading the bracket.
 *
 * Storage: every bracket racer has one FINAL round. Its speed_routes hold one run per match the
 * racer may climb, under routeIndex = the match stage's position in SPEED_STAGES (EIGHTH_FINAL 0,
 * QUARTER_FINAL 1, HALF_FINAL 2, SMALL_FINAL 3, BIG_FINAL 4) and attemptIndex 0. speed_matches hold
 * the pairings; a match of a later stage is created as soon as both of its racers are known.
 * Writing is in scoring/speed-bracket-service.ts.
 */

/** routeIndex of the run of a match of this stage in the racer's FINAL round. */
export const speedStageRouteIndex = (stage: SpeedStage): number => SPEED_STAGES.indexOf(stage);

/** The stages a bracket starting at `first` climbs, in order (both finals at the end). */
export const bracketStages = (first: SpeedStage): SpeedStage[] => SPEED_STAGES.slice(SPEED_STAGES.indexOf(first));

/** The fields of a result row the bracket needs. */
export interface EntrantSource {
  racer: { id: number };
  rank: number;
  time: number | null;
  falseStarts: number | null;
  empty: boolean;
}

export interface BracketEntrant {
  racerId: string;
  rank: number;
  bestTimeMs: number | null;
}

/**
 * The racers eligible for the bracket, in seed order: the previous stage's results (best first)
 * with a valid time and no false start. The same list seeds the bracket when the finals start and
 * ranks them afterwards, so both agree on every pairing.
 */
export function bracketEntrants(previousRows: readonly EntrantSource[]): BracketEntrant[] {
  return previousRows
    .filter((row) => !row.empty && row.time !== null && (row.falseStarts ?? 0) === 0)
    .map((row) => ({ racerId: String(row.racer.id), rank: row.rank, bestTimeMs: row.time }));
}

export interface SpeedRunView {
  time: number | null;
  fall: boolean;
  falseStart: boolean;
}

export interface SpeedMatchRacerView {
  id: number;
  roundId: number | null;
  racerNumber: number;
  fullName: string;
  country: string | null;
  /** The run of this match; null while nothing is entered. */
  run: SpeedRunView | null;
}

export interface SpeedMatchView {
  id: number;
  stage: SpeedStage;
  stageIndex: number;
  state: RoundState;
  /** Send it back with a write: a write in between answers 409 VERSION_CONFLICT. */
  version: number;
  racerA: SpeedMatchRacerView | null;
  racerB: SpeedMatchRacerView | null;
  winnerRacerId: number | null;
}

export interface SpeedBracketView {
  raceId: number;
  size: number;
  stages: SpeedStage[];
  matches: SpeedMatchView[];
}

const stageOrder = (a: SpeedMatch, b: SpeedMatch): number => SPEED_STAGES.indexOf(a.stage) - SPEED_STAGES.indexOf(b.stage) || a.stageIndex - b.stageIndex;

export async function matchViews(db: Executor, matches: readonly SpeedMatch[]): Promise<SpeedMatchView[]> {
  const racerIds = [...new Set(matches.flatMap((match) => [match.racerAId, match.racerBId]).filter((id): id is number => id !== null))];
  const roundIds = [...new Set(matches.flatMap((match) => [match.racerARoundId, match.racerBRoundId]).filter((id): id is number => id !== null))];
  const [racerRows, roundRows, runRows] =
    racerIds.length === 0
      ? [[], [], []]
      : await Promise.all([
          db
            .select({ id: racers.id, racerNumber: racers.racerNumber, fullName: racers.fullName, country: racers.country })
            .from(racers)
            .where(inArray(racers.id, racerIds)),
          roundIds.length === 0 ? [] : db.select({ id: rounds.id, version: rounds.version }).from(rounds).where(inArray(rounds.id, roundIds)),
          roundIds.length === 0 ? [] : db.select().from(speedRoutes).where(and(inArray(speedRoutes.roundId, roundIds), eq(speedRoutes.attemptIndex, 0))),
        ]);
  const racerOf = new Map(racerRows.map((row) => [row.id, row]));
  const versionOf = new Map(roundRows.map((row) => [row.id, row.version]));
  const runOf = new Map(runRows.map((row) => [`${row.roundId}|${row.routeIndex}`, row]));

  return matches.map((match) => {
    const side = (racerId: number | null, roundId: number | null): SpeedMatchRacerView | null => {
      if (racerId === null) return null;
      const racer = racerOf.get(racerId);
      const run = roundId === null ? undefined : runOf.get(`${roundId}|${speedStageRouteIndex(match.stage)}`);
      const entered = run !== undefined && (match.state !== 'READY' || run.timeMs !== null || run.fall || run.falseStart);
      return {
        id: racerId,
        roundId,
        racerNumber: racer?.racerNumber ?? 0,
        fullName: racer?.fullName ?? '',
        country: racer?.country ?? null,
        run: entered ? { time: run.timeMs, fall: run.fall, falseStart: run.falseStart } : null,
      };
    };
    return {
      id: match.id,
      stage: match.stage,
      stageIndex: match.stageIndex,
      state: match.state,
      version: (versionOf.get(match.racerARoundId ?? 0) ?? 0) + (versionOf.get(match.racerBRoundId ?? 0) ?? 0),
      racerA: side(match.racerAId, match.racerARoundId),
      racerB: side(match.racerBId, match.racerBRoundId),
      winnerRacerId: match.winnerRacerId,
    };
  });
}

/** Every match of the race's bracket, by stage then position; an empty bracket before the finals. */
export async function loadSpeedBracket(db: Executor, race: Race): Promise<SpeedBracketView> {
  const matches = (await db.select().from(speedMatches).where(eq(speedMatches.raceId, race.id)).orderBy(asc(speedMatches.id))).sort(stageOrder);
  const first = matches[0]?.stage;
  const firstCount = matches.filter((match) => match.stage === first).length;
  return {
    raceId: race.id,
    size: first === undefined ? 0 : firstCount * 2,
    stages: first === undefined ? [] : bracketStages(first),
    matches: await matchViews(db, matches),
  };
}

/**
 * The runs of every decided match, for rankSpeedFinals: one entry per racer per stage climbed.
 * A run of a closed match always counts, even without a time (the racer whose opponent
 * false-started need not finish).
 */
export async function bracketRuns(db: Executor, race: Race): Promise<{ stage: SpeedStage; racerId: number; run: SpeedRun }[]> {
  const closed = await db
    .select()
    .from(speedMatches)
    .where(and(eq(speedMatches.raceId, race.id), eq(speedMatches.state, 'CLOSED')));
  const views = await matchViews(db, closed);
  return views.flatMap((match) =>
    [match.racerA, match.racerB]
      .filter((side): side is SpeedMatchRacerView => side !== null)
      .map((side) => ({ stage: match.stage, racerId: side.id, run: { timeMs: side.run?.time ?? null, fall: side.run?.fall ?? false, falseStart: side.run?.falseStart ?? false } })),
  );
}

