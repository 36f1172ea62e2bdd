import {
  DomainError,
  mergeGroupRanks,
  rankBoulderRound,
  rankLeadQualification,
  rankLeadRound,
  rankSpeedFinals,
  rankSpeedQualification,
  speedRunsPerRacer,
  validTimeMs,
  stagesOf,
  type BoulderScore,
  type LeadScore,
  type RaceFormat,
  type SpeedRun,
  type Stage,
} from '@climbing/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { boulderScores, leadRoutes, qualificationGroups, racers, races, rounds, speedMatches, speedRoutes, type Race } from '../../db/schema/index.ts';
import { bracketEntrants, bracketRuns } from './speed-bracket-store.ts';

export interface ResultRacer {
  id: number;
  racerNumber: number;
  fullName: string;
  birthYear: number | null;
  sex: 'M' | 'F';
  country: string | null;
  club: string | null;
  qualificationGroup: string | null;
}

export interface RouteMark {
  hold: number | null;
  plus: boolean;
  top: boolean;
  time: number | null;
}

/** Spec 3 Result row, plus the raw marks the results page shows per boulder or route. */
export interface ResultRow {
  /** The round the row is computed from. */
  id: number;
  racer: ResultRacer;
  stage: Stage;
  rank: number;
  tops: number | null;
  zones: number | null;
  topAttempts: number | null;
  zoneAttempts: number | null;
  /** IFSC points for bouldering, the geometric mean for a lead qualification, else null. */
  score: number | null;
  tieBreak: string | null;
  boulders: { topAttempts: number | null; zoneAttempts: number | null }[] | null;
  routes: RouteMark[] | null;
  routeResults: { route: number; rank: number; arithmeticMean: number }[] | null;
  /** Speed: the best valid time in milliseconds. */
  time: number | null;
  falseStarts: number | null;
  falls: number | null;
  /** A round with nothing entered yet; it is ranked last with everyone else who has nothing. */
  empty: boolean;
}

export interface StageResults {
  raceId: number;
  stage: Stage;
  rows: ResultRow[];
}

interface LoadedRound {
  roundId: number;
  racer: ResultRacer;
  groupId: number | null;
}

export async function findRace(db: Executor, raceId: number): Promise<Race> {
  const [race] = await db.select().from(races).where(eq(races.id, raceId));
  if (!race) throw new DomainError('RACE_NOT_FOUND');
  return race;
}

export function raceFormatOf(race: Race): RaceFormat {
  if (race.discipline === 'LEAD') return race.leadSettings?.raceFormat ?? race.raceFormat;
  if (race.discipline === 'SPEED') return race.speedSettings?.raceFormat ?? race.raceFormat;
  return race.boulderingSettings?.raceFormat ?? race.raceFormat;
}

/** How many boulders (or lead routes, or speed runs) a round of this stage has. */
export function problemCount(race: Race, stage: Stage): number {
  if (race.discipline === 'BOULDERING') {
    const settings = race.boulderingSettings;
    if (!settings) return 0;
    if (stage === 'QUALIFICATION') return settings.numberOfQualificationBoulders;
    return stage === 'SEMIFINAL' ? settings.numberOfSemifinalBoulders : settings.numberOfFinalBoulders;
  }
  if (race.discipline === 'LEAD') return stage === 'QUALIFICATION' ? (race.leadSettings?.numberOfQualificationRoutes ?? 1) : 1;
  const speed = race.speedSettings;
  return speed ? speedRunsPerRacer(speed, stage) : 1;
}

