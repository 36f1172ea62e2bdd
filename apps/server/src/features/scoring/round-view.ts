import { asc, inArray } from 'drizzle-orm';
import { effectiveRoundState, speedStageLayout, type RoundState, type Stage } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { boulderScores, leadRoutes, speedRoutes, type Race, type Round } from '../../db/schema/index.ts';
import { problemCount } from '../results/results-service.ts';

export interface BoulderView {
  /** Null until the boulder's row exists (rounds created before this build). */
  id: number | null;
  boulderIndex: number;
  topAttempts: number | null;
  zoneAttempts: number | null;
  currentAttempt: number;
  /** The round version of the last write that changed this boulder: send it back to merge per boulder. */
  version: number;
}

export interface LeadRouteView {
  id: number | null;
  routeIndex: number;
  hold: number | null;
  plus: boolean;
  top: boolean;
  time: number | null;
  /** The round version of the last write that changed this route. */
  version: number;
}

export interface SpeedRouteView {
  id: number | null;
  routeIndex: number;
  attemptIndex: number;
  time: number | null;
  fall: boolean;
  falseStart: boolean;
  /** The round version of the last write that changed this run. */
  version: number;
}

/** Spec 3 Round with its scores; `version` is what a writer sends back to detect a stale write. */
export interface RoundView {
  id: number;
  racerId: number;
  stage: Stage;
  state: RoundState;
  startingNumber: number | null;
  version: number;
  qualificationGroupId: number | null;
  boulders: BoulderView[];
  routes: LeadRouteView[];
  speedRoutes: SpeedRouteView[];
}

/** The views of several rounds of one race, every boulder or route present (empty when not entered). */
/** Rows grouped by their round, keeping their order. */
function groupByRound<Row extends { roundId: number }>(rows: readonly Row[]): Map<number, Row[]> {
  const byRound = new Map<number, Row[]>();
  for (const row of rows) {
    const list = byRound.get(row.roundId);
    if (list) list.push(row);
    else byRound.set(row.roundId, [row]);
  }
  return byRound;
}

export type BoulderRow = Pick<typeof boulderScores.$inferSelect, 'id' | 'roundId' | 'boulderIndex' | 'topAttempts' | 'zoneAttempts' | 'currentAttempt' | 'changedAtVersion'>;
export type LeadRow = Pick<typeof leadRoutes.$inferSelect, 'id' | 'roundId' | 'routeIndex' | 'hold' | 'plus' | 'top' | 'timeMs' | 'changedAtVersion'>;
/** Speed runs must come ordered by route, then attempt. */
export type SpeedRow = Pick<typeof speedRoutes.$inferSelect, 'id' | 'roundId' | 'routeIndex' | 'attemptIndex' | 'timeMs' | 'fall' | 'falseStart' | 'changedAtVersion'>;

export async function loadRoundViews(db: Executor, race: Race, roundRows: readonly Round[]): Promise<RoundView[]> {
  const ids = roundRows.map((round) => round.id);
  const [boulderRows, leadRows, speedRows] =
    ids.length === 0
      ? [[], [], []]
      : await Promise.all([
          race.discipline === 'BOULDERING' ? db.select().from(boulderScores).where(inArray(boulderScores.roundId, ids)) : [],
          race.discipline === 'LEAD' ? db.select().from(leadRoutes).where(inArray(leadRoutes.roundId, ids)) : [],
          race.discipline === 'SPEED'
            ? db.select().from(speedRoutes).where(inArray(speedRoutes.roundId, ids)).orderBy(asc(speedRoutes.routeIndex), asc(speedRoutes.attemptIndex))
            : [],
        ]);
  return buildRoundViews(race, roundRows, boulderRows, leadRows, speedRows);
}

