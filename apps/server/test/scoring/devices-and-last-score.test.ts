import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { boulderRaceFixture } from '../support/race-fixture.ts';
import { openSse } from '../support/sse-client.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * Issue 12: a judge's device reports its queue length and the organiser sees the devices holding
 * unsent entries; the live stream says when the race's last score arrived.
 */
describe('judge devices and the time of the last score', () => {
  let harness: TestApp;
  let api: Client;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
  });
  afterAll(() => harness.close());

  it('lists the devices that reported, those with unsent entries first, to the organiser only', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 1 });
    const created = await api.call('POST', `/api/event/${fixture.eventId}/judge-account`, { token: fixture.adminToken });
    const judge = created.json() as { login: string; password: string };
    const judgeToken = (await api.call('POST', '/api/token/create', { payload: { email: judge.login, password: judge.password } })).json().token as string;
    const report = (deviceId: string, token: string, body: unknown) => api.call('PUT', `/api/race/${fixture.raceId}/scoring-device/${deviceId}`, { token, payload: body });

    const oldest = new Date(Date.now() - 120_000).toISOString();
    expect((await report('phone-judge', judgeToken, { pending: 3, oldestPendingAt: oldest })).statusCode).toBe(204);
    expect((await report('tablet-admin', fixture.adminToken, { pending: 0 })).statusCode).toBe(204);

    const listed = await api.call('GET', `/api/race/${fixture.raceId}/scoring-devices`, { token: fixture.adminToken });
    expect(listed.statusCode, listed.body).toBe(200);
    const devices = listed.json() as { deviceId: string; pending: number; judgeLogin: string | null; userName: string | null; oldestPendingAt: string | null; lastSyncedAt: string | null }[];
    expect(devices.map((device) => [device.deviceId, device.pending])).toEqual([
      ['phone-judge', 3],
      ['tablet-admin', 0],
    ]);
    expect(devices[0]).toMatchObject({ judgeLogin: judge.login, userName: null, oldestPendingAt: oldest, lastSyncedAt: null });
    expect(devices[1]!.userName).not.toBeNull();
    expect(devices[1]!.lastSyncedAt).not.toBeNull();

    // The queue emptied: the next report says so, and the device has synced.
    await report('phone-judge', judgeToken, { pending: 0 });
    const after = (await api.call('GET', `/api/race/${fixture.raceId}/scoring-devices`, { token: fixture.adminToken })).json() as { deviceId: string; pending: number; oldestPendingAt: string | null; lastSyncedAt: string | null }[];
    expect(after.find((device) => device.deviceId === 'phone-judge')).toMatchObject({ pending: 0, oldestPendingAt: null, lastSyncedAt: expect.any(String) });

    // Judges may report but not read the list; strangers may do neither; garbage is 400.
    expect(errorCode(await api.call('GET', `/api/race/${fixture.raceId}/scoring-devices`, { token: judgeToken }))).toBe('NO_RIGHTS');
    const stranger = await api.user('device-stranger@example.com');
    expect((await report('phone-x', stranger.token, { pending: 1 })).statusCode).toBe(403);
    expect((await report('bad id!', judgeToken, { pending: 1 })).statusCode).toBe(400);
    expect((await report('phone-judge', judgeToken, { pending: -1 })).statusCode).toBe(400);
    expect((await api.call('PUT', `/api/race/999999/scoring-device/phone-judge`, { token: judgeToken, payload: { pending: 0 } })).statusCode).toBe(404);
  });

  it('tells live subscribers when the last score arrived', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 2 });
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
    const stream = await openSse(`${url}/api/live/race/${fixture.raceId}`);
    try {
      const initial = await stream.waitFor((event) => event.event === 'results');
      expect(JSON.parse(initial.data).lastScoreAt).toBeNull();
      const racer = fixture.racers[0]!;
      const before = Date.now();
      const saved = await api.call('PUT', `/api/racer/${racer.racerId}/round/${racer.roundId}`, { token: fixture.adminToken, payload: { boulders: [{ boulderIndex: 0, topAttempts: 1, zoneAttempts: 1 }] } });
      expect(saved.statusCode).toBe(200);
      const update = await stream.waitFor((event) => event.event === 'patch' && JSON.parse(event.data).lastScoreAt !== null);
      const lastScoreAt = Date.parse(JSON.parse(update.data).lastScoreAt as string);
      expect(lastScoreAt).toBeGreaterThanOrEqual(before - 1000);
      expect(lastScoreAt).toBeLessThanOrEqual(Date.now());
    } finally {
      stream.close();
    }
  });
});
