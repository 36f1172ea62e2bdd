import { DomainError, RANKING_ORDER, ranksSexesApart, speedRunsPerRacer, stagesOf, type RaceFormat, type Sex, type Stage } from '@climbing/domain';
import { eq, sql } from 'drizzle-orm';
import { readAll, readsSideBySide, type Executor } from '../../db/database.ts';
import { races, rounds, type Race } from '../../db/schema/index.ts';
import { lastScoreAtSql } from '../scoring/last-score.ts';
import { rankBoulderStage, readBoulderMarks } from './rank-boulder-stage.ts';
import { rankLeadStage } from './rank-lead-stage.ts';
import type { StageContext } from './rank-stage-context.ts';
import { hasSpeedBracket, rankSpeedBracket, rankSpeedRuns } from './rank-speed-stage.ts';
import { finishRows, type ResultRow, type StageResults } from './result-rows.ts';
import { loadStageRounds } from './stage-rounds.ts';

export type { AgeCategoryRef, ResultRacer, ResultRow, RouteMark, StageResults } from './result-rows.ts';

export async function findRace(db: Executor, raceId: number): Promise<Race> {
  const [race] = await db.select().from(races).where(eq(races.id, raceId));
  if (!race) throw new DomainError('RACE_NOT_FOUND');
  return race;
}

/**
 * What computing a race's results starts from, in one query: the race, its stages that have rounds
 * (the others are empty without reading them) and when its newest score entry arrived.
 */
export async function readRaceForResults(db: Executor, raceId: number): Promise<{ race: Race; stagesWithRounds: ReadonlySet<Stage>; lastScoreAt: Date | null }> {
  const [row] = await db
    .select({
      race: races,
      lastScoreAt: lastScoreAtSql(sql`${raceId}`),
      stagesWithRounds: sql<Stage[] | string>`(select coalesce(json_agg(s.stage), '[]'::json) from unnest(enum_range(null::stage)) as s(stage)
        where exists (select 1 from ${rounds} r where r.race_id = ${raceId} and r.stage = s.stage))`,
    })
    .from(races)
    .where(eq(races.id, raceId));
  if (!row) throw new DomainError('RACE_NOT_FOUND');
  const stages = typeof row.stagesWithRounds === 'string' ? (JSON.parse(row.stagesWithRounds) as Stage[]) : row.stagesWithRounds;
  return { race: row.race, stagesWithRounds: new Set(stages), lastScoreAt: row.lastScoreAt };
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

/**
 * Count-back ranks of one ranking from the stage before: none after a bouldering qualification
 * that this ranking climbed in several groups (they climb different boulders, RULES.md 1a/1c);
 * lead groups climb the same routes, so their ranks count back.
 */
function countbackFrom(race: Race, previousStage: Stage | undefined, previousRows: readonly ResultRow[]): StageContext['countback'] {
  return (ranking: Sex | null) => {
    if (!previousStage) return undefined;
    const rows = previousRows.filter((row) => ranking === null || row.racer.sex === ranking);
    const ranGroups = race.discipline === 'BOULDERING' && previousStage === 'QUALIFICATION' && new Set(rows.map((row) => row.racer.qualificationGroup)).size > 1;
    return ranGroups ? undefined : Object.fromEntries(rows.map((row) => [String(row.racer.id), row.rank]));
  };
}

/**
 * The results of one stage, computed by the domain engine from the stored raw scores (ranks are
 * never stored): per sex when a MIXED race ranks the sexes apart, racers without a result last,
 * category ranks from the ranks. Semifinal and final rankings count back to the previous stage,
 * except after a bouldering qualification climbed in several groups (RULES.md 1a). `memo`
 * shares work between the stages of one request; `stagesWithRounds`, where known, spares the
 * reads of a stage without rounds (its results are empty).
 */
export async function computeStageResults(
  db: Executor,
  race: Race,
  stage: Stage,
  memo = new Map<Stage, Promise<StageResults>>(),
  stagesWithRounds?: ReadonlySet<Stage>,
): Promise<StageResults> {
  const known = memo.get(stage);
  if (known) return known;
  const work = (async (): Promise<StageResults> => {
    const stages = stagesOf(raceFormatOf(race));
    if (!stages.includes(stage) || (stagesWithRounds && !stagesWithRounds.has(stage))) return { raceId: race.id, stage, rows: [] };
    // A bouldering stage's scores are read beside its rounds (two connections on PostgreSQL; after them in a transaction).
    const markRows = race.discipline === 'BOULDERING' && readsSideBySide(db) ? readBoulderMarks(db, race.id, stage) : undefined;
    // Awaited below; a failure of the rounds' read first must not leave it unhandled.
    void markRows?.catch(() => undefined);
    const loaded = await loadStageRounds(db, race.id, stage);
    const previousStage = stages[stages.indexOf(stage) - 1];
    const previousRows = previousStage && loaded.length > 0 ? (await computeStageResults(db, race, previousStage, memo, stagesWithRounds)).rows : [];
    const separateSexes = ranksSexesApart(race);
    const context: StageContext = {
      race,
      stage,
      loaded,
      problemCount: problemCount(race, stage),
      separateSexes,
      countback: countbackFrom(race, previousStage, previousRows),
      previousRows,
    };

    let rows: ResultRow[];
    if (race.discipline === 'BOULDERING') rows = await rankBoulderStage(db, context, markRows);
    else if (race.discipline === 'LEAD') rows = await rankLeadStage(db, context);
    else if (stage === 'FINAL' && loaded.length > 0 && (await hasSpeedBracket(db, race.id))) rows = await rankSpeedBracket(db, context);
    else rows = await rankSpeedRuns(db, context);
    return { raceId: race.id, stage, rows: finishRows(rows, separateSexes) };
  })();
  memo.set(stage, work);
  return work;
}

/** Every stage of the race that has rounds, in order; the live view sends all of them. */
export async function computeRaceResults(db: Executor, race: Race): Promise<StageResults[]> {
  const memo = new Map<Stage, Promise<StageResults>>();
  const all = await readAll(db, stagesOf(raceFormatOf(race)).map((stage) => () => computeStageResults(db, race, stage, memo)));
  return all.filter((results) => results.rows.length > 0);
}

/** The rankings of a stage's rows, in display order: the sexes apart, or one ranking (null). */
export const rankingsOf = (race: Race): (Sex | null)[] => (ranksSexesApart(race) ? [...RANKING_ORDER] : [null]);
