import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fittingAgeCategories, IFSC_POINTS_TABLE, mergeGroupRanks, racerAge, rankBoulderRound, selectAdvancing } from '@climbing/domain';
import type { Database } from '../../src/db/database.ts';
import {
  addresses,
  ageCategories,
  boulderScores,
  cupCategories,
  cupCategoryRaces,
  cupRankCategories,
  cups,
  events,
  organizationMemberships,
  organizations,
  qualificationGroups,
  raceAgeCategories,
  raceRegistrations,
  racers,
  races,
  rounds,
  users,
} from '../../src/db/schema/index.ts';
import { verifyPassword } from '../../src/features/auth/password-hashing.ts';
import { DEMO_PASSWORD, STAFF } from '../../src/demo/demo-people.ts';
import { seedDemo, type DemoReport } from '../../src/demo/seed-demo.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-app.ts';

const TODAY = '2026-06-15';
const COUNTED_TABLES = {
  organizations,
  users,
  organizationMemberships,
  addresses,
  ageCategories,
  cupRankCategories,
  events,
  races,
  qualificationGroups,
  raceRegistrations,
  racers,
  rounds,
  boulderScores,
  cups,
  cupCategories,
  cupCategoryRaces,
};

async function rowCounts(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(COUNTED_TABLES)) counts[name] = await db.$count(table);
  return counts;
}

/** The demo's races, oldest first: the finished one, then today's. */
async function demoRaces(db: Database, organizationId: number) {
  return db
    .select({ id: races.id, state: races.state, startingDate: races.startingDate, settings: races.boulderingSettings })
    .from(races)
    .innerJoin(events, eq(events.id, races.eventId))
    .where(eq(events.organizationId, organizationId))
    .orderBy(asc(races.startingDate));
}

