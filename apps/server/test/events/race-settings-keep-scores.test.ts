import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rounds } from '../../src/db/schema/index.ts';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { boulderRaceFixture, type RaceFixture } from '../support/race-fixture.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * A tester lowered a running race's qualification boulders from 5 to 4: "The race was saved." and
 * the leader lost the top on boulder 5 everywhere (results, live, projector) until the count went
 * back. Settings that leave out entered scores are refused, naming the field and the count to keep.
 */
describe('race settings keep the entered scores', () => {
  let harness: TestApp;
  let api: Client;
  let race: RaceFixture;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
    race = await boulderRaceFixture(harness, { racers: 2, boulders: 5, format: 'QUALIFICATION_SEMIFINAL_FINAL' });
  });
  afterAll(() => harness.close());

  const score = async (boulderIndex: number, topAttempts: number | null, currentAttempt: number) => {
    const racer = race.racers[0]!;
    const response = await api.call('PUT', `/api/racer/${racer.racerId}/round/${racer.roundId}`, {
      token: race.adminToken,
      payload: { boulders: [{ boulderIndex, topAttempts, zoneAttempts: topAttempts, currentAttempt }] },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const update = (payload: unknown, language?: string) =>
    api.call('PUT', `/api/race/${race.raceId}`, { token: race.adminToken, payload, headers: language ? { 'accept-language': language } : {} });
  const qualificationBoulders = async (): Promise<number> => {
    const response = await api.call('GET', `/api/race/${race.raceId}`, { token: race.adminToken });
    return response.json().bouldering.numberOfQualificationBoulders;
  };

  it('refuses fewer qualification boulders than the scores reach, naming the count to keep, in both languages', async () => {
    await score(4, 2, 2);
    const refused = await update({ bouldering: { numberOfQualificationBoulders: 4 } });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(errorCode(refused)).toBe('RACE_SETTINGS_HIDE_SCORES');
    expect(refused.json().error.fields).toEqual({ 'bouldering.numberOfQualificationBoulders': 'validation.scoresBeyondCount' });
    expect(refused.json().error.fieldParams).toEqual({ 'bouldering.numberOfQualificationBoulders': { min: 5 } });
    expect((await update({ bouldering: { numberOfQualificationBoulders: 3 } }, 'sk')).json().error.message).toMatch(/^Na boulderoch, cestách alebo v kolách/);
    expect(await qualificationBoulders()).toBe(5);
  });

  it('allows the same count, more boulders, and fewer boulders in a stage nobody has climbed yet', async () => {
    expect((await update({ bouldering: { numberOfQualificationBoulders: 5 } })).statusCode).toBe(200);
    expect((await update({ bouldering: { numberOfQualificationBoulders: 6, numberOfFinalBoulders: 2 } })).statusCode).toBe(200);
    expect(await qualificationBoulders()).toBe(6);
  });

  it('counts a boulder cleared by the judge as empty: the count may then go below it', async () => {
    await score(5, null, 0);
    await score(4, null, 0);
    const lowered = await update({ bouldering: { numberOfQualificationBoulders: 4 } });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(await qualificationBoulders()).toBe(4);
  });

  it('refuses a format without a stage that already has racers', async () => {
    const racer = race.racers[1]!;
    await harness.app.db.insert(rounds).values({ raceId: race.raceId, racerId: racer.racerId, stage: 'SEMIFINAL' });
    const refused = await update({ raceFormat: 'QUALIFICATION_FINAL' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(errorCode(refused)).toBe('RACE_SETTINGS_HIDE_SCORES');
    expect(refused.json().error.fields).toEqual({ raceFormat: 'validation.formatDropsStage' });
    expect((await update({ raceFormat: 'QUALIFICATION_SEMIFINAL_FINAL' })).statusCode).toBe(200);
  });
});
