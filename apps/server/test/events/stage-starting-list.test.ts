import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { boulderRaceFixture, type RaceFixture } from '../support/race-fixture.ts';
import { top } from '../support/scores.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * A walkthrough on 2026-11-29: once the final started, the organiser had no starting list of it to
 * print and post (the race page and the print page listed the qualification groups only); the
 * final's order was only in the judges' scorecard.
 */
describe('GET /api/race/{id}/stage-starting-list', () => {
  let harness: TestApp;
  let api: Client;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
  });
  afterAll(() => harness.close());

  const list = (raceId: number, query: string, token?: string) => api.call('GET', `/api/race/${raceId}/stage-starting-list?${query}`, { token });
  const enter = async (fixture: RaceFixture, index: number, attempts: number) => {
    const racer = fixture.racers[index]!;
    const response = await api.call('PUT', `/api/racer/${racer.racerId}/round/${racer.roundId}`, { token: fixture.adminToken, payload: { boulders: [{ boulderIndex: 0, ...top(attempts) }] } });
    expect(response.statusCode, response.body).toBe(200);
  };

  it("lists the final's racers in its starting order, the best of the qualification last, for anybody who may read the race", async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 6, boulders: 1, finalRacers: 4 });
    // Racer i tops in i + 1 attempts: qualification places 1..6 in the fixture's order.
    for (let index = 0; index < 6; index += 1) await enter(fixture, index, index + 1);

    const before = await list(fixture.raceId, 'stage=FINAL');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ raceId: fixture.raceId, stage: 'FINAL', leadStyle: null, rankings: [] });

    expect((await api.call('PUT', `/api/race/${fixture.raceId}/state`, { token: fixture.adminToken, payload: { state: 'FINALS_ONGOING' } })).statusCode).toBe(200);
    const answer = await list(fixture.raceId, 'stage=FINAL');
    expect(answer.statusCode, answer.body).toBe(200);
    const [ranking] = answer.json().rankings as { sex: string | null; racers: { startingNumber: number; racerNumber: number; fullName: string; present: boolean }[] }[];
    // The four finalists climb in the reverse of their qualification places: 4th first, the winner last.
    expect(ranking!.racers.map((racer) => [racer.startingNumber, racer.racerNumber])).toEqual([3, 2, 1, 0].map((index, order) => [order + 1, fixture.racers[index]!.racerNumber]));
    expect(ranking!.racers.every((racer) => racer.present && racer.fullName.length > 0)).toBe(true);
  });

  it('refuses a stage that is not a semifinal or final, and a race that does not exist', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 2, boulders: 1 });
    const qualification = await list(fixture.raceId, 'stage=QUALIFICATION');
    expect(qualification.statusCode).toBe(400);
    expect(errorCode(qualification)).toBe('VALIDATION_FAILED');
    expect((await list(fixture.raceId, '')).statusCode).toBe(400);
    expect(errorCode(await list(999_999, 'stage=FINAL'))).toBe('RACE_NOT_FOUND');
  });
});
