import crypto from 'node:crypto';
import { stagesOf, type Sex, type Stage } from '@climbing/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { readAll, type Executor } from '../../db/database.ts';
import { raceResultsVersions, type Race } from '../../db/schema/index.ts';
import { resultRow } from '../scoring/scoring-schemas.ts';
import { computeStageResults, raceFormatOf, readRaceForResults, type ResultRow, type StageResults } from './results-service.ts';
import { emptyBracket, loadSpeedBracket, type SpeedBracketView } from './speed-bracket-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    resultsCache: ResultsCache;
  }
}

/**
 * Results computed once per committed change (docs/judging-and-live.md, "Results cache").
 *
 * The database keeps a results version per race (`race_results_versions`, raised at commit by
 * triggers on everything results are computed from, whichever instance commits). A reader asks
 * for the version (one primary-key lookup) and gets the race's results as computed for that
 * version: ranked once, kept with their serialized forms. A results request, a new live
 * subscriber or a reconnect on an unchanged race costs no ranking and no results query. Readers
 * of the same new version share one computation.
 *
 * The version is read before the results are loaded, so what is kept under a version is never
 * older than that version (a commit landing during the computation may already be in it; the
 * next reader then sees a newer version and computes again).
 */

const resultRows = z.array(resultRow);

export interface CachedStage {
  results: StageResults;
  /**
   * `JSON.stringify(rows)`, for the whole tables of live streams: made on first use (a live update
   * sends a patch, and a table of two hundred racers is 115 KB to build and to collect).
   */
  readonly rowsJson: string;
}

const cachedStage = (results: StageResults): CachedStage => {
  let rowsJson: string | undefined;
  return {
    results,
    get rowsJson() {
      rowsJson ??= JSON.stringify(results.rows);
      return rowsJson;
    },
  };
};

export interface CachedBody {
  /** The JSON body of GET /api/results, as the route's response schema serializes it. */
  body: string;
  /** Weak ETag from the body's hash: equal bodies (on any instance, after a restart) match. */
  etag: string;
}

export interface CachedRaceResults {
  raceId: number;
  version: number;
  /** Every stage of the race's format, empty ones included, in order. */
  stages: Map<Stage, CachedStage>;
  /** When the server received the race's newest score entry (live events carry it). */
  lastScoreAt: Date | null;
  /**
   * A speed race's elimination bracket (every match, as GET /api/race/{id}/speed-bracket answers
   * it, and the live stream sends it): empty before its finals have rounds, null for a race
   * without speed finals. The matches, their rounds, runs and racers all raise the results version.
   */
  bracket: SpeedBracketView | null;
  /** Response bodies by stage and filters, made on first request. */
  bodies: Map<string, CachedBody>;
}

/** The race's results version; 0 before anything was committed for it. */
export async function resultsVersionOf(db: Executor, raceId: number): Promise<number> {
  const [row] = await db.select({ version: raceResultsVersions.version }).from(raceResultsVersions).where(eq(raceResultsVersions.raceId, raceId));
  return row?.version ?? 0;
}

const etagOf = (body: string): string => `W/"${crypto.createHash('sha256').update(body, 'utf8').digest('base64url').slice(0, 27)}"`;

/** The body (and its ETag) of one results request, made once per version and filter. */
export function resultsBody(entry: CachedRaceResults, stage: Stage, filter: { sex?: Sex | undefined; ageCategoryId?: number | undefined }): CachedBody {
  const key = `${stage}|${filter.sex ?? ''}|${filter.ageCategoryId ?? ''}`;
  const known = entry.bodies.get(key);
  if (known) return known;
  const rows: ResultRow[] = (entry.stages.get(stage)?.results.rows ?? []).filter(
    (row) => (filter.sex === undefined || row.racer.sex === filter.sex) && (filter.ageCategoryId === undefined || row.ageCategory?.id === filter.ageCategoryId),
  );
  const body = JSON.stringify(resultRows.encode(rows));
  const made = { body, etag: etagOf(body) };
  entry.bodies.set(key, made);
  return made;
}

export interface ResultsCache {
  /** The race's results at its current version: kept, or computed now (once for concurrent readers). */
  get(db: Executor, race: Pick<Race, 'id'>): Promise<CachedRaceResults>;
  /** How many times results were computed (cache misses), for the tests and the metrics. */
  readonly computations: number;
}

/** Races kept at most; the least recently read goes first. A race is a few hundred KB at most. */
const MAX_RACES = 200;

export function createResultsCache(onComputed: () => void = () => undefined): ResultsCache {
  const entries = new Map<number, CachedRaceResults>();
  const inFlight = new Map<string, Promise<CachedRaceResults>>();
  let computations = 0;

  const keep = (entry: CachedRaceResults): void => {
    const current = entries.get(entry.raceId);
    // A slow computation of an older version must not replace a newer one.
    if (current && current.version > entry.version) return;
    entries.delete(entry.raceId);
    entries.set(entry.raceId, entry);
    while (entries.size > MAX_RACES) entries.delete(entries.keys().next().value as number);
  };

  const compute = async (db: Executor, raceId: number, version: number): Promise<CachedRaceResults> => {
    computations += 1;
    onComputed();
    // Read after the version: the caller's copy may predate it (a settings change in between).
    // With the race come its stages that have rounds and its last score entry (one query); an
    // update of a qualification reads no semifinal or final.
    const { race, stagesWithRounds, lastScoreAt } = await readRaceForResults(db, raceId);
    const memo = new Map<Stage, Promise<StageResults>>();
    const all = await readAll(db, stagesOf(raceFormatOf(race)).map((stage) => () => computeStageResults(db, race, stage, memo, stagesWithRounds)));
    const stages = new Map(all.map((results) => [results.stage, cachedStage(results)]));
    const speedFinals = race.discipline === 'SPEED' && stages.has('FINAL');
    const bracket = !speedFinals ? null : stagesWithRounds.has('FINAL') ? await loadSpeedBracket(db, race) : emptyBracket(race.id);
    return { raceId: race.id, version, stages, lastScoreAt, bracket, bodies: new Map() };
  };

  return {
    async get(db, race) {
      const version = await resultsVersionOf(db, race.id);
      const current = entries.get(race.id);
      if (current && current.version === version) {
        // Most recently used last.
        entries.delete(race.id);
        entries.set(race.id, current);
        return current;
      }
      const key = `${race.id}:${version}`;
      const running = inFlight.get(key);
      if (running) return running;
      const work = compute(db, race.id, version)
        .then((entry) => {
          keep(entry);
          return entry;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, work);
      return work;
    },
    get computations() {
      return computations;
    },
  };
}
