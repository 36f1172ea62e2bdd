import { and, eq, exists, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { boulderScores, leadRoutes, racers, rounds, speedRoutes } from '../../db/schema/index.ts';

/*
 * What counts as a result of a round: any entered attempt, zone or top, hold, time, fall or false
 * start. Empty score rows (made with the round) are not results. Reopening a group to registration
 * (GROUP_HAS_RESULTS), taking a racer out of a starting order (REGISTRATION_HAS_RESULTS) and the
 * preview of a race step's unfinished rounds read these same conditions.
 */

/** A boulder with an attempt, a zone or a top. */
export const boulderEntered: SQL = sql`(${boulderScores.topAttempts} is not null or ${boulderScores.zoneAttempts} is not null or ${boulderScores.currentAttempt} > 0)`;
/** A lead route with a hold or a top (a time alone is only the tie-break of a final). */
export const leadEntered: SQL = sql`(${leadRoutes.hold} is not null or ${leadRoutes.top} or ${leadRoutes.timeMs} is not null)`;
/** A speed run with a time, a fall or a false start. */
export const speedEntered: SQL = sql`(${speedRoutes.timeMs} is not null or ${speedRoutes.fall} or ${speedRoutes.falseStart})`;

/** Whether any of the rounds `roundIds` selects holds a result (at most three index reads). */
export async function roundsHaveResults(db: Executor, ids: SQLWrapper): Promise<boolean> {
  const [boulder] = await db.select({ id: boulderScores.id }).from(boulderScores).where(and(inArray(boulderScores.roundId, ids), boulderEntered)).limit(1);
  if (boulder) return true;
  const [lead] = await db.select({ id: leadRoutes.id }).from(leadRoutes).where(and(inArray(leadRoutes.roundId, ids), leadEntered)).limit(1);
  if (lead) return true;
  const [speed] = await db.select({ id: speedRoutes.id }).from(speedRoutes).where(and(inArray(speedRoutes.roundId, ids), speedEntered)).limit(1);
  return speed !== undefined;
}

/** Whether any round of the racer (any stage) holds a result. */
export const racerHasResults = (db: Executor, racerId: number): Promise<boolean> =>
  roundsHaveResults(db, db.select({ id: rounds.id }).from(rounds).where(eq(rounds.racerId, racerId)));

/** The registrations of these races whose racer has a result in some round (for the racers tables' locks). */
export async function registrationsWithResults(db: Executor, raceIds: readonly number[]): Promise<Set<number>> {
  if (raceIds.length === 0) return new Set();
  const ofRacer = (table: typeof boulderScores | typeof leadRoutes | typeof speedRoutes, entered: SQL) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(rounds)
        .innerJoin(table, eq(table.roundId, rounds.id))
        .where(and(eq(rounds.racerId, racers.id), entered)),
    );
  const rows = await db
    .select({ registrationId: racers.registrationId })
    .from(racers)
    .where(and(inArray(racers.raceId, [...raceIds]), or(ofRacer(boulderScores, boulderEntered), ofRacer(leadRoutes, leadEntered), ofRacer(speedRoutes, speedEntered))));
  return new Set(rows.map((row) => row.registrationId));
}