async function loadRounds(db: Executor, raceId: number, stage: Stage): Promise<LoadedRound[]> {
  const rows = await db
    .select({
      roundId: rounds.id,
      groupId: rounds.qualificationGroupId,
      racerId: racers.id,
      racerNumber: racers.racerNumber,
      fullName: racers.fullName,
      birthYear: racers.birthYear,
      sex: racers.sex,
      country: racers.country,
      club: racers.club,
      groupName: qualificationGroups.name,
    })
    .from(rounds)
    .innerJoin(racers, eq(racers.id, rounds.racerId))
    .leftJoin(qualificationGroups, eq(qualificationGroups.id, racers.qualificationGroupId))
    .where(and(eq(rounds.raceId, raceId), eq(rounds.stage, stage)))
    .orderBy(asc(rounds.startingNumber), asc(racers.racerNumber));
  return rows.map((row) => ({
    roundId: row.roundId,
    groupId: row.groupId,
    racer: {
      id: row.racerId,
      racerNumber: row.racerNumber,
      fullName: row.fullName,
      birthYear: row.birthYear,
      sex: row.sex,
      country: row.country,
      club: row.club,
      qualificationGroup: row.groupName ?? null,
    },
  }));
}

const key = (round: LoadedRound): string => String(round.racer.id);

function baseRow(round: LoadedRound, stage: Stage): ResultRow {
  return {
    id: round.roundId,
    racer: round.racer,
    stage,
    rank: 0,
    tops: null,
    zones: null,
    topAttempts: null,
    zoneAttempts: null,
    score: null,
    tieBreak: null,
    boulders: null,
    routes: null,
    routeResults: null,
    time: null,
    falseStarts: null,
    falls: null,
    empty: true,
  };
}

async function boulderMarks(db: Executor, roundIds: number[], count: number): Promise<Map<number, { scores: BoulderScore[]; touched: boolean }>> {
  const marks = new Map(roundIds.map((id) => [id, { scores: Array.from({ length: count }, (): BoulderScore => ({ topAttempts: null, zoneAttempts: null })), touched: false }]));
  if (roundIds.length === 0) return marks;
  const rows = await db.select().from(boulderScores).where(inArray(boulderScores.roundId, roundIds));
  for (const row of rows) {
    const entry = marks.get(row.roundId);
    if (!entry || row.boulderIndex >= count) continue;
    entry.scores[row.boulderIndex] = { topAttempts: row.topAttempts, zoneAttempts: row.zoneAttempts };
    if (row.currentAttempt > 0 || row.topAttempts !== null || row.zoneAttempts !== null) entry.touched = true;
  }
  return marks;
}

function rankBoulders(race: Race, stage: Stage, loaded: LoadedRound[], marks: Map<number, { scores: BoulderScore[]; touched: boolean }>, previousRanks: Record<string, number> | undefined): ResultRow[] {
  const scoringType = race.boulderingSettings?.scoringType ?? 'IFSC_POINTS';
  const entry = (round: LoadedRound) => ({ racerId: key(round), boulders: marks.get(round.roundId)?.scores ?? [] });
  const groups = new Map<number | null, LoadedRound[]>();
  for (const round of loaded) groups.set(round.groupId, [...(groups.get(round.groupId) ?? []), round]);
  const inGroups = stage === 'QUALIFICATION' && groups.size > 1;

  const ranked = inGroups
    ? [...groups.values()].map((group) => rankBoulderRound({ scoringType, racers: group.map(entry) }))
    : [rankBoulderRound({ scoringType, racers: loaded.map(entry), ...(previousRanks ? { previousRanks } : {}) })];
  const byRacer = new Map(ranked.flat().map((row) => [row.racerId, row]));
  const finalRanks = inGroups ? new Map(mergeGroupRanks(ranked).map((row) => [row.racerId, row.rank])) : null;

  return loaded.map((round) => {
    const result = byRacer.get(key(round));
    const mark = marks.get(round.roundId);
    return {
      ...baseRow(round, stage),
      rank: finalRanks?.get(key(round)) ?? result?.rank ?? 0,
      tops: result?.tops ?? 0,
      zones: result?.zones ?? 0,
      topAttempts: result?.topAttempts ?? 0,
      zoneAttempts: result?.zoneAttempts ?? 0,
      score: result?.points ?? null,
      tieBreak: result?.tieBreak ?? null,
      boulders: mark?.scores ?? [],
      empty: !mark?.touched,
    };
  });
}

