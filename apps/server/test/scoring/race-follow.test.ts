import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { qualificationGroups, rounds, scoreAuditLog } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { createEvent, openRegistration, raceBody } from '../support/events.ts';
import { boulderRaceFixture } from '../support/race-fixture.ts';
import { enterBoulders, listRacers, top, zone } from '../support/scores.ts';

/** Issue 10 item 7: groups and rounds follow the race; a ready stage starts in one step. */
describe('groups and rounds follow the race', () => {
  let harness: TestApp;
  let api: Client;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
  });
  afterAll(() => harness.close());

  const raceView = async (raceId: number, token: string) => (await api.call('GET', `/api/race/${raceId}`, { token })).json();
  const setState = (raceId: number, token: string, state: string) => api.call('PUT', `/api/race/${raceId}/state`, { token, payload: { state } });
  const roundStates = async (raceId: number, stage: 'QUALIFICATION' | 'FINAL') =>
    (await harness.app.db.select({ state: rounds.state }).from(rounds).where(and(eq(rounds.raceId, raceId), eq(rounds.stage, stage)))).map((row) => row.state);

  it('starting the race runs every group with one call; starting the final closes the qualification; finishing closes every round', async () => {
    const admin = await api.user('follow@example.com');
    const organizationId = (await api.organization(admin.token)).id;
    const event = await createEvent(api, admin.token, organizationId, {}, [raceBody({ groups: 2, extra: { raceFormat: 'QUALIFICATION_FINAL', bouldering: { numberOfQualificationBoulders: 2, numberOfFinalBoulders: 2, numberOfFinalRacers: 2 } } })]);
    const raceId = event.races[0]?.id ?? 0;
    await openRegistration(api, admin.token, raceId);
    for (const [index, name] of ['Ada', 'Bea', 'Cyr', 'Dan'].entries()) {
      const response = await api.call('POST', `/api/race-registration/${raceId}/register-unregistered-user/`, { payload: { name, surname: 'Follow', sex: 'F', birthYear: 1995 + index } });
      expect(response.statusCode).toBe(201);
    }
    expect((await setState(raceId, admin.token, 'QUALIFICATION')).statusCode).toBe(200);

    // One call: the race starts and both groups run, with their racers' rounds.
    const started = (await setState(raceId, admin.token, 'QUALIFICATION_ONGOING')).json();
    expect(started.qualificationGroups.map((group: { state: string }) => group.state)).toEqual(['QUALIFICATION', 'QUALIFICATION']);
    expect(await roundStates(raceId, 'QUALIFICATION')).toHaveLength(4);

    await enterBoulders(api, admin.token, raceId, 'QUALIFICATION', (racer) => (racer.fullName.startsWith('Ada') || racer.fullName.startsWith('Bea') ? [top(1), top(2)] : [zone(1), zone(1)]));
    const versions = Object.fromEntries((await listRacers(api, raceId, 'QUALIFICATION')).map((racer) => [racer.id, racer.rounds[0]?.version ?? -1]));

    // Starting the final from the running qualification is one step: groups and rounds close, the final's rounds exist.
    const final = (await setState(raceId, admin.token, 'FINALS_ONGOING')).json();
    expect(final.state).toBe('FINALS_ONGOING');
    expect(final.qualificationGroups.map((group: { state: string; allowedStates: string[] }) => [group.state, group.allowedStates])).toEqual([
      ['QUALIFICATION_CLOSED', []],
      ['QUALIFICATION_CLOSED', []],
    ]);
    expect(new Set(await roundStates(raceId, 'QUALIFICATION'))).toEqual(new Set(['CLOSED']));
    const qualification = await listRacers(api, raceId, 'QUALIFICATION');
    for (const racer of qualification) expect(racer.rounds[0]?.version).toBe((versions[racer.id] ?? 0) + 1);
    const audited = await harness.app.db.select().from(scoreAuditLog).where(and(eq(scoreAuditLog.raceId, raceId), eq(scoreAuditLog.action, 'ROUND_STATE_CHANGED')));
    expect(audited.filter((row) => (row.after as { state?: string }).state === 'CLOSED')).toHaveLength(4);
    expect(audited.every((row) => row.userId === admin.id)).toBe(true);
    expect(await roundStates(raceId, 'FINAL')).toHaveLength(2);

    // Scores of a closed stage are refused; the final is scored, then the race finished.
    const [first] = qualification;
    expect(errorCode(await api.call('PUT', `/api/racer/${first?.id}/round/${first?.rounds[0]?.id}`, { token: admin.token, payload: { version: first?.rounds[0]?.version, boulders: [] } }))).toMatch(/ROUND_CLOSED|STAGE_CLOSED/);
    await enterBoulders(api, admin.token, raceId, 'FINAL', () => [top(1), zone(2)]);
    expect((await setState(raceId, admin.token, 'FINISHED')).json().state).toBe('FINISHED');
    expect(new Set([...(await roundStates(raceId, 'QUALIFICATION')), ...(await roundStates(raceId, 'FINAL'))])).toEqual(new Set(['CLOSED']));
    expect((await listRacers(api, raceId, 'FINAL')).map((racer) => racer.rounds[0] && (racer.rounds[0] as { state?: string }).state)).toEqual(['CLOSED', 'CLOSED']);
    const groups = await harness.app.db.select({ state: qualificationGroups.state }).from(qualificationGroups).where(eq(qualificationGroups.raceId, raceId));
    expect(groups.map((group) => group.state)).toEqual(['QUALIFICATION_CLOSED', 'QUALIFICATION_CLOSED']);
  });

  it('a race finished before groups and rounds followed it reads closed (no migration needed)', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 2, state: 'FINISHED' });
    const view = await raceView(fixture.raceId, fixture.adminToken);
    expect(view.qualificationGroups[0]).toMatchObject({ state: 'QUALIFICATION_CLOSED', allowedStates: [] });
    const stored = await harness.app.db.select({ state: qualificationGroups.state }).from(qualificationGroups).where(eq(qualificationGroups.raceId, fixture.raceId));
    expect(stored[0]?.state).toBe('QUALIFICATION');
    const listed = (await listRacers(api, fixture.raceId, 'QUALIFICATION')) as unknown as { rounds: { state: string }[] }[];
    expect(listed.map((racer) => racer.rounds[0]?.state)).toEqual(['CLOSED', 'CLOSED']);
    expect(errorCode(await api.call('PUT', `/api/qualification-group/${fixture.groupIds[0]}/state`, { token: fixture.adminToken, payload: { state: 'OPEN_REGISTRATION' } }))).toBe('INVALID_RACE_STATE_UPDATE');
  });

  it('a ready final (its racers known, maybe already scored) can be ended without "starting" it first', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 3, finalRacers: 2 });
    await enterBoulders(api, fixture.adminToken, fixture.raceId, 'QUALIFICATION', (racer) => [top(racer.racerNumber - 100), zone(1), zone(1), zone(1)]);
    expect((await setState(fixture.raceId, fixture.adminToken, 'FINALS')).json()).toMatchObject({ state: 'FINALS', allowedStates: expect.arrayContaining(['FINALS_ONGOING', 'FINISHED']) });
    await enterBoulders(api, fixture.adminToken, fixture.raceId, 'FINAL', () => [top(1), top(1), top(1), top(1)]);
    expect((await setState(fixture.raceId, fixture.adminToken, 'FINISHED')).json().state).toBe('FINISHED');
    expect(new Set(await roundStates(fixture.raceId, 'FINAL'))).toEqual(new Set(['CLOSED']));
  });
});