describe('npm run demo (seedDemo)', () => {
  let database: TestDatabase;
  let db: Database;
  let first: DemoReport;
  let second: DemoReport;
  let countsAfterFirst: Record<string, number>;
  let countsAfterSecond: Record<string, number>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
    first = await seedDemo(db, { today: TODAY });
    countsAfterFirst = await rowCounts(db);
    second = await seedDemo(db, { today: TODAY });
    countsAfterSecond = await rowCounts(db);
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('is idempotent: the second run changes nothing and says so', () => {
    expect(first.status).toBe('CREATED');
    expect(second.status).toBe('UNCHANGED');
    expect(second.organizationId).toBe(first.organizationId);
    expect(countsAfterSecond).toEqual(countsAfterFirst);
    expect(countsAfterFirst).toMatchObject({ organizations: 1, users: 27, racers: 64, cups: 1, rounds: 40 + 24 + 8 });
  });

  it('ongoing race: QUALIFICATION_ONGOING, 40 present racers in groups A, B, C, partly scored', async () => {
    const [, ongoing] = await demoRaces(db, first.organizationId);
    expect(ongoing?.state).toBe('QUALIFICATION_ONGOING');
    expect(ongoing?.startingDate).toBe(TODAY);
    const raceId = ongoing?.id ?? -1;
    const groups = await db.select().from(qualificationGroups).where(eq(qualificationGroups.raceId, raceId)).orderBy(qualificationGroups.position);
    expect(groups.map((group) => group.name)).toEqual(['A', 'B', 'C']);
    const raceRacers = await db.select().from(racers).where(eq(racers.raceId, raceId));
    expect(raceRacers).toHaveLength(40);
    expect(new Set(raceRacers.map((racer) => racer.qualificationGroupId))).toEqual(new Set(groups.map((group) => group.id)));
    const registrations = await db.select().from(raceRegistrations).where(eq(raceRegistrations.raceId, raceId));
    expect(registrations.every((registration) => registration.state === 'PRESENT' && registration.racerNumber > 0)).toBe(true);

    const scored = await db
      .select({
        groupId: rounds.qualificationGroupId,
        state: rounds.state,
        climbed: sql<number>`count(*) filter (where ${boulderScores.currentAttempt} > 0)`,
        rows: sql<number>`count(*)`,
      })
      .from(rounds)
      .innerJoin(boulderScores, eq(boulderScores.roundId, rounds.id))
      .where(and(eq(rounds.raceId, raceId), eq(rounds.stage, 'QUALIFICATION')))
      .groupBy(rounds.id, rounds.qualificationGroupId, rounds.state);
    expect(scored).toHaveLength(40);
    expect(scored.every((round) => Number(round.rows) === 5)).toBe(true);
    const [groupA, groupB, groupC] = groups.map((group) => group.id);
    // A and B: every racer has climbed every boulder; C: some done, some on the wall, some waiting.
    const inGroups = (...ids: (number | undefined)[]) => scored.filter((round) => ids.includes(round.groupId ?? undefined));
    expect(inGroups(groupA, groupB).every((round) => round.state === 'CLOSED' && Number(round.climbed) === 5)).toBe(true);
    expect(new Set(inGroups(groupC).map((round) => round.state))).toEqual(new Set(['CLOSED', 'STARTED', 'READY']));
    expect(inGroups(groupC).filter((round) => round.state === 'READY').every((round) => Number(round.climbed) === 0)).toBe(true);
  });

  it('past race: FINISHED, its finalists are exactly those selectAdvancing picks from the qualification', async () => {
    const [past] = await demoRaces(db, first.organizationId);
    expect(past?.state).toBe('FINISHED');
    const settings = past?.settings;
    if (!past || !settings) throw new Error('no past race');
    const qualificationRows = await db
      .select({ racerId: rounds.racerId, groupId: rounds.qualificationGroupId, top: boulderScores.topAttempts, zone: boulderScores.zoneAttempts, index: boulderScores.boulderIndex })
      .from(rounds)
      .innerJoin(boulderScores, eq(boulderScores.roundId, rounds.id))
      .where(and(eq(rounds.raceId, past.id), eq(rounds.stage, 'QUALIFICATION')))
      .orderBy(rounds.racerId, boulderScores.boulderIndex);
    const byGroup = new Map<number | null, Map<string, { topAttempts: number | null; zoneAttempts: number | null }[]>>();
    for (const row of qualificationRows) {
      const group = byGroup.get(row.groupId) ?? new Map();
      byGroup.set(row.groupId, group);
      group.set(String(row.racerId), [...(group.get(String(row.racerId)) ?? []), { topAttempts: row.top, zoneAttempts: row.zone }]);
    }
    expect(byGroup.size).toBe(2);
    const merged = mergeGroupRanks(
      [...byGroup.values()].map((group) =>
        rankBoulderRound({ scoringType: settings.scoringType, racers: [...group].map(([racerId, boulders]) => ({ racerId, boulders })) }),
      ),
    );
    const profiles = await db.select().from(racers).where(eq(racers.raceId, past.id));
    const expected = selectAdvancing({
      ranking: merged,
      quota: settings.numberOfFinalRacers,
      racers: profiles.map((racer) => ({ racerId: String(racer.id), isMember: racer.member, isOrgCountry: racer.country === 'SVK' })),
      minMembers: settings.minAdvancingMembersFinals,
      minOrgCountry: settings.minAdvancingOrgCountryFinals,
    }).map((racer) => String(racer.racerId));
    expect(expected.length).toBeGreaterThanOrEqual(settings.numberOfFinalRacers);

    const finalRounds = await db.select().from(rounds).where(and(eq(rounds.raceId, past.id), eq(rounds.stage, 'FINAL')));
    expect(finalRounds.map((round) => String(round.racerId)).sort()).toEqual([...expected].sort());
    expect(finalRounds.every((round) => round.state === 'CLOSED' && round.qualificationGroupId === null)).toBe(true);
    const finalScores = await db.select().from(boulderScores).where(inArray(boulderScores.roundId, finalRounds.map((round) => round.id)));
    expect(finalScores).toHaveLength(finalRounds.length * settings.numberOfFinalBoulders);
    expect(finalScores.every((score) => score.currentAttempt > 0)).toBe(true);
  });

  it('every boulder score respects zone <= top and counts its attempts', async () => {
    const scores = await db.select().from(boulderScores);
    expect(scores.length).toBe(countsAfterFirst.boulderScores);
    for (const score of scores) {
      if (score.topAttempts !== null && score.zoneAttempts !== null) expect(score.zoneAttempts).toBeLessThanOrEqual(score.topAttempts);
      if (score.topAttempts !== null) expect(score.zoneAttempts).not.toBeNull();
      expect(score.currentAttempt).toBeGreaterThanOrEqual(score.topAttempts ?? score.zoneAttempts ?? 0);
    }
  });

  it('every racer fits an age category of its race', async () => {
    for (const race of await demoRaces(db, first.organizationId)) {
      const categories = await db
        .select({ id: ageCategories.id, name: ageCategories.name, fromAge: ageCategories.fromAge, toAge: ageCategories.toAge })
        .from(raceAgeCategories)
        .innerJoin(ageCategories, eq(ageCategories.id, raceAgeCategories.ageCategoryId))
        .where(eq(raceAgeCategories.raceId, race.id));
      expect(categories.map((category) => category.name).sort()).toEqual(['Dospelí', 'Juniori', 'U18']);
      for (const racer of await db.select().from(racers).where(eq(racers.raceId, race.id))) {
        expect(fittingAgeCategories(categories, racerAge(racer.birthYear ?? 0, race.startingDate, null))).not.toHaveLength(0);
      }
    }
  });

  it('the cup counts both races with the IFSC rank category', async () => {
    const [cup] = await db.select().from(cups).where(eq(cups.organizationId, first.organizationId));
    expect(cup?.name).toBe('Pohár HKB v boulderingu 2026');
    const links = await db
      .select({ raceId: cupCategoryRaces.raceId, rankCategory: cupRankCategories })
      .from(cupCategoryRaces)
      .innerJoin(cupRankCategories, eq(cupRankCategories.id, cupCategoryRaces.cupRankCategoryId));
    const raceIds = (await demoRaces(db, first.organizationId)).map((race) => race.id);
    expect(links.map((link) => link.raceId).sort()).toEqual([...raceIds].sort());
    for (const link of links) {
      expect(link.rankCategory).toMatchObject({ name: 'IFSC', level: 1, numberOfRanks: 80, rankPoints: [...IFSC_POINTS_TABLE] });
    }
  });

  it('the cup category named for men ranks men only (a mixed race added later counts only its men)', async () => {
    const [cup] = await db.select({ id: cups.id }).from(cups).where(eq(cups.organizationId, first.organizationId));
    const categories = await db.select({ name: cupCategories.name, sex: cupCategories.sex }).from(cupCategories).where(eq(cupCategories.cupId, cup!.id));
    expect(categories).toEqual([{ name: 'Muži', sex: 'M' }]);
  });

  it('the printed logins work with the demo password', async () => {
    const admin = STAFF.find((person) => person.role === 'ADMIN');
    const [user] = await db.select().from(users).where(eq(users.email, admin?.email ?? ''));
    expect(await verifyPassword(user?.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);
    const emails = first.logins.map((login) => login.email);
    const stored = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
    expect(stored).toHaveLength(emails.length);
  });

  it('--reset rebuilds the demo to the same shape, without duplicates or stray rows', async () => {
    const third = await seedDemo(db, { today: TODAY, reset: true });
    expect(third.status).toBe('RECREATED');
    expect(await rowCounts(db)).toEqual(countsAfterFirst);
  });
});