async function rankLead(db: Executor, stage: Stage, loaded: LoadedRound[], count: number, previousRanks: Record<string, number> | undefined): Promise<ResultRow[]> {
  const roundIds = loaded.map((round) => round.roundId);
  const rows = roundIds.length === 0 ? [] : await db.select().from(leadRoutes).where(inArray(leadRoutes.roundId, roundIds));
  const routesOf = new Map(roundIds.map((id) => [id, Array.from({ length: count }, (): RouteMark | null => null)]));
  for (const row of rows) {
    const list = routesOf.get(row.roundId);
    if (list && row.routeIndex < count) list[row.routeIndex] = { hold: row.hold, plus: row.plus, top: row.top, time: row.timeMs };
  }
  const score = (route: RouteMark | null): LeadScore | null =>
    route && (route.hold !== null || route.top) ? { hold: route.hold ?? 0, plus: route.plus, top: route.top, timeMs: route.time } : null;
  const rowOf = (round: LoadedRound): ResultRow => {
    const routes = routesOf.get(round.roundId) ?? [];
    return {
      ...baseRow(round, stage),
      routes: routes.map((route) => route ?? { hold: null, plus: false, top: false, time: null }),
      empty: routes.every((route) => score(route) === null),
    };
  };

  if (stage === 'QUALIFICATION' && count > 1) {
    const ranked = new Map(
      rankLeadQualification({ racers: loaded.map((round) => ({ racerId: key(round), routes: (routesOf.get(round.roundId) ?? []).map(score) })) }).map((row) => [row.racerId, row]),
    );
    return loaded.map((round) => {
      const result = ranked.get(key(round));
      return { ...rowOf(round), rank: result?.rank ?? 0, score: result ? Math.round(result.score * 1000) / 1000 : null, routeResults: result?.routeResults ?? [] };
    });
  }
  const ranked = new Map(
    rankLeadRound({
      racers: loaded.map((round) => ({ racerId: key(round), route: score((routesOf.get(round.roundId) ?? [])[0] ?? null) })),
      ...(previousRanks ? { previousRanks } : {}),
      timeTieBreak: stage === 'FINAL',
    }).map((row) => [row.racerId, row]),
  );
  return loaded.map((round) => {
    const result = ranked.get(key(round));
    return { ...rowOf(round), rank: result?.rank ?? 0, tieBreak: result?.tieBreak ?? null };
  });
}

async function rankSpeed(db: Executor, stage: Stage, loaded: LoadedRound[]): Promise<ResultRow[]> {
  const roundIds = loaded.map((round) => round.roundId);
  const rows =
    roundIds.length === 0 ? [] : await db.select().from(speedRoutes).where(inArray(speedRoutes.roundId, roundIds)).orderBy(asc(speedRoutes.routeIndex), asc(speedRoutes.attemptIndex));
  const runsOf = new Map<number, SpeedRun[]>(roundIds.map((id) => [id, []]));
  for (const row of rows) runsOf.get(row.roundId)?.push({ timeMs: row.timeMs, fall: row.fall, falseStart: row.falseStart });
  const ranked = new Map(rankSpeedQualification({ racers: loaded.map((round) => ({ racerId: key(round), runs: runsOf.get(round.roundId) ?? [] })) }).map((row) => [row.racerId, row]));
  return loaded.map((round) => {
    const runs = runsOf.get(round.roundId) ?? [];
    const result = ranked.get(key(round));
    return {
      ...baseRow(round, stage),
      rank: result?.rank ?? 0,
      time: result?.bestTimeMs ?? null,
      falls: runs.filter((run) => run.fall).length,
      falseStarts: runs.filter((run) => run.falseStart).length,
      empty: runs.length === 0,
    };
  });
}

/**
 * Speed finals with an elimination bracket: rankSpeedFinals over the decided matches, seeded from
 * the previous stage exactly as the bracket was built. `time` is the best valid time of the finals.
 */
