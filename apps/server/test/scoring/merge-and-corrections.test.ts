import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { rounds, scoreAuditLog } from '../../src/db/schema/index.ts';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { createEvent, openRegistration, raceBody } from '../support/events.ts';
import { boulderRaceFixture } from '../support/race-fixture.ts';
import { speedRaceFixture } from '../support/speed-race-fixture.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * Issue 12: conflicts only where there is one. Writes to different boulders (routes, runs) of one
 * round based on the same version both apply; the same boulder changed since the writer's version
 * is 409 with its current value. Any mark may be corrected while the round is open, audited with
 * before and after, the device and the device time.
 */

interface Boulder {
  id: number | null;
  boulderIndex: number;
  topAttempts: number | null;
  zoneAttempts: number | null;
  currentAttempt: number;
  version: number;
}

describe('merging per boulder, conflicts and corrections', () => {
  let harness: TestApp;
  let api: Client;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
  });
  afterAll(() => harness.close());

  /** A lead race with two qualification routes in its qualification, one racer present: the admin and the racer's round. */
  const leadQualification = async (name: string, racerName: string) => {
    const admin = await api.user(`${name}@example.com`);
    const { id: organizationId } = await api.organization(admin.token, `${name} club`);
    const event = await createEvent(api, admin.token, organizationId, {}, [raceBody({ extra: { discipline: 'LEAD', raceFormat: 'QUALIFICATION_FINAL', lead: { numberOfQualificationRoutes: 2, numberOfFinalRacers: 4 } } })]);
    const race = event.races[0]!;
    await openRegistration(api, admin.token, race.id);
    const registered = await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, {
      payload: { name: racerName, surname: 'Lead', sex: 'F', birthday: '1996-06-06', qualificationGroupId: race.qualificationGroups[0]!.id },
    });
    await api.call('PUT', `/api/race-registration/${registered.json().id}/PRESENT`, { token: admin.token });
    await api.call('PUT', `/api/qualification-group/${race.qualificationGroups[0]!.id}/state`, { token: admin.token, payload: { state: 'QUALIFICATION' } });
    await api.call('PUT', `/api/race/${race.id}/state`, { token: admin.token, payload: { state: 'QUALIFICATION_ONGOING' } });
    const [racer] = (await api.call('GET', `/api/racer/list?race=${race.id}&stage=QUALIFICATION`)).json() as { id: number; rounds: { id: number; routes: { id: number }[] }[] }[];
    return { admin, racer };
  };

  it('merges two judges writing different boulders of one round from the same version', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 1 });
    const { racerId, roundId } = fixture.racers[0]!;
    const url = `/api/racer/${racerId}/round/${roundId}`;
    const first = await api.call('PUT', url, { token: fixture.adminToken, payload: { version: 0, boulders: [{ boulderIndex: 0, topAttempts: 1, zoneAttempts: 1, currentAttempt: 1 }] } });
    expect(first.statusCode, first.body).toBe(200);
    // Judge 2 still holds version 0 and writes B2: no conflict, both taps stay.
    const second = await api.call('PUT', url, { token: fixture.adminToken, payload: { version: 0, boulders: [{ boulderIndex: 1, topAttempts: null, zoneAttempts: 2, currentAttempt: 3 }] } });
    expect(second.statusCode, second.body).toBe(200);
    const round = second.json() as { version: number; boulders: Boulder[] };
    expect(round.version).toBe(2);
    expect(round.boulders.map(({ topAttempts, zoneAttempts, currentAttempt, version }) => ({ topAttempts, zoneAttempts, currentAttempt, version }))).toEqual([
      { topAttempts: 1, zoneAttempts: 1, currentAttempt: 1, version: 1 },
      { topAttempts: null, zoneAttempts: 2, currentAttempt: 3, version: 2 },
      { topAttempts: null, zoneAttempts: null, currentAttempt: 0, version: 0 },
      { topAttempts: null, zoneAttempts: null, currentAttempt: 0, version: 0 },
    ]);
  });

  it('refuses the same boulder changed since the judge’s version with 409 and its current value', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 1 });
    const { racerId, roundId } = fixture.racers[0]!;
    const url = `/api/racer/${racerId}/round/${roundId}`;
    await api.call('PUT', url, { token: fixture.adminToken, payload: { version: 0, boulders: [{ boulderIndex: 2, topAttempts: null, zoneAttempts: null, currentAttempt: 2 }] } });
    const stale = await api.call('PUT', url, { token: fixture.adminToken, payload: { version: 0, boulders: [{ boulderIndex: 2, topAttempts: null, zoneAttempts: null, currentAttempt: 1 }] } });
    expect(stale.statusCode).toBe(409);
    expect(errorCode(stale)).toBe('VERSION_CONFLICT');
    const details = stale.json().error.details as { current: { version: number }; conflicts: Boulder[] };
    expect(details.current.version).toBe(1);
    expect(details.conflicts).toEqual([expect.objectContaining({ boulderIndex: 2, currentAttempt: 2, version: 1 })]);
    // Nothing of the refused write was kept.
    expect((await api.call('GET', url)).json().version).toBe(1);

    // A per-boulder version says what the edit was based on: the boulder's own version is fresh.
    const perBoulder = await api.call('PUT', url, { token: fixture.adminToken, payload: { version: 0, boulders: [{ boulderIndex: 2, version: 1, topAttempts: null, zoneAttempts: null, currentAttempt: 3 }] } });
    expect(perBoulder.statusCode, perBoulder.body).toBe(200);

    // The same value as the one stored is no conflict: two judges entering the same top agree.
    const agree = await api.call('PUT', url, { token: fixture.adminToken, payload: { version: 0, boulders: [{ boulderIndex: 2, topAttempts: null, zoneAttempts: null, currentAttempt: 3 }] } });
    expect(agree.statusCode, agree.body).toBe(200);
    expect(agree.json().boulders[2].version).toBe(2);
  });

  it('a restart counts as a change of every boulder', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 1 });
    const { racerId, roundId } = fixture.racers[0]!;
    const url = `/api/racer/${racerId}/round/${roundId}`;
    await api.call('PUT', url, { token: fixture.adminToken, payload: { version: 0, boulders: [{ boulderIndex: 0, topAttempts: 1, zoneAttempts: 1, currentAttempt: 1 }] } });
    const restarted = await api.call('PUT', '/api/round/state', { token: fixture.adminToken, payload: { roundIds: [roundId], state: 'READY' } });
    expect(restarted.statusCode, restarted.body).toBe(200);
    const late = await api.call('PUT', url, { token: fixture.adminToken, payload: { version: 1, boulders: [{ boulderIndex: 3, topAttempts: null, zoneAttempts: null, currentAttempt: 1 }] } });
    expect(errorCode(late)).toBe('VERSION_CONFLICT');
    expect(late.json().error.details.conflicts).toEqual([expect.objectContaining({ boulderIndex: 3, currentAttempt: 0, version: 2 })]);
  });

  it('corrects any mark while the round is open, a removed top included, with before, after, device and device time in the audit', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 1 });
    const { racerId, roundId } = fixture.racers[0]!;
    const url = `/api/racer/${racerId}/round/${roundId}`;
    // Entered on the phone five minutes ago, received now (it waited in the device's queue).
    const enteredAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const topped = await api.call('PUT', url, {
      token: fixture.adminToken,
      headers: { 'idempotency-key': 'device-1-op-0001' },
      payload: { version: 0, deviceId: 'phone-1', enteredAt, boulders: [{ boulderIndex: 0, topAttempts: 3, zoneAttempts: 2, currentAttempt: 3 }] },
    });
    expect(topped.statusCode, topped.body).toBe(200);
    // The judge saw it wrong: no top, the zone on the fourth attempt, five attempts in all.
    const corrected = await api.call('PUT', url, {
      token: fixture.adminToken,
      payload: { version: 1, deviceId: 'phone-1', enteredAt: '2026-12-05T10:45:00.000+01:00', boulders: [{ boulderIndex: 0, topAttempts: null, zoneAttempts: 4, currentAttempt: 5 }] },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().boulders[0]).toMatchObject({ topAttempts: null, zoneAttempts: 4, currentAttempt: 5 });
    // Fewer attempts than before is a valid correction too.
    const fewer = await api.call('PUT', url, { token: fixture.adminToken, payload: { version: 2, boulders: [{ boulderIndex: 0, topAttempts: null, zoneAttempts: null, currentAttempt: 1 }] } });
    expect(fewer.json().boulders[0]).toMatchObject({ topAttempts: null, zoneAttempts: null, currentAttempt: 1 });

    const entries = await harness.app.db.select().from(scoreAuditLog).where(eq(scoreAuditLog.roundId, roundId)).orderBy(asc(scoreAuditLog.id));
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({ deviceId: 'phone-1', operationId: 'device-1-op-0001', deviceAt: new Date(enteredAt) });
    expect(entries[1]).toMatchObject({ deviceId: 'phone-1', operationId: null, deviceAt: new Date('2026-12-05T09:45:00.000Z') });
    expect((entries[1]!.before as Boulder[])[0]).toMatchObject({ topAttempts: 3, zoneAttempts: 2 });
    expect((entries[1]!.after as Boulder[])[0]).toMatchObject({ topAttempts: null, zoneAttempts: 4 });

    const trail = await api.call('GET', `${url}/audit`, { token: fixture.adminToken });
    const newestFirst = trail.json() as { at: string; deviceId: string | null; deviceAt: string | null; operationId: string | null; userId: number | null }[];
    expect(newestFirst[2]).toMatchObject({ deviceId: 'phone-1', deviceAt: enteredAt, operationId: 'device-1-op-0001' });
    expect(newestFirst[2]!.userId).not.toBeNull();
    expect(Date.parse(newestFirst[2]!.at)).toBeGreaterThan(Date.parse(enteredAt));

    // A malformed device id or time is a validation error, not a 500.
    const bad = await api.call('PUT', url, { token: fixture.adminToken, payload: { deviceId: 'has space', enteredAt: 'yesterday', boulders: [] } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['body.deviceId', 'body.enteredAt']));

    // A closed round refuses corrections.
    await harness.app.db.update(rounds).set({ state: 'CLOSED' }).where(eq(rounds.id, roundId));
    const closed = await api.call('PUT', url, { token: fixture.adminToken, payload: { boulders: [{ boulderIndex: 0, topAttempts: 1, zoneAttempts: 1 }] } });
    expect(errorCode(closed)).toBe('ROUND_CLOSED');
  });

  it('lead: two routes of one round from the same version both apply; the same route changed since is 409 with its value', async () => {
    const { admin, racer } = await leadQualification('merge-lead', 'Mara');
    const [route1, route2] = racer!.rounds[0]!.routes;
    const write = (routeId: number, body: Record<string, unknown>) => api.call('PUT', `/api/racer/${racer!.id}/route/${routeId}`, { token: admin.token, payload: body });

    expect((await write(route1!.id, { hold: 20, plus: false, top: false, version: 0 })).statusCode).toBe(200);
    const other = await write(route2!.id, { hold: 31, plus: true, top: false, version: 0 });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().routes.map((route: { hold: number | null }) => route.hold)).toEqual([20, 31]);

    const stale = await write(route1!.id, { hold: 25, plus: false, top: false, version: 0 });
    expect(errorCode(stale)).toBe('VERSION_CONFLICT');
    expect(stale.json().error.details.conflicts).toEqual([expect.objectContaining({ routeIndex: 0, hold: 20, version: 1 })]);
    // A top removed again is a normal correction.
    expect((await write(route2!.id, { hold: 40, plus: false, top: true, version: 2 })).json().routes[1]).toMatchObject({ top: true });
    expect((await write(route2!.id, { hold: 38, plus: false, top: false, version: 3 })).json().routes[1]).toMatchObject({ top: false, hold: 38 });
  });

  it('lead: two judges saving one route from one version at the same moment: one is stored, the other is 409 with its value', async () => {
    const { admin, racer } = await leadQualification('together-lead', 'Tia');
    const routeIds = racer!.rounds[0]!.routes.map((route) => route.id);
    const write = (routeId: number, hold: number, version: number) =>
      api.call('PUT', `/api/racer/${racer!.id}/route/${routeId}`, { token: admin.token, payload: { hold, plus: false, top: false, version } });
    const versions = new Map(routeIds.map((id) => [id, 0]));
    // Several rounds of the race between the two saves, on both routes (on PostgreSQL they run at once).
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const routeId = routeIds[attempt % 2]!;
      const base = versions.get(routeId)!;
      const holds = [20 + attempt, 40 + attempt];
      const answers = await Promise.all(holds.map((hold) => write(routeId, hold, base)));
      const stored = answers.filter((answer) => answer.statusCode === 200);
      const refused = answers.filter((answer) => answer.statusCode !== 200);
      expect(stored, answers.map((answer) => answer.body).join('\n')).toHaveLength(1);
      expect(refused.map(errorCode)).toEqual(['VERSION_CONFLICT']);
      const storedRoute = (stored[0]!.json() as { routes: { id: number; hold: number; version: number }[] }).routes.find((route) => route.id === routeId)!;
      // The refused judge is shown what the other one stored, with its version, to keep or take.
      expect(refused[0]!.json().error.details.conflicts).toEqual([expect.objectContaining({ hold: storedRoute.hold, version: storedRoute.version })]);
      const read = (await api.call('GET', `/api/racer/${racer!.id}/round/${racer!.rounds[0]!.id}`)).json() as { routes: { id: number; hold: number }[] };
      expect(read.routes.find((route) => route.id === routeId)!.hold).toBe(storedRoute.hold);
      versions.set(routeId, storedRoute.version);
    }
  });

  it('speed: lanes A and B of one round from the same version both apply; the same lane changed since is 409', async () => {
    const fixture = await speedRaceFixture(harness, [[{ timeMs: null, fall: false, falseStart: false }, { timeMs: null, fall: false, falseStart: false }]]);
    const { racerId, roundId } = fixture.racers[0]!;
    await harness.app.db.update(rounds).set({ state: 'STARTED' }).where(eq(rounds.id, roundId));
    const view = (await api.call('GET', `/api/racer/${racerId}/round/${roundId}`)).json() as { version: number; speedRoutes: { id: number }[] };
    const write = (runId: number, body: Record<string, unknown>) => api.call('PUT', `/api/racer/${racerId}/speed-route/${runId}`, { token: fixture.adminToken, payload: body });
    expect((await write(view.speedRoutes[0]!.id, { time: 6500, version: view.version })).statusCode).toBe(200);
    const laneB = await write(view.speedRoutes[1]!.id, { time: 6700, version: view.version });
    expect(laneB.statusCode, laneB.body).toBe(200);
    expect(laneB.json().speedRoutes.map((run: { time: number }) => run.time)).toEqual([6500, 6700]);
    const stale = await write(view.speedRoutes[0]!.id, { time: 6400, version: view.version });
    expect(errorCode(stale)).toBe('VERSION_CONFLICT');
    expect(stale.json().error.details.conflicts).toEqual([expect.objectContaining({ routeIndex: 0, time: 6500 })]);
    // A fall replacing a time is a correction like any other.
    const fall = await write(view.speedRoutes[0]!.id, { time: null, fall: true, version: view.version + 2 });
    expect(fall.json().speedRoutes[0]).toMatchObject({ time: null, fall: true });
  });
});
