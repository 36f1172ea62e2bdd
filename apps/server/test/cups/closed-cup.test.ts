import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organizationMemberships, raceRegistrations, racers, races } from '../../src/db/schema/index.ts';
import { client, type Client } from '../support/accounts.ts';
import { day } from '../support/events.ts';
import { boulderRaceFixture, type RaceFixture } from '../support/race-fixture.ts';
import { enterBoulders, top, zone } from '../support/scores.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface RankingRow {
  racerName: string;
  sex: string;
  points: number;
  rank: number;
  provisional: boolean;
  raceResults: { race: { id: number }; rank: number; provisional: boolean }[];
}

const TABLE = [1000, 805, 690, 610, 545, 495];

/**
 * Issue 9 acceptance: a closed cup (openCup false) skips a racer who is not a member of the cup's
 * organization; cup categories rank per sex; a race that is not finished gives provisional points.
 */
describe('closed cups, cup categories per sex and provisional points', () => {
  let harness: TestApp;
  let api: Client;
  let home: RaceFixture;
  let club: RaceFixture;
  let rankCategoryId: number;
  const users: Record<string, number> = {};

  /** Makes the fixture's registration of racer `racerNumber` an account's, and the racer a member of its race's organization if asked. */
  const useAccount = async (fixture: RaceFixture, racerNumber: number, email: string, memberOfRaceOrganization: boolean) => {
    const { id } = await api.register(email);
    users[email] = id;
    const racer = fixture.racers.find((candidate) => candidate.racerNumber === racerNumber)!;
    const [row] = await harness.app.db.select({ registrationId: racers.registrationId }).from(racers).where(eq(racers.id, racer.racerId));
    await harness.app.db
      .update(raceRegistrations)
      .set({ userId: id, unregisteredName: null, unregisteredSurname: null, unregisteredSex: null, unregisteredBirthYear: null })
      .where(eq(raceRegistrations.id, row!.registrationId));
    await harness.app.db.update(racers).set({ member: memberOfRaceOrganization }).where(eq(racers.id, racer.racerId));
  };

  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
    home = await boulderRaceFixture(harness, { racers: 6, boulders: 1, format: 'QUALIFICATION' });
    club = await boulderRaceFixture(harness, { racers: 3, boulders: 1, format: 'QUALIFICATION' });
    // Home race: men 101 > 102 > 103, women 104 > 105 > 106 (the race ranks the sexes apart).
    await harness.app.db.update(racers).set({ sex: 'F' }).where(eq(racers.raceId, home.raceId));
    for (const racer of home.racers.slice(0, 3)) await harness.app.db.update(racers).set({ sex: 'M' }).where(eq(racers.id, racer.racerId));
    const order = [[top(1)], [top(2)], [zone(1)]];
    await enterBoulders(api, home.adminToken, home.raceId, 'QUALIFICATION', (racer) => order[(racer.racerNumber - 101) % 3] ?? null);
    await enterBoulders(api, club.adminToken, club.raceId, 'QUALIFICATION', (racer) => order[racer.racerNumber - 101] ?? null);

    // 101: an account, not a member. 102: a member. 103: one-time, no account. 104: a member.
    await useAccount(home, 101, 'outsider@example.com', false);
    await useAccount(home, 102, 'member@example.com', true);
    await useAccount(home, 104, 'member-woman@example.com', true);
    // The club race (another organization): 101 is the cup organization's member since before it; 102 joined after it.
    await useAccount(club, 101, 'early@example.com', false);
    await useAccount(club, 102, 'late@example.com', false);
    for (const [email, since] of [
      ['member@example.com', new Date('2026-01-01')],
      ['member-woman@example.com', new Date('2026-01-01')],
      ['early@example.com', new Date('2026-06-01')],
      ['late@example.com', new Date('2027-01-10')],
    ] as const) {
      await harness.app.db.insert(organizationMemberships).values({ userId: users[email]!, organizationId: home.organizationId, state: 'ACTIVE', createdAt: since });
    }
    const table = await api.call('POST', `/api/organization/${home.organizationId}/cup-rank-category`, { token: home.adminToken, payload: { name: 'Regional', numberOfRanks: 6, level: 1, rankPoints: TABLE } });
    expect(table.statusCode, table.body).toBe(201);
    rankCategoryId = table.json().id;
  });
  afterAll(async () => harness?.close());

  const createCup = async (openCup: boolean, categories: Record<string, unknown>[]) => {
    const response = await api.call('POST', '/api/cup', {
      token: home.adminToken,
      payload: { organizationId: home.organizationId, name: `Cup ${openCup} ${categories.length}`, startDate: day(-10), endDate: day(400), openCup, disciplines: ['BOULDERING'], categories },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; categories: { id: number; sex: string | null }[] };
  };
  const addRace = async (cupId: number, categoryId: number, raceId: number) => {
    const response = await api.call('POST', `/api/cup/${cupId}/category/${categoryId}/race`, { token: home.adminToken, payload: { raceId, cupRankCategoryId: rankCategoryId } });
    expect(response.statusCode, response.body).toBe(201);
  };
  const ranking = async (cupId: number, categoryId: number) => {
    const response = await api.call('GET', `/api/cup/${cupId}/ranking?category=${categoryId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as RankingRow[];
  };

  it('ranks only the members of the cup organization in a closed cup, re-ranked among themselves', async () => {
    const cup = await createCup(false, [{ name: 'Men', sex: 'M' }]);
    const men = cup.categories[0]!;
    expect(men.sex).toBe('M');
    await addRace(cup.id, men.id, home.raceId);
    // 101 (not a member) and 103 (no account) are left out; 102 moves up to the first place.
    expect((await ranking(cup.id, men.id)).map((row) => [row.racerName, row.rank, row.points])).toEqual([['Racer 102', 1, 1000]]);
  });

  it("takes the members of another organization's race who were members on the race day", async () => {
    const cup = await createCup(false, [{ name: 'Open' }]);
    const open = cup.categories[0]!;
    await addRace(cup.id, open.id, club.raceId);
    // early (101) was a member on the race day, late (102) joined after it, 103 has no account.
    expect((await ranking(cup.id, open.id)).map((row) => [row.racerName, row.rank, row.points])).toEqual([['Racer 101', 1, 1000]]);
  });

  it('ranks each sex of a mixed race in its own ranking; a category of one sex takes only its racers', async () => {
    const cup = await createCup(true, [{ name: 'All' }, { name: 'Women', sex: 'F' }]);
    const [all, women] = cup.categories;
    await addRace(cup.id, all!.id, home.raceId);
    await addRace(cup.id, women!.id, home.raceId);
    const both = await ranking(cup.id, all!.id);
    expect(both.map((row) => [row.rank, row.points])).toEqual([
      [1, 1000],
      [1, 1000],
      [3, 805],
      [3, 805],
      [5, 690],
      [5, 690],
    ]);
    expect((await ranking(cup.id, women!.id)).map((row) => [row.racerName, row.rank, row.points])).toEqual([
      ['Racer 104', 1, 1000],
      ['Racer 105', 2, 805],
      ['Racer 106', 3, 690],
    ]);
  });

  it('a category of men takes only the men of a mixed race, ranked among themselves', async () => {
    const cup = await createCup(true, [{ name: 'Men', sex: 'M' }]);
    const men = cup.categories[0]!;
    await addRace(cup.id, men.id, home.raceId);
    const rows = await ranking(cup.id, men.id);
    expect(rows.map((row) => [row.racerName, row.rank, row.points])).toEqual([
      ['Racer 101', 1, 1000],
      ['Racer 102', 2, 805],
      ['Racer 103', 3, 690],
    ]);
    expect(rows.every((row) => row.sex === 'M')).toBe(true);
  });

  it('marks the points of a race that is not finished as provisional', async () => {
    const cup = await createCup(true, [{ name: 'Men', sex: 'M' }]);
    const men = cup.categories[0]!;
    await addRace(cup.id, men.id, home.raceId);
    const running = await ranking(cup.id, men.id);
    expect(running.every((row) => row.provisional && row.raceResults.every((result) => result.provisional))).toBe(true);
    await harness.app.db.update(races).set({ state: 'FINISHED' }).where(eq(races.id, home.raceId));
    const finished = await ranking(cup.id, men.id);
    expect(finished.map((row) => [row.racerName, row.rank, row.provisional])).toEqual([
      ['Racer 101', 1, false],
      ['Racer 102', 2, false],
      ['Racer 103', 3, false],
    ]);
    expect((await api.call('POST', '/api/cup', { token: home.adminToken, payload: { organizationId: home.organizationId, name: 'Bad', startDate: day(0), categories: [{ name: 'X', sex: 'W' }] } })).statusCode).toBe(400);
  });
});
