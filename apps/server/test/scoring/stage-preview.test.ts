import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoringDevices } from '../../src/db/schema/index.ts';
import type { SpeedRun } from '@climbing/domain';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { createEvent, openRegistration, raceBody } from '../support/events.ts';
import { boulderRaceFixture, type RaceFixture } from '../support/race-fixture.ts';
import { listRacers, top, zone } from '../support/scores.ts';
import { speedRaceFixture } from '../support/speed-race-fixture.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * The preview of a race step (GET /api/race/{id}/state-preview?state=), found missing in a
 * race-day walkthrough: before "Start the final" the organiser learns how many rounds are not
 * finished (per group), which judges' devices still hold entries, and who advances, ties at the
 * cut-off included, computed by the rule that then creates the final's rounds.
 */

interface Preview {
  from: string;
  to: string;
  closing: {
    stage: string;
    unit: string;
    total: number;
    notFinished: number;
    notStarted: number;
    groups: { group: string | null; notFinished: number; notStarted: number }[];
    unfinishedRacers: { racerNumber: number; fullName: string; group: string | null; nothingEntered: boolean }[];
  } | null;
  devices: { deviceId: string; pending: number; judgeLogin: string | null }[];
  silentDevices: { deviceId: string; pending: number; judgeLogin: string | null }[];
  advancing: {
    stage: string;
    fromStage: string;
    quota: number;
    rankings: { sex: string | null; ranked: number; unranked: number; racers: { racerId: number; racerNumber: number; rank: number; reason: string; group: string | null }[]; tie: { rank: number; places: number; racerIds: number[] } | null }[];
  } | null;
  speedBrackets: { gender: string; size: number; racersWithTime: number; racers: { racerId: number; seed: number; time: number | null }[] }[] | null;
  checkIn: { checkInStarted: boolean; registered: number; climbing: number; notCheckedIn: { racerNumber: number; fullName: string; group: string | null; state: string | null }[]; withdrawn: number } | null;
}

const nothingYet = { topAttempts: null, zoneAttempts: null, currentAttempt: 0 };
const tried = { topAttempts: null, zoneAttempts: null, currentAttempt: 2 };