/** The views of rounds from their score rows, however they were read (one query each, or inside a score write's statement). */
export function buildRoundViews(
  race: Race,
  roundRows: readonly Round[],
  boulderRows: readonly BoulderRow[],
  leadRows: readonly LeadRow[],
  speedRows: readonly SpeedRow[],
): RoundView[] {
  // Rows by round, in one pass: a racer list of thousands of rounds must not scan every row per round.
  const bouldersOf = groupByRound(boulderRows);
  const leadOf = groupByRound(leadRows);
  const speedOf = groupByRound(speedRows);
  return roundRows.map((round) => {
    const count = problemCount(race, round.stage);
    const view: RoundView = {
      id: round.id,
      racerId: round.racerId,
      stage: round.stage,
      // Rounds follow the race: every round of a closed stage reads closed (races finished before issue 10 too).
      state: effectiveRoundState(round.state, race.state, round.stage),
      startingNumber: round.startingNumber,
      version: round.version,
      qualificationGroupId: round.qualificationGroupId,
      boulders: [],
      routes: [],
      speedRoutes: [],
    };
    if (race.discipline === 'BOULDERING') {
      view.boulders = Array.from({ length: count }, (_, boulderIndex) => ({ id: null, boulderIndex, topAttempts: null, zoneAttempts: null, currentAttempt: 0, version: 0 }));
      for (const row of bouldersOf.get(round.id) ?? []) {
        if (row.boulderIndex >= count) continue;
        view.boulders[row.boulderIndex] = { id: row.id, boulderIndex: row.boulderIndex, topAttempts: row.topAttempts, zoneAttempts: row.zoneAttempts, currentAttempt: row.currentAttempt, version: row.changedAtVersion };
      }
    } else if (race.discipline === 'LEAD') {
      view.routes = Array.from({ length: count }, (_, routeIndex) => ({ id: null, routeIndex, hold: null, plus: false, top: false, time: null, version: 0 }));
      for (const row of leadOf.get(round.id) ?? []) {
        if (row.routeIndex >= count) continue;
        view.routes[row.routeIndex] = { id: row.id, routeIndex: row.routeIndex, hold: row.hold, plus: row.plus, top: row.top, time: row.timeMs, version: row.changedAtVersion };
      }
    } else {
      view.speedRoutes = (speedOf.get(round.id) ?? []).map((row) => ({ id: row.id, routeIndex: row.routeIndex, attemptIndex: row.attemptIndex, time: row.timeMs, fall: row.fall, falseStart: row.falseStart, version: row.changedAtVersion }));
    }
    return view;
  });
}

/**
 * Creates the rows a judge writes into for new rounds: one per boulder, or one per lead route, or
 * one per speed run, so that every scorecard call can address them by id.
 */
export async function createProblemRows(db: Executor, race: Race, newRounds: readonly Pick<Round, 'id' | 'stage'>[]): Promise<void> {
  if (newRounds.length === 0) return;
  if (race.discipline === 'BOULDERING') {
    const values = newRounds.flatMap((round) => Array.from({ length: problemCount(race, round.stage) }, (_, boulderIndex) => ({ roundId: round.id, boulderIndex })));
    if (values.length > 0) await db.insert(boulderScores).values(values).onConflictDoNothing();
  } else if (race.discipline === 'LEAD') {
    const values = newRounds.flatMap((round) => Array.from({ length: problemCount(race, round.stage) }, (_, routeIndex) => ({ roundId: round.id, routeIndex })));
    if (values.length > 0) await db.insert(leadRoutes).values(values).onConflictDoNothing();
  } else {
    const settings = race.speedSettings;
    if (!settings) return;
    const values = newRounds.flatMap((round) => {
      const layout = speedStageLayout(settings, round.stage);
      return Array.from({ length: layout.routes * layout.attempts }, (_, index) => ({ roundId: round.id, routeIndex: Math.floor(index / layout.attempts), attemptIndex: index % layout.attempts }));
    });
    if (values.length > 0) await db.insert(speedRoutes).values(values).onConflictDoNothing();
  }
}
