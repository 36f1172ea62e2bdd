import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IFSC_POINTS_TABLE, addDays } from '@climbing/domain';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { TODAY, day } from '../support/events.ts';
import { boulderRaceFixture, type RaceFixture } from '../support/race-fixture.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { eq } from 'drizzle-orm';
import { events } from '../../src/db/schema/index.ts';

interface CupBody {
  id: number;
  categories: { id: number; name: string; ageCategories: { id: number }[]; races: { id: number; raceId: number; cupRankCategoryId: number }[] }[];
  [key: string]: unknown;
}

interface RankingRow {
  racerKey: string;
  racerName: string;
  points: number;
  rank: number;
  raceResults: { race: { id: number }; rank: number; points: number; counted: boolean; categoryLevel: number; cupCategory: { id: number } }[];
}

describe('cups', () => {
  let harness: TestApp;
  let api: Client;
  let first: RaceFixture;
  let second: RaceFixture;

  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
    first = await boulderRaceFixture(harness, { racers: 4, boulders: 1, format: 'QUALIFICATION', scoringType: 'TOPS_ZONES' });
    second = await boulderRaceFixture(harness, { racers: 4, boulders: 1, format: 'QUALIFICATION', scoringType: 'TOPS_ZONES' });
  });
  afterAll(async () => harness?.close());

  const createCup = async (token: string, body: Record<string, unknown>) => api.call('POST', '/api/cup', { token, payload: { organizationId: first.organizationId, name: 'Boulder Cup', startDate: day(-10), endDate: day(100), ...body } });

  it('creates a cup with the spec 9 defaults, reads, edits and deletes it', async () => {
    const created = await createCup(first.adminToken, { endDate: undefined, categories: [{ name: 'Men' }, { name: 'Women', ageCategoryIds: [] }] });
    expect(created.statusCode, created.body).toBe(201);
    const cup = created.json() as CupBody;
    expect(cup).toMatchObject({
      name: 'Boulder Cup',
      startDate: day(-10),
      endDate: addDays(day(-10), 1),
      disciplines: ['BOULDERING', 'LEAD', 'SPEED'],
      isPublic: true,
      openCup: true,
      maxCountedResults: null,
      oneResultFromAllDisciplines: false,
      raceLevelTieBreak: false,
      type: 'CLASSIC',
      state: 'FINISHED',
      canManage: true,
    });
    expect(cup.categories.map((category) => category.name)).toEqual(['Men', 'Women']);

    const read = await api.call('GET', `/api/cup/${cup.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: cup.id, canManage: false, organizationId: first.organizationId });

    const men = cup.categories[0]!;
    const updated = await api.call('PUT', `/api/cup/${cup.id}`, {
      token: first.adminToken,
      payload: { endDate: day(30), maxCountedResults: 2, categories: [{ id: men.id, name: 'Men open' }, { name: 'Youth' }] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ endDate: day(30), maxCountedResults: 2, state: 'ACTIVE', name: 'Boulder Cup' });
    expect((updated.json() as CupBody).categories.map((category) => [category.name, category.id === men.id])).toEqual([
      ['Men open', true],
      ['Youth', false],
    ]);

    expect((await api.call('DELETE', `/api/cup/${cup.id}`, { token: second.adminToken })).statusCode).toBe(403);
    expect((await api.call('DELETE', `/api/cup/${cup.id}`, { token: first.adminToken })).statusCode).toBe(204);
    expect(errorCode(await api.call('GET', `/api/cup/${cup.id}`))).toBe('CUP_NOT_FOUND');
  });

  it('takes what the body leaves out from the global cup settings', async () => {
    const settings = await api.call('PUT', `/api/organization/${first.organizationId}/cup-settings`, { token: first.adminToken, payload: { maxCountedResults: 5, disciplines: ['LEAD'], raceLevelTieBreak: true } });
    expect(settings.statusCode, settings.body).toBe(200);
    const created = await createCup(first.adminToken, { name: 'Lead Cup' });
    expect(created.json()).toMatchObject({ maxCountedResults: 5, disciplines: ['LEAD'], raceLevelTieBreak: true, isPublic: true });
    const explicit = await createCup(first.adminToken, { name: 'Other Cup', maxCountedResults: null, disciplines: ['BOULDERING'] });
    expect(explicit.json()).toMatchObject({ maxCountedResults: null, disciplines: ['BOULDERING'], raceLevelTieBreak: true });
    await api.call('PUT', `/api/organization/${first.organizationId}/cup-settings`, { token: first.adminToken, payload: {} });
  });

  it('validates the body and refuses other organizations and anonymous callers', async () => {
    const expectInvalid = async (body: Record<string, unknown>, field?: string) => {
      const response = await createCup(first.adminToken, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(errorCode(response)).toBe('VALIDATION_FAILED');
      if (field) expect(Object.keys(response.json().error.fields ?? {}).some((key) => key === field || key.startsWith(`body.${field}`))).toBe(true);
    };
    await expectInvalid({ name: '  ' }, 'name');
    await expectInvalid({ startDate: '2026-02-30' }, 'startDate');
    await expectInvalid({ startDate: day(10), endDate: day(5) }, 'endDate');
    await expectInvalid({ maxCountedResults: 0 }, 'maxCountedResults');
    await expectInvalid({ disciplines: [] }, 'disciplines');
    await expectInvalid({ disciplines: ['CHESS'] });
    await expectInvalid({ categories: [{ name: 'A' }, { name: 'A' }] }, 'categories');

    const foreignAge = await api.call('POST', `/api/organization/${second.organizationId}/age-category`, { token: second.adminToken, payload: { name: 'U16', fromAge: 14, toAge: 15 } });
    expect(foreignAge.statusCode, foreignAge.body).toBe(201);
    await expectInvalid({ categories: [{ name: 'U16', ageCategoryIds: [foreignAge.json().id] }] }, 'categories');

    expect((await createCup(second.adminToken, {})).statusCode).toBe(403);
    expect(errorCode(await api.call('POST', '/api/cup', { payload: { organizationId: first.organizationId, name: 'x', startDate: TODAY } }))).toBe('MISSING_TOKEN');
    const visitor = await api.user('visitor@example.com');
    expect((await createCup(visitor.token, {})).statusCode).toBe(403);
  });

  it('hides an internal cup from visitors and other organizations, shows it to its members', async () => {
    const cup = (await createCup(first.adminToken, { name: 'Internal Cup', isPublic: false, categories: [{ name: 'All' }] })).json() as CupBody;
    const outsider = await api.user('outsider@example.com');
    for (const token of [undefined, outsider.token, second.adminToken]) {
      expect(errorCode(await api.call('GET', `/api/cup/${cup.id}`, { token }))).toBe('CUP_NOT_FOUND');
      expect(errorCode(await api.call('GET', `/api/cup/${cup.id}/ranking?category=${cup.categories[0]!.id}`, { token }))).toBe('CUP_NOT_FOUND');
      const list = (await api.call('GET', '/api/cup?period=actual', { token })).json() as { id: number }[];
      expect(list.map((row) => row.id)).not.toContain(cup.id);
    }
    expect((await api.call('GET', `/api/cup/${cup.id}`, { token: first.adminToken })).statusCode).toBe(200);
    const own = (await api.call('GET', '/api/cup?period=actual', { token: first.adminToken })).json() as { id: number; state: string; organizationName: string }[];
    expect(own.find((row) => row.id === cup.id)).toMatchObject({ state: 'ACTIVE', organizationName: expect.any(String) });
    expect(errorCode(await api.call('PUT', `/api/cup/${cup.id}`, { token: outsider.token, payload: { name: 'x' } }))).toBe('NO_RIGHTS');
  });

  it('lists cups in progress as actual and finished ones as history', async () => {
    const finished = (await createCup(first.adminToken, { name: 'Old Cup', startDate: day(-400), endDate: day(-1) })).json() as CupBody;
    const upcoming = (await createCup(first.adminToken, { name: 'New Cup', startDate: day(5), endDate: day(50) })).json() as CupBody;
    const actual = (await api.call('GET', '/api/cup?period=actual')).json() as { id: number; state: string }[];
    const history = (await api.call('GET', '/api/cup?period=history')).json() as { id: number; state: string }[];
    expect(actual.map((row) => row.id)).toContain(upcoming.id);
    expect(actual.map((row) => row.id)).not.toContain(finished.id);
    expect(history.find((row) => row.id === finished.id)).toMatchObject({ state: 'FINISHED' });
    expect(actual.find((row) => row.id === upcoming.id)).toMatchObject({ state: 'INACTIVE' });
  });

  describe('races and the ranking', () => {
    let cup: CupBody;
    let categoryId: number;
    let lowLevel: number;
    let highLevel: number;

    /** One boulder each: a flash ranks above a top in two, which ranks above a zone; null enters nothing. */
    async function enter(fixture: RaceFixture, scores: ({ topAttempts: number | null; zoneAttempts: number | null } | null)[]) {
      for (const [index, score] of scores.entries()) {
        if (!score) continue;
        const racer = fixture.racers[index]!;
        const response = await api.call('PUT', `/api/racer/${racer.racerId}/round/${racer.roundId}`, { token: fixture.adminToken, payload: { boulders: [score] } });
        expect(response.statusCode, response.body).toBe(200);
      }
    }

    beforeAll(async () => {
      const flash = { topAttempts: 1, zoneAttempts: 1 };
      const topInTwo = { topAttempts: 2, zoneAttempts: 1 };
      const zone = { topAttempts: null, zoneAttempts: 1 };
      // Race 1: Racer 101 1st, 102 and 103 tied 2nd, 104 4th.
      await enter(first, [flash, topInTwo, topInTwo, zone]);
      // Race 2 (another organization's public race): 103 1st, 101 2nd, 102 3rd, 104 did not start.
      await enter(second, [topInTwo, zone, flash, null]);

      const rank = async (name: string, level: number) => {
        const response = await api.call('POST', `/api/organization/${first.organizationId}/cup-rank-category`, { token: first.adminToken, payload: { name, numberOfRanks: 80, level } });
        expect(response.statusCode, response.body).toBe(201);
        return response.json().id as number;
      };
      lowLevel = await rank('Regional', 1);
      highLevel = await rank('National', 2);
      cup = (await createCup(first.adminToken, { name: 'Ranked Cup', disciplines: ['BOULDERING'], categories: [{ name: 'Open' }] })).json() as CupBody;
      categoryId = cup.categories[0]!.id;
    });

    const addRace = (raceId: number, cupRankCategoryId: number, token = first.adminToken) =>
      api.call('POST', `/api/cup/${cup.id}/category/${categoryId}/race`, { token, payload: { raceId, cupRankCategoryId } });
    const ranking = async () => {
      const response = await api.call('GET', `/api/cup/${cup.id}/ranking?category=${categoryId}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as RankingRow[];
    };
    const summary = (rows: RankingRow[]) => rows.map((row) => [row.racerName, row.points, row.rank]);

    it('adds races to a category, refuses duplicates, foreign tables and other disciplines', async () => {
      expect(errorCode(await addRace(first.raceId, lowLevel, second.adminToken))).toBe('NO_RIGHTS');
      // The event's short name comes along, for the cup page to show where it fits better than the full one.
      await harness.app.db.update(events).set({ displayName: 'WBC' }).where(eq(events.id, first.eventId));
      const added = await addRace(first.raceId, lowLevel);
      expect(added.statusCode, added.body).toBe(201);
      expect((added.json() as CupBody).categories[0]!.races).toMatchObject([{ raceId: first.raceId, cupRankCategoryId: lowLevel, cupCategoryName: 'Open', cupName: 'Ranked Cup', eventName: 'Winter Boulder Cup', eventDisplayName: 'WBC' }]);
      expect(errorCode(await addRace(first.raceId, lowLevel))).toBe('CUP_RACE_ALREADY_ADDED');
      expect(errorCode(await addRace(999_999, lowLevel))).toBe('RACE_NOT_FOUND');
      const foreignTable = await api.call('POST', `/api/organization/${second.organizationId}/cup-rank-category`, { token: second.adminToken, payload: { name: 'Theirs', numberOfRanks: 10 } });
      expect(errorCode(await addRace(second.raceId, foreignTable.json().id))).toBe('CUP_RANK_CATEGORY_NOT_FOUND');
      expect(errorCode(await api.call('POST', `/api/cup/${cup.id}/category/999999/race`, { token: first.adminToken, payload: { raceId: second.raceId, cupRankCategoryId: lowLevel } }))).toBe('CUP_CATEGORY_NOT_FOUND');
      const leadOnly = (await createCup(first.adminToken, { name: 'Lead only', disciplines: ['LEAD'], categories: [{ name: 'Open' }] })).json() as CupBody;
      const wrongDiscipline = await api.call('POST', `/api/cup/${leadOnly.id}/category/${leadOnly.categories[0]!.id}/race`, { token: first.adminToken, payload: { raceId: first.raceId, cupRankCategoryId: lowLevel } });
      expect(errorCode(wrongDiscipline)).toBe('CUP_RACE_NOT_ALLOWED');
      expect((await addRace(second.raceId, lowLevel)).statusCode).toBe(201);
    });

    it('sums the IFSC points of both races, tied places sharing the average', async () => {
      const [p1, p2, p3, p4] = IFSC_POINTS_TABLE as [number, number, number, number];
      const shared = (p2 + p3) / 2; // 747.5: Racer 102 and 103 tied 2nd in race 1
      const rows = await ranking();
      expect(summary(rows)).toEqual([
        ['Racer 101', p1 + p2, 1], // 1000 + 805
        ['Racer 103', shared + p1, 2], // 747.5 + 1000
        ['Racer 102', shared + p3, 3], // 747.5 + 690
        ['Racer 104', p4, 4], // 610; no points from the race not started
      ]);
      expect(rows[0]!.raceResults.map((result) => [result.race.id, result.rank, result.points, result.counted])).toEqual([
        [first.raceId, 1, 1000, true],
        [second.raceId, 2, 805, true],
      ]);
      expect(new Set(rows.map((row) => row.racerKey)).size).toBe(4);
    });

    it('counts the best maxCountedResults results and breaks ties by the race level when asked', async () => {
      expect((await api.call('PUT', `/api/cup/${cup.id}`, { token: first.adminToken, payload: { maxCountedResults: 1 } })).statusCode).toBe(200);
      let rows = await ranking();
      expect(summary(rows)).toEqual([
        ['Racer 101', 1000, 1],
        ['Racer 103', 1000, 1],
        ['Racer 102', 747.5, 3],
        ['Racer 104', 610, 4],
      ]);
      expect(rows[1]!.raceResults.map((result) => [result.points, result.counted])).toEqual([
        [1000, true],
        [747.5, false],
      ]);

      // Race 2 counted at the higher level: Racer 103's win there beats Racer 101's win in race 1.
      const current = (await api.call('GET', `/api/cup/${cup.id}`)).json() as CupBody;
      const link = current.categories[0]!.races.find((race) => race.raceId === second.raceId)!;
      expect((await api.call('DELETE', `/api/cup/${cup.id}/category/${categoryId}/race/${link.id}`, { token: first.adminToken })).statusCode).toBe(200);
      expect((await addRace(second.raceId, highLevel)).statusCode).toBe(201);
      await api.call('PUT', `/api/cup/${cup.id}`, { token: first.adminToken, payload: { raceLevelTieBreak: true } });
      rows = await ranking();
      expect(summary(rows).slice(0, 2)).toEqual([
        ['Racer 103', 1000, 1],
        ['Racer 101', 1000, 2],
      ]);
      expect(rows[0]!.raceResults[0]).toMatchObject({ categoryLevel: 2, cupCategory: { id: highLevel } });
      expect(errorCode(await api.call('DELETE', `/api/cup/${cup.id}/category/${categoryId}/race/${link.id}`, { token: first.adminToken }))).toBe('CUP_CATEGORY_RACE_NOT_FOUND');
    });

    it('ranks only the racers of the category age categories, ranked again among themselves', async () => {
      const age = async (name: string, fromAge: number, toAge: number) =>
        (await api.call('POST', `/api/organization/${first.organizationId}/age-category`, { token: first.adminToken, payload: { name, fromAge, toAge } })).json().id as number;
      // The fixture's racers are born in 1995; the races are in 2026, so they are 31.
      const adults = await age('Adults', 18, 99);
      const youth = await age('Youth', 10, 17);
      const current = (await api.call('GET', `/api/cup/${cup.id}`)).json() as CupBody;
      const put = (ageCategoryIds: number[]) => api.call('PUT', `/api/cup/${cup.id}`, { token: first.adminToken, payload: { categories: [{ id: current.categories[0]!.id, name: 'Open', ageCategoryIds }] } });
      expect((await put([adults])).statusCode).toBe(200);
      expect((await ranking()).length).toBe(4);
      expect((await put([youth])).statusCode).toBe(200);
      expect(await ranking()).toEqual([]);
      expect((await api.call('GET', `/api/cup/${cup.id}`)).json().categories[0].races).toHaveLength(2);
    });
  });
});
