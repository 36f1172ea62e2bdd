import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boulderRaceFixture, type RaceFixture } from '../support/race-fixture.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const FRAGMENTS = ["' OR 1=1 --", '<img src=x onerror=alert(1)>', '"; DROP TABLE rounds; --', '\u0000', 'x'.repeat(100_000)];
const FIELDS = ['boulders', 'version', 'roundIds', 'state', 'hold', 'plus', 'top', 'time', 'id', 'topAttempts', 'zoneAttempts', 'currentAttempt', 'pending', 'oldestPendingAt'];

const bodies = (): string[] => [
  '',
  'null',
  '[]',
  '{"a":',
  JSON.stringify({ boulders: [{ topAttempts: '1', zoneAttempts: {} }] }),
  JSON.stringify({ boulders: [{ topAttempts: 1e308, zoneAttempts: -1 }] }),
  JSON.stringify({ boulders: Array.from({ length: 500 }, () => ({ topAttempts: 1, zoneAttempts: 1 })) }),
  JSON.stringify({ boulders: [], version: 'x' }),
  JSON.stringify({ roundIds: [], state: 'DONE' }),
  JSON.stringify({ roundIds: [2_147_483_648], state: 'CLOSED' }),
  JSON.stringify({ hold: 'ten', plus: 'yes' }),
  ...FRAGMENTS.map((fragment) => JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, fragment])))),
];

describe('garbage into the scoring, results and live routes', () => {
  let harness: TestApp;
  let fixture: RaceFixture;
  beforeAll(async () => {
    harness = await createTestApp();
    fixture = await boulderRaceFixture(harness, { racers: 2 });
  });
  afterAll(() => harness.close());

  it('answers bad ids, queries and bodies with 4xx, never 5xx, and changes nothing', async () => {
    const { racerId, roundId } = fixture.racers[0]!;
    const ids = ['0', '-1', 'abc', '1.5', '99999999999999999999', "1'%20OR%20'1'='1"];
    const reads = [
      ...ids.map((id) => `/api/racer/list?race=${id}&stage=QUALIFICATION`),
      `/api/racer/list?race=${fixture.raceId}&stage=%27%3B--`,
      `/api/racer/list?race=${fixture.raceId}&stage=${'Q'.repeat(5000)}`,
      ...ids.map((id) => `/api/racer/${id}/round/${roundId}`),
      ...ids.map((id) => `/api/racer/${racerId}/round/${id}`),
      ...ids.map((id) => `/api/results/${id}?stage=FINAL`),
      `/api/results/${fixture.raceId}?stage=<script>`,
      ...ids.map((id) => `/api/live/race/${id}`),
      `/api/live/race/999999`,
      ...ids.map((id) => `/api/racer/${racerId}/round/${id}/audit`),
      ...ids.map((id) => `/api/race/${id}/scoring-devices`),
    ];
    const failures: string[] = [];
    for (const url of reads) {
      for (const token of [fixture.adminToken, undefined]) {
        const response = await harness.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
        if (response.statusCode >= 500 || response.statusCode < 400) failures.push(`GET ${url} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }

    const writes: [string, string][] = [
      ['PUT', `/api/racer/${racerId}/round/${roundId}`],
      ['PUT', `/api/racer/${racerId}/route/1`],
      ['PUT', `/api/racer/${racerId}/speed-route/1`],
      ['PUT', '/api/round/state'],
      ['PUT', `/api/race/${fixture.raceId}/scoring-device/phone-1`],
      ['PUT', `/api/race/${fixture.raceId}/scoring-device/${'x'.repeat(65)}`],
    ];
    for (const [method, url] of writes) {
      for (const payload of bodies()) {
        for (const contentType of ['application/json', 'text/plain']) {
          const response = await harness.app.inject({
            method: method as 'PUT',
            url,
            payload,
            headers: { 'content-type': contentType, authorization: `Bearer ${fixture.adminToken}` },
          });
          if (response.statusCode >= 500 || response.statusCode < 400) failures.push(`${method} ${url} ${payload.slice(0, 60)} -> ${response.statusCode} ${response.body.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);

    const round = (await harness.app.inject({ method: 'GET', url: `/api/racer/${racerId}/round/${roundId}` })).json() as { version: number; state: string };
    expect(round).toMatchObject({ version: 0, state: 'READY' });
  });
});
