import { and, eq } from 'drizzle-orm';
import type { SpeedRun } from '@climbing/domain';
import { createProblemRows } from '../../src/features/scoring/round-view.ts';
import { events, qualificationGroups, raceRegistrations, racers, races, rounds, speedRoutes } from '../../src/db/schema/index.ts';
import { client } from './accounts.ts';
import type { TestApp } from './test-app.ts';

export interface SpeedRaceFixture {
  organizationId: number;
  adminToken: string;
  eventId: number;
  raceId: number;
  racers: { racerId: number; roundId: number; racerNumber: number }[];
}

/**
 * A speed race (world-cup type, qualification and final) in its qualification, written straight
 * into the database like race-fixture.ts: `runs[i]` are the two qualification runs (lanes A and B)
 * of racer i, whose number is 101 + i. `sexes[i]` is racer i's sex (men by default).
 */
export async function speedRaceFixture(harness: TestApp, runs: readonly (readonly [SpeedRun, SpeedRun])[], sexes: readonly ('M' | 'F')[] = []): Promise<SpeedRaceFixture> {
  const api = client(harness);
  const admin = await api.user(`speed-admin-${Math.random().toString(36).slice(2)}@example.com`);
  const organization = await api.organization(admin.token, `Speed club ${Math.random().toString(36).slice(2, 8)}`);
  const db = harness.app.db;
  const [event] = await db
    .insert(events)
    .values({ organizationId: organization.id, name: 'Speed Cup', startingDate: '2026-12-05', closingDate: '2026-12-05', isPublic: true, isHidden: false, allowedUnregisteredUsers: true })
    .returning();
  if (!event) throw new Error('event not created');
  const [race] = await db
    .insert(races)
    .values({
      eventId: event.id,
      name: 'Speed open',
      raceGender: 'MIXED',
      discipline: 'SPEED',
      state: 'QUALIFICATION_ONGOING',
      raceFormat: 'QUALIFICATION_FINAL',
      speedSettings: { type: 'WORLD_CUP', numberOfRoutes: 2, numberOfAttempts: 1, numberOfFinalRacers: 16, raceFormat: 'QUALIFICATION_FINAL' },
      startingDate: '2026-12-05',
      endDate: '2026-12-05',
      openingRegistrationDate: '2026-11-01',
      closingRegistrationDate: '2026-12-04',
      seasonYear: 2026,
    })
    .returning();
  if (!race) throw new Error('race not created');
  const [group] = await db.insert(qualificationGroups).values({ raceId: race.id, name: 'A', state: 'QUALIFICATION', position: 0 }).returning();
  if (!group) throw new Error('group not created');

  const entrants: SpeedRaceFixture['racers'] = [];
  for (const [index, lanes] of runs.entries()) {
    const racerNumber = 101 + index;
    const [registration] = await db
      .insert(raceRegistrations)
      .values({ raceId: race.id, state: 'PRESENT', racerNumber, qualificationGroupId: group.id, unregisteredName: 'Racer', unregisteredSurname: String(racerNumber), unregisteredSex: sexes[index] ?? 'M', unregisteredBirthYear: 1995 })
      .returning();
    if (!registration) throw new Error('registration not created');
    const [racer] = await db
      .insert(racers)
      .values({ raceId: race.id, registrationId: registration.id, racerNumber, fullName: `Racer ${racerNumber}`, birthYear: 1995, sex: sexes[index] ?? 'M', country: 'SVK', club: 'Club', qualificationGroupId: group.id })
      .returning();
    if (!racer) throw new Error('racer not created');
    const [round] = await db
      .insert(rounds)
      .values({ raceId: race.id, racerId: racer.id, stage: 'QUALIFICATION', startingNumber: index + 1, qualificationGroupId: group.id, state: 'CLOSED' })
      .returning();
    if (!round) throw new Error('round not created');
    await createProblemRows(db, race, [round]);
    for (const [routeIndex, run] of lanes.entries()) {
      await db
        .update(speedRoutes)
        .set({ timeMs: run.timeMs, fall: run.fall, falseStart: run.falseStart })
        .where(and(eq(speedRoutes.roundId, round.id), eq(speedRoutes.routeIndex, routeIndex)));
    }
    entrants.push({ racerId: racer.id, roundId: round.id, racerNumber });
  }
  return { organizationId: organization.id, adminToken: admin.token, eventId: event.id, raceId: race.id, racers: entrants };
}
