import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankSpeedQualification, type SpeedRun } from '@climbing/domain';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { createEvent, openRegistration, raceBody } from '../support/events.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface ListedRacer {
  id: number;
  racerNumber: number;
  rounds: { id: number; version: number; speedRoutes: { id: number; routeIndex: number }[] }[];
}

/** Two lanes per racer (world-cup type): [lane A, lane B]. */
const RUNS: readonly (readonly [SpeedRun, SpeedRun])[] = [
  [{ timeMs: 6120, fall: false, falseStart: false }, { timeMs: 5980, fall: false, falseStart: false }],
  [{ timeMs: null, fall: true, falseStart: false }, { timeMs: 6400, fall: false, falseStart: false }],
  [{ timeMs: 5980, fall: false, falseStart: false }, { timeMs: 6300, fall: false, falseStart: false }],
  [{ timeMs: null, fall: false, falseStart: true }, { timeMs: null, fall: false, falseStart: false }],
  [{ timeMs: 7010, fall: false, falseStart: false }, { timeMs: 6990, fall: false, falseStart: false }],
];

describe('speed qualification through the HTTP API', () => {
  let harness: TestApp;
  let api: Client;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
  });
  afterAll(() => harness.close());

  it('enters both lanes of every racer, ranks like the domain and builds the bracket from it', async () => {
    const admin = await api.user('speed-organiser@example.com');
    const { id: organizationId } = await api.organization(admin.token, 'Speed club');
    const token = admin.token;
    const event = await createEvent(api, token, organizationId, {}, [raceBody({ extra: { discipline: 'SPEED', raceFormat: 'QUALIFICATION_FINAL' } })]);
    const race = event.races[0]!;
    await openRegistration(api, token, race.id);
    for (const index of RUNS.keys()) {
      const registered = await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, {
        payload: { name: `Speedy${index}`, surname: 'Test', sex: 'M', birthday: '1998-03-03', country: 'SK' },
      });
      await api.call('PUT', `/api/race-registration/${registered.json().id}/PRESENT`, { token });
    }
    await api.call('PUT', `/api/qualification-group/${race.qualificationGroups[0]!.id}/state`, { token, payload: { state: 'QUALIFICATION' } });
    await api.call('PUT', `/api/race/${race.id}/state`, { token, payload: { state: 'QUALIFICATION_ONGOING' } });

    const listed = ((await api.call('GET', `/api/racer/list?race=${race.id}&stage=QUALIFICATION`)).json() as ListedRacer[]).sort((a, b) => a.racerNumber - b.racerNumber);
    expect(listed).toHaveLength(RUNS.length);
    const entered: { racerId: string; runs: SpeedRun[] }[] = [];
    for (const [index, racer] of listed.entries()) {
      const round = racer.rounds[0]!;
      expect(round.speedRoutes.map((run) => run.routeIndex)).toEqual([0, 1]);
      let version = round.version;
      for (const [lane, run] of RUNS[index]!.entries()) {
        // A racer who false-started in lane A has no second run: lane B stays empty.
        if (run.timeMs === null && !run.fall && !run.falseStart) continue;
        const response = await api.call('PUT', `/api/racer/${racer.id}/speed-route/${round.speedRoutes[lane]!.id}`, {
          token,
          payload: { time: run.timeMs, fall: run.fall, falseStart: run.falseStart, version },
        });
        expect(response.statusCode, response.body).toBe(200);
        version = response.json().version;
      }
      entered.push({ racerId: String(racer.id), runs: [...RUNS[index]!] });
    }

    type Run = { route: number; attempt: number; time: number | null; fall: boolean; falseStart: boolean };
    const rows = (await api.call('GET', `/api/results/${race.id}?stage=QUALIFICATION`)).json() as { racer: { id: number }; rank: number; time: number | null; runs: Run[] | null; falls: number; falseStarts: number }[];
    const expected = rankSpeedQualification({ racers: entered });
    expect(Object.fromEntries(rows.map((row) => [String(row.racer.id), [row.rank, row.time]]))).toEqual(Object.fromEntries(expected.map((row) => [row.racerId, [row.rank, row.bestTimeMs]])));
    expect(rows.find((row) => row.racer.id === listed[3]!.id)).toMatchObject({ falseStarts: 1 });
    // Both lanes are published beside the best time, a fall or false start in its own lane; an unrun lane stays empty.
    for (const [index, racer] of listed.entries()) {
      const [laneA, laneB] = RUNS[index]!;
      expect(rows.find((row) => row.racer.id === racer.id)?.runs).toEqual([
        { route: 0, attempt: 0, time: laneA.timeMs, fall: laneA.fall, falseStart: laneA.falseStart },
        { route: 1, attempt: 0, time: laneB.timeMs, fall: laneB.fall, falseStart: laneB.falseStart },
      ]);
    }

    // Four racers have a valid time: the final is a bracket of 4.
    expect((await api.call('PUT', `/api/race/${race.id}/state`, { token, payload: { state: 'FINALS_ONGOING' } })).statusCode).toBe(200);
    const bracket = (await api.call('GET', `/api/race/${race.id}/speed-bracket`)).json() as { size: number; matches: unknown[] };
    expect(bracket.size).toBe(4);
  });

  it('refuses a run without time, fall or false start, a boulder body on a speed race, and a stale version', async () => {
    const admin = await api.user('speed-organiser-2@example.com');
    const { id: organizationId } = await api.organization(admin.token, 'Speed club 2');
    const token = admin.token;
    const event = await createEvent(api, token, organizationId, {}, [raceBody({ extra: { discipline: 'SPEED' } })]);
    const race = event.races[0]!;
    await openRegistration(api, token, race.id);
    const registered = await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, { payload: { name: 'Solo', surname: 'Test', sex: 'M', birthday: '1998-03-03' } });
    await api.call('PUT', `/api/race-registration/${registered.json().id}/PRESENT`, { token });
    await api.call('PUT', `/api/qualification-group/${race.qualificationGroups[0]!.id}/state`, { token, payload: { state: 'QUALIFICATION' } });
    const [racer] = (await api.call('GET', `/api/racer/list?race=${race.id}&stage=QUALIFICATION`)).json() as ListedRacer[];
    const round = racer!.rounds[0]!;
    const url = `/api/racer/${racer!.id}/speed-route/${round.speedRoutes[0]!.id}`;

    const empty = await api.call('PUT', url, { token, payload: { time: null, fall: false, falseStart: false } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ time: 'validation.required' });
    expect(errorCode(await api.call('PUT', `/api/racer/${racer!.id}/round/${round.id}`, { token, payload: { boulders: [{ topAttempts: 1, zoneAttempts: 1 }] } }))).toBe('VALIDATION_FAILED');
    expect((await api.call('PUT', url, { token, payload: { time: 7000, version: 0 } })).statusCode).toBe(200);
    expect(errorCode(await api.call('PUT', url, { token, payload: { time: 6000, version: 0 } }))).toBe('VERSION_CONFLICT');
    expect(errorCode(await api.call('PUT', url, { payload: { time: 6000 } }))).toBe('MISSING_TOKEN');
    const trail = (await api.call('GET', `/api/racer/${racer!.id}/round/${round.id}/audit`, { token })).json() as { action: string }[];
    expect(trail.map((entry) => entry.action)).toEqual(['SPEED_ROUTE_UPDATED']);
  });
});
