import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { rounds } from '../../src/db/schema/index.ts';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { boulderRaceFixture } from '../support/race-fixture.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * A tester found no way to correct a finished race: every stage is closed, and the page pointed
 * at a "More actions" the finished race did not have. REOPEN_RACE takes a finished race back into
 * its last stage; its rounds stay closed until one is reopened, corrected and the race ended again.
 */
describe('reopening a finished race for a correction', () => {
  let harness: TestApp;
  let api: Client;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
  });
  afterAll(() => harness.close());

  const setState = (raceId: number, token: string, state: string) => api.call('PUT', `/api/race/${raceId}/state`, { token, payload: { state } });
  const score = (racer: { racerId: number; roundId: number }, token: string, topAttempts: number) =>
    api.call('PUT', `/api/racer/${racer.racerId}/round/${racer.roundId}`, { token, payload: { boulders: [{ boulderIndex: 0, topAttempts, zoneAttempts: 1, currentAttempt: topAttempts }] } });

  it('a qualification-only race: finished, reopened, a round reopened and corrected, finished again', async () => {
    const race = await boulderRaceFixture(harness, { racers: 2, format: 'QUALIFICATION' });
    const racer = race.racers[0]!;
    expect((await score(racer, race.adminToken, 3)).statusCode).toBe(200);
    expect((await setState(race.raceId, race.adminToken, 'FINISHED')).statusCode).toBe(200);
    expect(errorCode(await score(racer, race.adminToken, 2))).toBe('STAGE_CLOSED');

    const reopened = await setState(race.raceId, race.adminToken, 'QUALIFICATION_ONGOING');
    expect(reopened.statusCode, reopened.body).toBe(200);
    const view = (await api.call('GET', `/api/race/${race.raceId}`, { token: race.adminToken })).json();
    expect(view.state).toBe('QUALIFICATION_ONGOING');
    expect(view.qualificationGroups.map((group: { state: string }) => group.state)).toEqual(['QUALIFICATION']);
    // The rounds stay closed until the one to correct is reopened.
    expect(errorCode(await score(racer, race.adminToken, 2))).toBe('ROUND_CLOSED');
    expect((await api.call('PUT', '/api/round/state', { token: race.adminToken, payload: { roundIds: [racer.roundId], state: 'STARTED' } })).statusCode).toBe(200);
    expect((await score(racer, race.adminToken, 2)).statusCode).toBe(200);
    expect((await setState(race.raceId, race.adminToken, 'FINISHED')).statusCode).toBe(200);
    const results = (await api.call('GET', `/api/results/${race.raceId}?stage=QUALIFICATION`)).json() as { racer: { id: number }; topAttempts: number }[];
    expect(results.find((row) => row.racer.id === racer.racerId)?.topAttempts).toBe(2);
  });

  it('a race with a final reopens into its final without making its final rounds again', async () => {
    const race = await boulderRaceFixture(harness, { racers: 4, format: 'QUALIFICATION_FINAL', finalRacers: 2 });
    for (const [index, racer] of race.racers.entries()) expect((await score(racer, race.adminToken, index + 1)).statusCode).toBe(200);
    expect((await setState(race.raceId, race.adminToken, 'FINALS_ONGOING')).statusCode).toBe(200);
    const finalRounds = async () => (await harness.app.db.select().from(rounds).where(and(eq(rounds.raceId, race.raceId), eq(rounds.stage, 'FINAL')))).length;
    const finalists = await finalRounds();
    expect(finalists).toBeGreaterThanOrEqual(2);
    expect((await setState(race.raceId, race.adminToken, 'FINISHED')).statusCode).toBe(200);
    const reopened = await setState(race.raceId, race.adminToken, 'FINALS_ONGOING');
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await finalRounds()).toBe(finalists);
    // Only the last stage reopens: the qualification stays closed.
    expect(errorCode(await score(race.racers[3]!, race.adminToken, 1))).toBe('STAGE_CLOSED');
    expect(errorCode(await setState(race.raceId, race.adminToken, 'QUALIFICATION_ONGOING'))).toBe('INVALID_RACE_STATE_UPDATE');
  });
});
