import { newRaceDefaults, type RaceFormat, type RaceState, type ScoringType } from '@climbing/domain';
import { createProblemRows } from '../../src/features/scoring/round-view.ts';
import { events, qualificationGroups, raceRegistrations, racers, races, rounds } from '../../src/db/schema/index.ts';
import { client } from './accounts.ts';
import type { TestApp } from './test-app.ts';

export interface RaceFixture {
  organizationId: number;
  adminToken: string;
  eventId: number;
  raceId: number;
  groupIds: number[];
  racers: { racerId: number; roundId: number; groupId: number; racerNumber: number }[];
}

export interface RaceFixtureOptions {
  racers: number;
  groups?: number;
  format?: RaceFormat;
  scoringType?: ScoringType;
  state?: RaceState;
  boulders?: number;
  finalRacers?: number;
  semifinalRacers?: number;
  isPublic?: boolean;
  isHidden?: boolean;
  adminEmail?: string;
}

/**
 * A bouldering race already in its qualification, written straight into the database (the event
 * and registration calls have their own tests): an organisation with its admin, a published event,
 * groups, PRESENT registrations, racers and their qualification rounds with one row per boulder.
 */
export async function boulderRaceFixture(harness: TestApp, options: RaceFixtureOptions): Promise<RaceFixture> {
  const api = client(harness);
  const admin = await api.user(options.adminEmail ?? `admin-${Math.random().toString(36).slice(2)}@example.com`);
  const organization = await api.organization(admin.token, `Club ${Math.random().toString(36).slice(2, 8)}`);
  const db = harness.app.db;
  const format = options.format ?? 'QUALIFICATION_FINAL';
  const defaults = newRaceDefaults('2026-12-05');

  const [event] = await db
    .insert(events)
    .values({
      organizationId: organization.id,
      name: 'Winter Boulder Cup',
      startingDate: '2026-12-05',
      closingDate: '2026-12-05',
      isPublic: options.isPublic ?? true,
      isHidden: options.isHidden ?? false,
      allowedUnregisteredUsers: options.isPublic ?? true,
    })
    .returning();
  if (!event) throw new Error('event not created');
  const [race] = await db
    .insert(races)
    .values({
      eventId: event.id,
      name: 'Men open',
      raceGender: 'MIXED',
      discipline: 'BOULDERING',
      state: options.state ?? 'QUALIFICATION_ONGOING',
      raceFormat: format,
      boulderingSettings: {
        ...(defaults.bouldering ?? {
          numberOfSemifinalBoulders: 4,
          numberOfSemifinalRacers: 20,
          minAdvancingMembersFinals: 0,
          minAdvancingOrgCountryFinals: 0,
          minAdvancingMembersSemifinals: 0,
          minAdvancingOrgCountrySemifinals: 0,
        }),
        numberOfQualificationBoulders: options.boulders ?? 4,
        numberOfSemifinalBoulders: 4,
        numberOfFinalBoulders: 4,
        numberOfSemifinalRacers: options.semifinalRacers ?? 12,
        numberOfFinalRacers: options.finalRacers ?? 6,
        raceFormat: format,
        scoringType: options.scoringType ?? 'TOPS_ZONES',
      },
      startingDate: '2026-12-05',
      endDate: '2026-12-05',
      openingRegistrationDate: '2026-11-01',
      closingRegistrationDate: '2026-12-04',
      seasonYear: 2026,
    })
    .returning();
  if (!race) throw new Error('race not created');

  const groupCount = options.groups ?? 1;
  const groups = await db
    .insert(qualificationGroups)
    .values(Array.from({ length: groupCount }, (_, position) => ({ raceId: race.id, name: String.fromCharCode(65 + position), state: 'QUALIFICATION' as const, position })))
    .returning();
  const groupIds = groups.map((group) => group.id);

  const entrants: RaceFixture['racers'] = [];
  for (let index = 0; index < options.racers; index += 1) {
    const groupId = groupIds[index % groupCount] ?? groupIds[0]!;
    const racerNumber = 101 + index;
    const [registration] = await db
      .insert(raceRegistrations)
      .values({ raceId: race.id, state: 'PRESENT', racerNumber, qualificationGroupId: groupId, unregisteredName: 'Racer', unregisteredSurname: String(racerNumber), unregisteredSex: 'M', unregisteredBirthYear: 1995 })
      .returning();
    if (!registration) throw new Error('registration not created');
    const [racer] = await db
      .insert(racers)
      .values({ raceId: race.id, registrationId: registration.id, racerNumber, fullName: `Racer ${racerNumber}`, birthYear: 1995, sex: 'M', country: 'SVK', club: 'Club', qualificationGroupId: groupId })
      .returning();
    if (!racer) throw new Error('racer not created');
    const [round] = await db
      .insert(rounds)
      .values({ raceId: race.id, racerId: racer.id, stage: 'QUALIFICATION', startingNumber: index + 1, qualificationGroupId: groupId })
      .returning();
    if (!round) throw new Error('round not created');
    await createProblemRows(db, race, [round]);
    entrants.push({ racerId: racer.id, roundId: round.id, groupId, racerNumber });
  }
  return { organizationId: organization.id, adminToken: admin.token, eventId: event.id, raceId: race.id, groupIds, racers: entrants };
}
