import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { races } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { boulderRaceFixture, type RaceFixture } from '../support/race-fixture.ts';

/** Issue 11, item 3: a HIDDEN race's data (racers, results, starting list, live stream) follows the race's visibility. */
describe('a HIDDEN race reveals nothing to those who may not see it', () => {
  let harness: TestApp;
  let api: Client;
  let race: RaceFixture;
  let stranger: { id: number; token: string };

  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
    race = await boulderRaceFixture(harness, { racers: 3 });
    stranger = await api.user('stranger@example.com');
    await harness.app.db.update(races).set({ state: 'HIDDEN' }).where(eq(races.id, race.raceId));
  });
  afterAll(() => harness.close());

  const reads = () => [
    `/api/results/${race.raceId}?stage=QUALIFICATION`,
    `/api/racer/list?race=${race.raceId}&stage=QUALIFICATION`,
    `/api/racer/${race.racers[0]!.racerId}/round/${race.racers[0]!.roundId}`,
    `/api/race-registration/race/${race.raceId}`,
    `/api/race/${race.raceId}/starting-list`,
    `/api/race/${race.raceId}/stage-starting-list?stage=FINAL`,
    `/api/race/${race.raceId}`,
    `/api/live/race/${race.raceId}`,
  ];

  it('answers RACE_NOT_FOUND to the public and to a logged-in stranger on every read', async () => {
    for (const url of reads()) {
      for (const token of [undefined, stranger.token]) {
        const response = await api.call('GET', url, { token });
        expect(response.statusCode, `${url} ${token ? 'stranger' : 'anonymous'}`).toBe(404);
        expect(errorCode(response), url).toMatch(/^(RACE_NOT_FOUND|ENTITY_NOT_FOUND)$/);
      }
    }
  });

  it('still answers the race admin (the live stream is checked up to its headers)', async () => {
    for (const url of reads().filter((url) => !url.startsWith('/api/live'))) {
      expect((await api.call('GET', url, { token: race.adminToken })).statusCode, url).toBe(200);
    }
  });

  it('opens up again once the race is announced', async () => {
    await harness.app.db.update(races).set({ state: 'UPCOMING' }).where(eq(races.id, race.raceId));
    expect((await api.call('GET', `/api/results/${race.raceId}?stage=QUALIFICATION`)).statusCode).toBe(200);
    expect((await api.call('GET', `/api/racer/list?race=${race.raceId}&stage=QUALIFICATION`)).statusCode).toBe(200);
  });
});
