import { eq, sql } from 'drizzle-orm';
import { ageCategories, boulderScores, qualificationGroups, raceRegistrations, racers, races, rounds } from '../../src/db/schema/index.ts';
import { boulderRaceFixture, type RaceFixture } from './race-fixture.ts';
import type { TestApp } from './test-app.ts';
import type { Executor } from '../../src/db/database.ts';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for every table below. */
const CHUNK = 1000;

async function insertChunked<Row>(rows: readonly Row[], insert: (chunk: Row[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

/** A small deterministic generator, so every run ranks the same marks. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export interface BulkRace {
  raceId: number;
  roundIds: number[];
}

/**
 * Adds a bouldering race of `count` racers with scored qualification rounds to an event, in a few
 * bulk INSERTs (thousands of racers in seconds, not thousands of calls): women and men, two age
 * categories, one group, four boulders with varied tops, zones and attempts (many ties), a few
 * racers with nothing entered. Racer names repeat across races, so a cup joins them.
 */
export async function addBulkBoulderRace(harness: TestApp, base: RaceFixture, count: number, seed: number, categoryIds: readonly number[]): Promise<BulkRace> {
  const made = await harness.app.db.transaction(async (db) => {
    // The rows are made consistent here; without the per-row triggers (foreign keys, results
    // versions) 25,000 rows take seconds, not a minute. The version is raised once below.
    await db.execute(sql`set local session_replication_role = replica`);
    return bulkRows(db, base, count, seed, categoryIds);
  });
  await harness.app.db.update(races).set({ name: sql`${races.name}` }).where(eq(races.id, made.raceId));
  // Statistics as autovacuum would leave them after such an insert: read right away, the planner
  // would still think the tables empty and loop over thousands of rows.
  await harness.app.db.execute(sql`analyze racers, rounds, boulder_scores, race_registrations`);
  return made;
}

async function bulkRows(db: Executor, base: RaceFixture, count: number, seed: number, categoryIds: readonly number[]): Promise<BulkRace> {
  const [template] = await db.select().from(races).where(eq(races.id, base.raceId));
  if (!template) throw new Error('template race missing');
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...copy } = template;
  const [race] = await db
    .insert(races)
    .values({ ...copy, name: `Bulk ${count} #${seed}` })
    .returning();
  if (!race) throw new Error('race not created');
  const [group] = await db.insert(qualificationGroups).values({ raceId: race.id, name: 'A', state: 'QUALIFICATION', position: 0 }).returning();
  if (!group) throw new Error('group not created');
  const groupId = group.id;
  const sexOf = (index: number) => (index % 2 === 0 ? 'M' : 'F') as 'M' | 'F';
  const registrations: { id: number; racerNumber: number }[] = [];
  await insertChunked(
    Array.from({ length: count }, (_, index) => ({
      raceId: race.id,
      state: 'PRESENT' as const,
      racerNumber: 1 + index,
      unregisteredName: 'Racer',
      unregisteredSurname: String(1 + index),
      unregisteredSex: sexOf(index),
      unregisteredBirthYear: 1995,
    })),
    async (chunk) => registrations.push(...(await db.insert(raceRegistrations).values(chunk).returning({ id: raceRegistrations.id, racerNumber: raceRegistrations.racerNumber }))),
  );
  const racerRows: { id: number; racerNumber: number }[] = [];
  await insertChunked(
    registrations.map((registration, index) => ({
      raceId: race.id,
      registrationId: registration.id,
      racerNumber: registration.racerNumber,
      fullName: `Racer ${registration.racerNumber}`,
      birthYear: 1995,
      sex: sexOf(index),
      country: 'SVK',
      club: `Club ${index % 50}`,
      qualificationGroupId: groupId,
      ageCategoryId: categoryIds[index % categoryIds.length] ?? null,
    })),
    async (chunk) => racerRows.push(...(await db.insert(racers).values(chunk).returning({ id: racers.id, racerNumber: racers.racerNumber }))),
  );
  const roundIds: number[] = [];
  await insertChunked(
    racerRows.map((racer, index) => ({ raceId: race.id, racerId: racer.id, stage: 'QUALIFICATION' as const, startingNumber: index + 1, qualificationGroupId: groupId, state: 'STARTED' as const, version: 1 })),
    async (chunk) => roundIds.push(...(await db.insert(rounds).values(chunk).returning({ id: rounds.id })).map((row) => row.id)),
  );
  const next = random(seed);
  const marks = roundIds.flatMap((roundId, index) =>
    Array.from({ length: 4 }, (_, boulderIndex) => {
      // Every 20th racer has nothing entered (ranked last together).
      if (index % 20 === 19) return { roundId, boulderIndex, topAttempts: null, zoneAttempts: null, currentAttempt: 0, changedAtVersion: 0 };
      const roll = next();
      const topAttempts = roll < 0.4 ? 1 + Math.floor(next() * 4) : null;
      const zoneAttempts = topAttempts !== null ? 1 + Math.floor(next() * topAttempts) : roll < 0.7 ? 1 + Math.floor(next() * 4) : null;
      return { roundId, boulderIndex, topAttempts, zoneAttempts, currentAttempt: Math.max(topAttempts ?? 0, zoneAttempts ?? 0, 1), changedAtVersion: 1 };
    }),
  );
  await insertChunked(marks, (chunk) => db.insert(boulderScores).values(chunk));
  return { raceId: race.id, roundIds };
}

/** Two age categories of the fixture's organisation, for category ranks. */
export async function bulkAgeCategories(harness: TestApp, organizationId: number): Promise<number[]> {
  const rows = await harness.app.db
    .insert(ageCategories)
    .values([
      { organizationId, name: 'Juniors', fromAge: 0, toAge: 29 },
      { organizationId, name: 'Seniors', fromAge: 30, toAge: null },
    ])
    .returning({ id: ageCategories.id });
  return rows.map((row) => row.id);
}

export { boulderRaceFixture };
