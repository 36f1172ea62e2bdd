import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { events, races } from '../../src/db/schema/index.ts';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { day } from '../support/events.ts';
import { boulderRaceFixture, type RaceFixture } from '../support/race-fixture.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface CupRace {
  raceId: number;
  isPublic: boolean;
}
interface RankingRow {
  raceResults: { race: { id: number }; racePublic: boolean }[];
}

/**
 * Issue 11, items 4 and 17: a cup shows the races (and their points) the viewer may see, marking
 * those that are not public; a deactivated organization's events, results and cups are not public.
 */
describe('cups and deactivated organizations show only what the viewer may see', () => {
  let harness: TestApp;
  let api: Client;
  let own: RaceFixture;
  let foreign: RaceFixture;
  let cupId: number;
  let categoryId: number;
  let foreignMember: { id: number; token: string };

  const cupRaces = async (token?: string) => {
    const response = await api.call('GET', `/api/cup/${cupId}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().categories[0].races as CupRace[]).map(({ raceId, isPublic }) => ({ raceId, isPublic }));
  };
  const rankedRaces = async (token?: string) => {
    const response = await api.call('GET', `/api/cup/${cupId}/ranking?category=${categoryId}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    const seen = new Map<number, boolean>();
    for (const row of response.json() as RankingRow[]) for (const result of row.raceResults) seen.set(result.race.id, result.racePublic);
    return [...seen.entries()].sort(([a], [b]) => a - b);
  };

  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
    own = await boulderRaceFixture(harness, { racers: 2, boulders: 1, format: 'QUALIFICATION' });
    foreign = await boulderRaceFixture(harness, { racers: 2, boulders: 1, format: 'QUALIFICATION' });
    for (const fixture of [own, foreign]) {
      for (const racer of fixture.racers) {
        const response = await api.call('PUT', `/api/racer/${racer.racerId}/round/${racer.roundId}`, { token: fixture.adminToken, payload: { boulders: [{ topAttempts: 1, zoneAttempts: 1 }] } });
        expect(response.statusCode, response.body).toBe(200);
      }
    }
    const points = await api.call('POST', `/api/organization/${own.organizationId}/cup-rank-category`, { token: own.adminToken, payload: { name: 'Regional', numberOfRanks: 10 } });
    const cup = await api.call('POST', '/api/cup', { token: own.adminToken, payload: { organizationId: own.organizationId, name: 'Cup', startDate: day(-10), endDate: day(100), categories: [{ name: 'Open' }] } });
    cupId = cup.json().id;
    categoryId = cup.json().categories[0].id;
    for (const raceId of [own.raceId, foreign.raceId]) {
      const added = await api.call('POST', `/api/cup/${cupId}/category/${categoryId}/race`, { token: own.adminToken, payload: { raceId, cupRankCategoryId: points.json().id } });
      expect(added.statusCode, added.body).toBe(201);
    }
    foreignMember = await api.user('foreign-member@example.com');
    await api.join(foreign.organizationId, foreign.adminToken, foreignMember);
  });
  afterAll(() => harness.close());

  it('shows both public races to everybody, marked public', async () => {
    expect(await cupRaces()).toEqual([{ raceId: own.raceId, isPublic: true }, { raceId: foreign.raceId, isPublic: true }].sort((a, b) => a.raceId - b.raceId));
    expect(await rankedRaces()).toEqual([[own.raceId, true], [foreign.raceId, true]].sort((a, b) => Number(a[0]) - Number(b[0])));
  });

  it('drops another organization\'s race made internal after the cup counted it, except for its members, who see it marked', async () => {
    await harness.app.db.update(events).set({ isPublic: false, allowedUnregisteredUsers: false }).where(eq(events.id, foreign.eventId));
    expect(await cupRaces()).toEqual([{ raceId: own.raceId, isPublic: true }]);
    expect(await rankedRaces()).toEqual([[own.raceId, true]]);
    expect(await rankedRaces(foreignMember.token)).toContainEqual([foreign.raceId, false]);
    expect(await cupRaces(foreignMember.token)).toContainEqual({ raceId: foreign.raceId, isPublic: false });
    // The cup's managers keep the link (to remove it), marked not public; its points they may not see.
    expect(await cupRaces(own.adminToken)).toContainEqual({ raceId: foreign.raceId, isPublic: false });
    expect((await rankedRaces(own.adminToken)).map(([id]) => id)).toEqual([own.raceId]);
  });

  it('drops a race set back to HIDDEN from the public cup', async () => {
    await harness.app.db.update(races).set({ state: 'HIDDEN' }).where(eq(races.id, own.raceId));
    // (The foreign race is internal since the test before.)
    expect(await cupRaces()).toEqual([]);
    expect(await rankedRaces()).toEqual([]);
    expect(await rankedRaces(own.adminToken)).toEqual([[own.raceId, false]]);
    await harness.app.db.update(races).set({ state: 'QUALIFICATION_ONGOING' }).where(eq(races.id, own.raceId));
  });

  it('hides a deactivated organization\'s events, results and cups from the public, not from its members', async () => {
    const root = await api.superAdmin();
    expect((await api.call('POST', `/api/organization/${own.organizationId}/deactivate`, { token: root.token })).statusCode).toBe(200);
    expect(errorCode(await api.call('GET', `/api/cup/${cupId}`))).toBe('CUP_NOT_FOUND');
    expect((await api.call('GET', '/api/cup')).json().map((cup: { id: number }) => cup.id)).not.toContain(cupId);
    expect(errorCode(await api.call('GET', `/api/event/${own.eventId}`))).toBe('EVENT_NOT_FOUND');
    expect((await api.call('GET', '/api/event')).json().map((event: { id: number }) => event.id)).not.toContain(own.eventId);
    expect(errorCode(await api.call('GET', `/api/results/${own.raceId}?stage=QUALIFICATION`))).toBe('RACE_NOT_FOUND');
    expect(errorCode(await api.call('GET', `/api/live/race/${own.raceId}`))).toBe('RACE_NOT_FOUND');
    expect((await api.call('GET', `/api/cup/${cupId}`, { token: own.adminToken })).statusCode).toBe(200);
    expect((await api.call('GET', `/api/results/${own.raceId}?stage=QUALIFICATION`, { token: own.adminToken })).statusCode).toBe(200);
    expect((await api.call('POST', `/api/organization/${own.organizationId}/activate`, { token: root.token })).statusCode).toBe(200);
    expect((await api.call('GET', `/api/cup/${cupId}`)).statusCode).toBe(200);
  });
});
