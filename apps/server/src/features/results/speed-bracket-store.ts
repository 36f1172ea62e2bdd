import { RANKING_ORDER, SPEED_STAGES, ranksSexesApart, speedBracketSize, type RaceGender, type RoundState, type Sex, type SpeedRun, type SpeedStage } from '@climbing/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { readAll, type Executor } from '../../db/database.ts';
import { racers, rounds, speedMatches, speedRoutes, type Race, type SpeedMatch } from '../../db/schema/index.ts';

/*
 * Speed elimination finals (spec 3 "Speed elimination match", RULES.md 3): reading the bracket.
 *
 * Storage: every bracket racer has one FINAL round. Its speed_routes hold one run per match the
 * racer may climb, under routeIndex = the match stage's position in SPEED_STAGES (EIGHTH_FINAL 0,
 * QUARTER_FINAL 1, HALF_FINAL 2, SMALL_FINAL 3, BIG_FINAL 4) and attemptIndex 0. speed_matches hold
 * the pairings; a match of a later stage is created as soon as both of its racers are known.
 * A MIXED race that ranks the sexes apart has one bracket per sex: its matches carry the gender
 * WOMEN or MEN; otherwise the race's gender.
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

/** The match gender of a ranking's bracket. */
export const bracketGender = (race: Pick<Race, 'raceGender'>, ranking: Sex | null): RaceGender => (ranking === null ? race.raceGender : ranking === 'F' ? 'WOMEN' : 'MEN');

export interface PlannedBracket {
  gender: RaceGender;
  entrants: BracketEntrant[];
  /** 16, 8, 4, or 0 when the ranking keeps its qualification ranking. */
  size: 16 | 8 | 4 | 0;
}

/**
 * The brackets the finals of a speed race get from the stage before: one per ranking (sex) that has
 * racers, each as large as its racers with a valid time and the race's numberOfFinalRacers allow.
 */
export function plannedBrackets(race: Race, previousRows: readonly (EntrantSource & { racer: { id: number; sex: Sex } })[]): PlannedBracket[] {
  const rankings: (Sex | null)[] = ranksSexesApart(race) ? [...RANKING_ORDER] : [null];
  const limit = race.speedSettings?.numberOfFinalRacers;
  return rankings.flatMap((ranking) => {
    const rows = previousRows.filter((row) => ranking === null || row.racer.sex === ranking);
    if (rows.length === 0) return [];
    const entrants = bracketEntrants(rows);
    return [{ gender: bracketGender(race, ranking), entrants, size: speedBracketSize(entrants.length, limit) }];
  });
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
  /** The bracket the match belongs to: WOMEN or MEN when the sexes are ranked apart, else the race's gender. */
  gender: RaceGender;
  stage: SpeedStage;
  stageIndex: number;
  state: RoundState;
  /** Send it back with a write: a write in between answers 409 VERSION_CONFLICT. */
  version: number;
  racerA: SpeedMatchRacerView | null;
  racerB: SpeedMatchRacerView | null;
  winnerRacerId: number | null;
}

export interface GenderBracketView {
  gender: RaceGender;
  size: number;
  stages: SpeedStage[];
  matches: SpeedMatchView[];
}

export interface SpeedBracketView {
  raceId: number;
  /** The largest bracket's size and stages, every match of every bracket (one bracket: the same as `brackets[0]`). */
  size: number;
  stages: SpeedStage[];
  matches: SpeedMatchView[];
  /** One bracket per ranking that has one: per sex when a MIXED race ranks the sexes apart. */
  brackets: GenderBracketView[];
}

const stageOrder = (a: SpeedMatch, b: SpeedMatch): number => SPEED_STAGES.indexOf(a.stage) - SPEED_STAGES.indexOf(b.stage) || a.stageIndex - b.stageIndex;

export async function matchViews(db: Executor, matches: readonly SpeedMatch[]): Promise<SpeedMatchView[]> {
  const racerIds = [...new Set(matches.flatMap((match) => [match.racerAId, match.racerBId]).filter((id): id is number => id !== null))];
  const roundIds = [...new Set(matches.flatMap((match) => [match.racerARoundId, match.racerBRoundId]).filter((id): id is number => id !== null))];
  const [racerRows, roundRows, runRows] =
    racerIds.length === 0
      ? [[], [], []]
      : await readAll(db, [
          () => db.select({ id: racers.id, racerNumber: racers.racerNumber, fullName: racers.fullName, country: racers.country }).from(racers).where(inArray(racers.id, racerIds)),
          async () => (roundIds.length === 0 ? [] : db.select({ id: rounds.id, version: rounds.version }).from(rounds).where(inArray(rounds.id, roundIds))),
          async () => (roundIds.length === 0 ? [] : db.select().from(speedRoutes).where(and(inArray(speedRoutes.roundId, roundIds), eq(speedRoutes.attemptIndex, 0)))),
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
      gender: match.gender,
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

/**
 * A match as the racer list of a speed final gives it beside each of its two racers: the pairing,
 * so the organiser reopens (and a judge corrects) the two rounds of one match together.
 */
export interface RacerSpeedMatchView {
  id: number;
  gender: RaceGender;
  stage: SpeedStage;
  stageIndex: number;
  /** The match's own state: CLOSED once its result is entered (its rounds may be open or closed). */
  state: RoundState;
  racerAId: number | null;
  racerBId: number | null;
  winnerRacerId: number | null;
}

/** The matches of every bracket racer of the race, by racer id, each racer's in bracket order (one query). */
export async function speedMatchesByRacer(db: Executor, raceId: number): Promise<Map<number, RacerSpeedMatchView[]>> {
  const matches = (await db.select().from(speedMatches).where(eq(speedMatches.raceId, raceId)).orderBy(asc(speedMatches.id))).sort(stageOrder);
  const byRacer = new Map<number, RacerSpeedMatchView[]>();
  for (const match of matches) {
    const view: RacerSpeedMatchView = {
      id: match.id,
      gender: match.gender,
      stage: match.stage,
      stageIndex: match.stageIndex,
      state: match.state,
      racerAId: match.racerAId,
      racerBId: match.racerBId,
      winnerRacerId: match.winnerRacerId,
    };
    for (const racerId of [match.racerAId, match.racerBId]) {
      if (racerId === null) continue;
      const own = byRacer.get(racerId);
      if (own) own.push(view);
      else byRacer.set(racerId, [view]);
    }
  }
  return byRacer;
}

/** The bracket of a race whose finals have not started. */
export const emptyBracket = (raceId: number): SpeedBracketView => ({ raceId, size: 0, stages: [], matches: [], brackets: [] });

/** Every match of the race's bracket, by stage then position; an empty bracket before the finals. */
export async function loadSpeedBracket(db: Executor, race: Race): Promise<SpeedBracketView> {
  const matches = (await db.select().from(speedMatches).where(eq(speedMatches.raceId, race.id)).orderBy(asc(speedMatches.id))).sort(stageOrder);
  const views = await matchViews(db, matches);
  const order: RaceGender[] = ['WOMEN', 'MEN', 'MIXED'];
  const brackets = order
    .map((gender) => {
      const own = views.filter((match) => match.gender === gender);
      const first = own[0]?.stage;
      const size = first === undefined ? 0 : own.filter((match) => match.stage === first).length * 2;
      return { gender, size, stages: first === undefined ? [] : bracketStages(first), matches: own };
    })
    .filter((bracket) => bracket.matches.length > 0);
  const largest = [...brackets].sort((a, b) => b.size - a.size)[0];
  return { raceId: race.id, size: largest?.size ?? 0, stages: largest?.stages ?? [], matches: views, brackets };
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