describe('the preview of a race step', () => {
  let harness: TestApp;
  let api: Client;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
  });
  afterAll(() => harness.close());

  const preview = (raceId: number, state: string, token: string | undefined) => api.call('GET', `/api/race/${raceId}/state-preview?state=${state}`, { token });
  const enter = async (fixture: RaceFixture, index: number, boulders: object[]) => {
    const racer = fixture.racers[index]!;
    const response = await api.call('PUT', `/api/racer/${racer.racerId}/round/${racer.roundId}`, {
      token: fixture.adminToken,
      payload: { boulders: boulders.map((boulder, boulderIndex) => ({ boulderIndex, ...boulder })) },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('before "Start the final": unfinished rounds, devices holding entries, and 9 finalists for 8 places after a tie, the same racers the step then takes', async () => {
    // Eleven racers, four boulders, eight places in the final.
    const fixture = await boulderRaceFixture(harness, { racers: 11, boulders: 4, finalRacers: 8 });
    const rest = [tried, tried, tried];
    // Racers 0-5 climbed every boulder: a top each, in 1..6 attempts (places 1-6).
    for (let index = 0; index <= 5; index += 1) await enter(fixture, index, [top(index + 1), ...rest]);
    // Racer 6 is 7th on the first boulder alone; racers 7 and 8 tie 8th on a zone, racer 9 is 10th: all still on their boulders.
    await enter(fixture, 6, [top(7)]);
    await enter(fixture, 7, [zone(1)]);
    await enter(fixture, 8, [zone(1)]);
    await enter(fixture, 9, [zone(2)]);
    // Racer 10 has nothing yet.

    const created = (await api.call('POST', `/api/event/${fixture.eventId}/judge-account`, { token: fixture.adminToken })).json() as { login: string; password: string };
    const judgeToken = (await api.call('POST', '/api/token/create', { payload: { email: created.login, password: created.password } })).json().token as string;
    const report = (deviceId: string, pending: number) => api.call('PUT', `/api/race/${fixture.raceId}/scoring-device/${deviceId}`, { token: judgeToken, payload: { pending, oldestPendingAt: new Date().toISOString() } });
    expect((await report('phone-offline', 2)).statusCode).toBe(204);
    expect((await report('phone-synced', 0)).statusCode).toBe(204);

    const answer = await preview(fixture.raceId, 'FINALS_ONGOING', fixture.adminToken);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json() as Preview;
    expect(body).toMatchObject({ from: 'QUALIFICATION_ONGOING', to: 'FINALS_ONGOING', speedBrackets: null, checkIn: null });
    // Racers 6-9 are part-way, racer 10 has nothing: five rounds not finished, one of them not started.
    expect(body.closing).toEqual({ stage: 'QUALIFICATION', unit: 'ROUNDS', total: 11, notFinished: 5, notStarted: 1, groups: [{ group: null, notFinished: 5, notStarted: 1 }], unfinishedRacers: expect.any(Array) });
    // Who they are, so the organiser can ask their judges: racers 6-9 part-way, racer 10 with nothing entered.
    expect(body.closing!.unfinishedRacers.map((racer) => [racer.racerNumber, racer.group, racer.nothingEntered])).toEqual(
      [6, 7, 8, 9, 10].map((index) => [fixture.racers[index]!.racerNumber, null, index === 10]).sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(body.closing!.unfinishedRacers.every((racer) => racer.fullName.length > 0)).toBe(true);
    expect(body.devices.map((device) => [device.deviceId, device.pending, device.judgeLogin])).toEqual([['phone-offline', 2, created.login]]);
    // Both reported just now: none is silent yet.
    expect(body.silentDevices).toEqual([]);
    // A phone whose last report (everything sent) is two minutes old, and one from yesterday: the first may hold entries
    // made offline since, and is named; yesterday's is another day's.
    expect((await report('phone-quiet', 0)).statusCode).toBe(204);
    expect((await report('phone-yesterday', 0)).statusCode).toBe(204);
    const ago = (ms: number) => new Date(Date.now() - ms);
    await harness.app.db.update(scoringDevices).set({ lastSeenAt: ago(2 * 60_000) }).where(eq(scoringDevices.deviceId, 'phone-quiet'));
    await harness.app.db.update(scoringDevices).set({ lastSeenAt: ago(26 * 3600_000) }).where(eq(scoringDevices.deviceId, 'phone-yesterday'));
    const later = (await preview(fixture.raceId, 'FINALS_ONGOING', fixture.adminToken)).json() as Preview;
    expect(later.silentDevices.map((device) => [device.deviceId, device.pending, device.judgeLogin])).toEqual([['phone-quiet', 0, created.login]]);
    expect(later.devices.map((device) => device.deviceId)).toEqual(['phone-offline']);
    // A score sent from the quiet phone is heard from it too: it is not silent, and its time is the score's.
    const racer10 = fixture.racers[10]!;
    const sent = await api.call('PUT', `/api/racer/${racer10.racerId}/round/${racer10.roundId}`, { token: judgeToken, payload: { deviceId: 'phone-quiet', boulders: [{ boulderIndex: 0, ...tried }] } });
    expect(sent.statusCode, sent.body).toBe(200);
    const afterWrite = (await preview(fixture.raceId, 'FINALS_ONGOING', fixture.adminToken)).json() as Preview & { devices: { lastSeenAt: string }[] };
    expect(afterWrite.silentDevices).toEqual([]);
    const devices = (await api.call('GET', `/api/race/${fixture.raceId}/scoring-devices`, { token: fixture.adminToken })).json() as { deviceId: string; lastSeenAt: string }[];
    expect(Date.now() - Date.parse(devices.find((device) => device.deviceId === 'phone-quiet')!.lastSeenAt)).toBeLessThan(60_000);

    const ids = fixture.racers.map((racer) => racer.racerId);
    expect(body.advancing).toMatchObject({ stage: 'FINAL', fromStage: 'QUALIFICATION', quota: 8 });
    const [men] = body.advancing!.rankings;
    expect(body.advancing!.rankings).toHaveLength(1);
    expect(men).toMatchObject({ sex: 'M', ranked: 10, unranked: 1 });
    expect(men!.racers.map((racer) => [racer.racerId, racer.rank, racer.reason])).toEqual([...ids.slice(0, 7).map((id, index) => [id, index + 1, 'QUOTA']), [ids[7], 8, 'QUOTA'], [ids[8], 8, 'QUOTA']]);
    expect(men!.tie).toEqual({ rank: 8, places: 1, racerIds: [ids[7], ids[8]] });

    // The preview changed nothing.
    expect((await api.call('GET', `/api/race/${fixture.raceId}`, { token: fixture.adminToken })).json().state).toBe('QUALIFICATION_ONGOING');
    expect(await listRacers(api, fixture.raceId, 'FINAL')).toEqual([]);

    // The step takes exactly the racers the preview named.
    expect((await api.call('PUT', `/api/race/${fixture.raceId}/state`, { token: fixture.adminToken, payload: { state: 'FINALS_ONGOING' } })).statusCode).toBe(200);
    const finalists = (await listRacers(api, fixture.raceId, 'FINAL')).map((racer) => racer.id).sort((a, b) => a - b);
    expect(finalists).toEqual(men!.racers.map((racer) => racer.racerId).sort((a, b) => a - b));

    // And the warning holds: an entry arriving now for the closed qualification is refused.
    const late = fixture.racers[9]!;
    const refused = await api.call('PUT', `/api/racer/${late.racerId}/round/${late.roundId}`, { token: judgeToken, payload: { boulders: [{ boulderIndex: 1, ...zone(1) }] } });
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe('STAGE_CLOSED');
  });

  it('counts unfinished rounds per qualification group; a round the organiser closed counts as finished', async () => {
    // Nine racers in groups A, B, C (racer i in group i % 3), two boulders each.
    const fixture = await boulderRaceFixture(harness, { racers: 9, groups: 3, boulders: 2, format: 'QUALIFICATION_SEMIFINAL_FINAL', semifinalRacers: 6 });
    const inGroup = (name: string) => fixture.racers.map((racer, index) => ({ racer, index })).filter(({ index }) => 'ABC'[index % 3] === name);
    for (const { index } of inGroup('A')) await enter(fixture, index, [top(1), zone(2)]);
    const [b1, b2] = inGroup('B');
    await enter(fixture, b1!.index, [top(2), tried]);
    await enter(fixture, b2!.index, [zone(1), nothingYet]);

    const first = (await preview(fixture.raceId, 'SEMIFINALS_ONGOING', fixture.adminToken)).json() as Preview;
    expect(first.closing).toEqual({
      stage: 'QUALIFICATION',
      unit: 'ROUNDS',
      total: 9,
      notFinished: 5,
      notStarted: 4,
      groups: [
        { group: 'B', notFinished: 2, notStarted: 1 },
        { group: 'C', notFinished: 3, notStarted: 3 },
      ],
      unfinishedRacers: expect.any(Array),
    });
    expect(first.closing!.unfinishedRacers.map((racer) => racer.group)).toEqual(['B', 'B', 'C', 'C', 'C']);
    // Several groups: each advancing racer says theirs.
    expect(new Set(first.advancing!.rankings[0]!.racers.map((racer) => racer.group))).toEqual(new Set(['A', 'B']));

    // The organiser closes one round of group C (a racer who did not start): it is finished.
    const [c1] = inGroup('C');
    for (const state of ['STARTED', 'CLOSED']) {
      const changed = await api.call('PUT', '/api/round/state', { token: fixture.adminToken, payload: { roundIds: [c1!.racer.roundId], state } });
      expect(changed.statusCode, changed.body).toBe(200);
    }
    const second = (await preview(fixture.raceId, 'SEMIFINALS', fixture.adminToken)).json() as Preview;
    expect(second.closing?.groups).toEqual([
      { group: 'B', notFinished: 2, notStarted: 1 },
      { group: 'C', notFinished: 2, notStarted: 2 },
    ]);
    // Closing the stage alone prepares the semifinal's rounds: it shows who advances too.
    expect(second.advancing).toMatchObject({ stage: 'SEMIFINAL', quota: 6 });

    // Closed, then reopened: the untouched semifinal rounds go again, and the preview is back.
    const setState = (state: string) => api.call('PUT', `/api/race/${fixture.raceId}/state`, { token: fixture.adminToken, payload: { state } });
    expect((await setState('SEMIFINALS')).statusCode).toBe(200);
    expect((await listRacers(api, fixture.raceId, 'SEMIFINAL')).map((racer) => racer.id).sort((a, b) => a - b)).toEqual(second.advancing!.rankings[0]!.racers.map((racer) => racer.racerId).sort((a, b) => a - b));
    const ready = (await preview(fixture.raceId, 'SEMIFINALS_ONGOING', fixture.adminToken)).json() as Preview;
    // Starting a ready semifinal closes nothing and creates nothing: its racers are known.
    expect(ready).toMatchObject({ closing: null, advancing: null });
    expect((await setState('QUALIFICATION_ONGOING')).statusCode).toBe(200);
    expect(await listRacers(api, fixture.raceId, 'SEMIFINAL')).toEqual([]);
    // Closing the stage closed every round of it, and reopening the stage reopens none (a judge reopens the one to correct): all count as finished.
    expect(((await preview(fixture.raceId, 'SEMIFINALS_ONGOING', fixture.adminToken)).json() as Preview).closing).toMatchObject({ stage: 'QUALIFICATION', total: 9, notFinished: 0 });
  });

  it('before "Start the qualification": the registered racers not checked in, who will not climb, and the withdrawn', async () => {
    const admin = await api.user('preview-desk@example.com');
    const { id: organizationId } = await api.organization(admin.token, 'Preview Desk Club');
    const event = await createEvent(api, admin.token, organizationId, {}, [raceBody({ groups: 2 })]);
    const race = event.races[0]!;
    await openRegistration(api, admin.token, race.id);
    const register = async (name: string, groupIndex: number, state: 'PRESENT' | 'NOT_PRESENT' | null) => {
      const registered = await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, {
        token: admin.token,
        payload: { name, surname: 'Ranná', sex: 'F', birthday: '2001-02-03', qualificationGroupId: race.qualificationGroups[groupIndex]!.id },
      });
      expect(registered.statusCode, registered.body).toBe(201);
      if (state) expect((await api.call('PUT', `/api/race-registration/${registered.json().id}/${state}`, { token: admin.token })).statusCode).toBe(200);
      return registered.json() as { id: number; racerNumber: number };
    };
    await register('Anna', 0, 'PRESENT');
    await register('Beata', 0, 'PRESENT');
    const sleepy = await register('Cecília', 1, null);
    await register('Dana', 1, 'PRESENT');
    await register('Eva', 1, 'NOT_PRESENT');

    const groups = (await api.call('GET', `/api/race/${race.id}`, { token: admin.token })).json().qualificationGroups as { name: string; racersCount: number; climbingCount: number }[];
    expect(groups.map((group) => [group.name, group.racersCount, group.climbingCount])).toEqual([
      ['A', 2, 2],
      ['B', 3, 1],
    ]);

    const answer = await preview(race.id, 'QUALIFICATION_ONGOING', admin.token);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json() as Preview;
    expect(body).toMatchObject({ closing: null, advancing: null, speedBrackets: null, devices: [] });
    expect(body.checkIn).toEqual({
      checkInStarted: true,
      registered: 5,
      climbing: 3,
      notCheckedIn: [{ registrationId: sleepy.id, racerNumber: sleepy.racerNumber, fullName: 'Cecília Ranná', group: 'B', state: null }],
      withdrawn: 1,
    });

    // The step does what the preview said: three racers climb, group B's count is of those who climb.
    expect((await api.call('PUT', `/api/race/${race.id}/state`, { token: admin.token, payload: { state: 'QUALIFICATION_ONGOING' } })).statusCode).toBe(200);
    expect(await listRacers(api, race.id, 'QUALIFICATION')).toHaveLength(3);
    const started = (await api.call('GET', `/api/race/${race.id}`, { token: admin.token })).json().qualificationGroups as { name: string; racersCount: number; climbingCount: number }[];
    expect(started.map((group) => [group.name, group.racersCount, group.climbingCount])).toEqual([
      ['A', 2, 2],
      ['B', 3, 1],
    ]);
  });

  it('before a speed final: each ranking\'s bracket with its seeds, the racers the final then gets', async () => {
    const valid = (timeMs: number): SpeedRun => ({ timeMs, fall: false, falseStart: false });
    const fell: SpeedRun = { timeMs: null, fall: true, falseStart: false };
    const runs: [SpeedRun, SpeedRun][] = Array.from({ length: 10 }, (_, index) => [valid(6000 - index * 100), fell]);
    runs.push([fell, fell]);
    const fixture = await speedRaceFixture(harness, runs);
    const body = (await preview(fixture.raceId, 'FINALS_ONGOING', fixture.adminToken)).json() as Preview;
    expect(body.advancing).toBeNull();
    expect(body.closing).toMatchObject({ stage: 'QUALIFICATION', unit: 'ROUNDS', total: 11, notFinished: 0 });
    expect(body.speedBrackets).toHaveLength(1);
    const [bracket] = body.speedBrackets!;
    expect(bracket).toMatchObject({ gender: 'MEN', size: 8, racersWithTime: 10 });
    // The fastest (the last registered) is seed 1.
    expect(bracket!.racers.map((racer) => [racer.racerId, racer.seed])).toEqual(fixture.racers.slice(2, 10).reverse().map((racer, index) => [racer.racerId, index + 1]));

    expect((await api.call('PUT', `/api/race/${fixture.raceId}/state`, { token: fixture.adminToken, payload: { state: 'FINALS_ONGOING' } })).statusCode).toBe(200);
    const finalists = (await listRacers(api, fixture.raceId, 'FINAL')).map((racer) => racer.id).sort((a, b) => a - b);
    expect(finalists).toEqual(bracket!.racers.map((racer) => racer.racerId).sort((a, b) => a - b));

    // Finishing the race now: the final's matches are counted, none raced yet (the four quarter-finals).
    const ending = (await preview(fixture.raceId, 'FINISHED', fixture.adminToken)).json() as Preview;
    expect(ending).toMatchObject({ advancing: null, speedBrackets: null, checkIn: null });
    expect(ending.closing).toEqual({ stage: 'FINAL', unit: 'MATCHES', total: 4, notFinished: 4, notStarted: 4, groups: [{ group: null, notFinished: 4, notStarted: 4 }], unfinishedRacers: [] });
  });

  it('in a lead race counts the routes with a hold or a top', async () => {
    const admin = await api.user('preview-lead@example.com');
    const { id: organizationId } = await api.organization(admin.token, 'Preview Lead Club');
    const event = await createEvent(api, admin.token, organizationId, {}, [
      raceBody({ extra: { discipline: 'LEAD', raceFormat: 'QUALIFICATION_FINAL', lead: { numberOfQualificationRoutes: 2, numberOfFinalRacers: 2 } } }),
    ]);
    const raceId = event.races[0]!.id;
    await openRegistration(api, admin.token, raceId);
    for (const name of ['Lea', 'Mia', 'Nina']) {
      const registered = await api.call('POST', `/api/race-registration/${raceId}/register-unregistered-user/`, { token: admin.token, payload: { name, surname: 'Lezkyňa', sex: 'F', birthday: '2000-01-01' } });
      expect(registered.statusCode, registered.body).toBe(201);
    }
    expect((await api.call('PUT', `/api/race/${raceId}/state`, { token: admin.token, payload: { state: 'QUALIFICATION_ONGOING' } })).statusCode).toBe(200);
    const [lea, mia] = (await listRacers(api, raceId, 'QUALIFICATION')) as unknown as { id: number; fullName: string; rounds: { routes: { id: number }[] }[] }[];
    const route = async (racer: { id: number; rounds: { routes: { id: number }[] }[] }, index: number, body: object) => {
      const saved = await api.call('PUT', `/api/racer/${racer.id}/route/${racer.rounds[0]!.routes[index]!.id}`, { token: admin.token, payload: body });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    // Lea climbed both routes (a top and a hold), Mia one; Nina nothing.
    await route(lea!, 0, { top: true, plus: false, hold: null });
    await route(lea!, 1, { hold: 21, plus: true, top: false });
    await route(mia!, 0, { hold: 18, plus: false, top: false });
    const body = (await preview(raceId, 'FINALS_ONGOING', admin.token)).json() as Preview;
    expect(body.closing).toEqual({ stage: 'QUALIFICATION', unit: 'ROUNDS', total: 3, notFinished: 2, notStarted: 1, groups: [{ group: null, notFinished: 2, notStarted: 1 }], unfinishedRacers: expect.any(Array) });
  });

  it('before going back to the qualification: nothing to close or advance while the final is untouched, refused as the step is once a final round has an entry', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 4, boulders: 2, finalRacers: 2 });
    for (let index = 0; index < 4; index += 1) await enter(fixture, index, [top(index + 1), zone(1)]);
    const toFinal = await api.call('PUT', `/api/race/${fixture.raceId}/state`, { token: fixture.adminToken, payload: { state: 'FINALS' } });
    expect(toFinal.statusCode, toFinal.body).toBe(200);
    const back = await preview(fixture.raceId, 'QUALIFICATION_ONGOING', fixture.adminToken);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ from: 'FINALS', to: 'QUALIFICATION_ONGOING', closing: null, advancing: null, speedBrackets: null, checkIn: null });

    const [finalist] = (await listRacers(api, fixture.raceId, 'FINAL')) as unknown as { id: number; rounds: { id: number }[] }[];
    const entered = await api.call('PUT', `/api/racer/${finalist!.id}/round/${finalist!.rounds[0]!.id}`, { token: fixture.adminToken, payload: { boulders: [{ boulderIndex: 0, ...tried }] } });
    expect(entered.statusCode, entered.body).toBe(200);
    const refused = await preview(fixture.raceId, 'QUALIFICATION_ONGOING', fixture.adminToken);
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe('ROUND_CANNOT_BE_REOPENED');
    const step = await api.call('PUT', `/api/race/${fixture.raceId}/state`, { token: fixture.adminToken, payload: { state: 'QUALIFICATION_ONGOING' } });
    expect(errorCode(step)).toBe('ROUND_CANNOT_BE_REOPENED');
  });

  it('is for the race\'s admins only and refuses a step the race cannot take with the codes the step itself would get', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 2 });
    const stranger = await api.user('preview-stranger@example.com');
    expect(errorCode(await preview(fixture.raceId, 'FINALS_ONGOING', stranger.token))).toBe('NO_RIGHTS');
    expect((await preview(fixture.raceId, 'FINALS_ONGOING', undefined)).statusCode).toBe(401);
    const missing = await preview(999_999, 'FINALS_ONGOING', fixture.adminToken);
    expect(missing.statusCode).toBe(404);
    expect(errorCode(missing)).toBe('RACE_NOT_FOUND');
    for (const state of ['QUALIFICATION_ONGOING', 'SEMIFINALS_ONGOING', 'HIDDEN']) {
      const refused = await preview(fixture.raceId, state, fixture.adminToken);
      expect(refused.statusCode, state).toBe(409);
      expect(errorCode(refused)).toBe('INVALID_RACE_STATE_UPDATE');
    }
    for (const [query, code] of [['', 'REQUIRED_PARAMETER_MISSING'], ['?state=LATER', 'VALIDATION_FAILED'], ['?state=', 'VALIDATION_FAILED']]) {
      const bad = await api.call('GET', `/api/race/${fixture.raceId}/state-preview${query}`, { token: fixture.adminToken });
      expect(bad.statusCode, query).toBe(400);
      expect(errorCode(bad), query).toBe(code);
    }
  });
});