async function rankSpeedBracket(db: Executor, race: Race, stage: Stage, loaded: LoadedRound[], previousRows: readonly ResultRow[]): Promise<ResultRow[]> {
  const runs = await bracketRuns(db, race);
  const ranked = new Map(
    rankSpeedFinals({ qualification: bracketEntrants(previousRows), runs: runs.map((entry) => ({ stage: entry.stage, racerId: String(entry.racerId), run: entry.run })) }).map((row) => [
      row.racerId,
      row.rank,
    ]),
  );
  return loaded.map((round) => {
    const own = runs.filter((entry) => entry.racerId === round.racer.id).map((entry) => entry.run);
    const times = own.map(validTimeMs).filter((time): time is number => time !== null);
    return {
      ...baseRow(round, stage),
      rank: ranked.get(key(round)) ?? 0,
      time: times.length === 0 ? null : Math.min(...times),
      falls: own.filter((run) => run.fall).length,
      falseStarts: own.filter((run) => run.falseStart).length,
      empty: own.length === 0,
    };
  });
}

async function hasSpeedBracket(db: Executor, raceId: number): Promise<boolean> {
  const [match] = await db.select({ id: speedMatches.id }).from(speedMatches).where(eq(speedMatches.raceId, raceId)).limit(1);
  return match !== undefined;
}

const byRank = (a: ResultRow, b: ResultRow): number => a.rank - b.rank || Number(a.empty) - Number(b.empty) || a.racer.racerNumber - b.racer.racerNumber;

/**
 * The results of one stage, computed by the domain engine from the stored raw scores (ranks are
 * never stored). Semifinal and final rankings count back to the previous stage, except after a
 * qualification climbed in several groups (RULES.md 1a). `memo` shares work between the stages
 * of one request.
 */
export async function computeStageResults(db: Executor, race: Race, stage: Stage, memo = new Map<Stage, Promise<StageResults>>()): Promise<StageResults> {
  const known = memo.get(stage);
  if (known) return known;
  const work = (async (): Promise<StageResults> => {
    const stages = stagesOf(raceFormatOf(race));
    if (!stages.includes(stage)) return { raceId: race.id, stage, rows: [] };
    const loaded = await loadRounds(db, race.id, stage);
    const count = problemCount(race, stage);

    let previousRanks: Record<string, number> | undefined;
    let previousRows: ResultRow[] = [];
    const previousStage = stages[stages.indexOf(stage) - 1];
    if (previousStage && loaded.length > 0) {
      const previous = await computeStageResults(db, race, previousStage, memo);
      previousRows = previous.rows;
      // Bouldering groups climb different boulders, so their ranks are merged and give no count-back
      // (RULES.md 1a/1c); lead groups climb the same routes and are ranked as one field.
      const ranGroups =
        race.discipline === 'BOULDERING' && previousStage === 'QUALIFICATION' && new Set(previous.rows.map((row) => row.racer.qualificationGroup)).size > 1;
      if (!ranGroups) previousRanks = Object.fromEntries(previous.rows.map((row) => [String(row.racer.id), row.rank]));
    }

    let rows: ResultRow[];
    if (race.discipline === 'BOULDERING') {
      rows = rankBoulders(race, stage, loaded, await boulderMarks(db, loaded.map((round) => round.roundId), count), previousRanks);
    } else if (race.discipline === 'LEAD') {
      rows = await rankLead(db, stage, loaded, count, previousRanks);
    } else if (stage === 'FINAL' && loaded.length > 0 && (await hasSpeedBracket(db, race.id))) {
      rows = await rankSpeedBracket(db, race, stage, loaded, previousRows);
    } else {
      rows = await rankSpeed(db, stage, loaded);
    }
    return { raceId: race.id, stage, rows: rows.sort(byRank) };
  })();
  memo.set(stage, work);
  return work;
}

/** Every stage of the race that has rounds, in order; the live view sends all of them. */
export async function computeRaceResults(db: Executor, race: Race): Promise<StageResults[]> {
  const memo = new Map<Stage, Promise<StageResults>>();
  const all = await Promise.all(stagesOf(raceFormatOf(race)).map((stage) => computeStageResults(db, race, stage, memo)));
  return all.filter((results) => results.rows.length > 0);
}
