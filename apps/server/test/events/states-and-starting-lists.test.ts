import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { boulderScores, racers, rounds } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { createEvent, openRegistration, raceBody } from '../support/events.ts';

describe('race states, group states and starting lists', () => {
  let harness: TestApp;
  let api: Client;
  let admin: { id: number; token: string };
  let organizationId: number;

  const setState = (raceId: number, state: string) => api.call('PUT', `/api/race/${raceId}/state`, { token: admin.token, payload: { state } });
  const setGroup = (groupId: number, state: string) => api.call('PUT', `/api/qualification-group/${groupId}/state`, { token: admin.token, payload: { state } });

  /** A race open for registration with `count` PRESENT one-time registrations. */
  async function raceWithRacers(count: number, options: Parameters<typeof raceBody>[0] = {}) {
    const event = await createEvent(api, admin.token, organizationId, {}, [raceBody(options)]);
    const race = event.races[0];
    if (!race) throw new Error('no race');
    await openRegistration(api, admin.token, race.id);
    for (let index = 0; index < count; index += 1) {
      const registration = (
        await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, {
          payload: { name: `Racer${index}`, surname: 'Čierny', sex: 'M', birthYear: 1990 + index, country: 'SK', club: 'Klub, "Horolezci"' },
        })
      ).json();
      await api.call('PUT', `/api/race-registration/${registration.id}/PRESENT`, { token: admin.token });
    }
    return race;
  }

  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
    admin = await api.user('admin@example.com');
    organizationId = (await api.organization(admin.token)).id;
  });
  afterAll(() => harness.close());

  it('walks a two-stage race through its valid states and refuses invalid ones', async () => {
    const event = await createEvent(api, admin.token, organizationId);
    const raceId = event.races[0]?.id ?? 0;
    expect(errorCode(await setState(raceId, 'FINISHED'))).toBe('INVALID_RACE_STATE_UPDATE');
    expect(errorCode(await setState(raceId, 'OPEN_REGISTRATION'))).toBe('INVALID_RACE_STATE_UPDATE');
    expect((await setState(raceId, 'UPCOMING')).json()).toMatchObject({ state: 'UPCOMING', allowedStates: expect.arrayContaining(['OPEN_REGISTRATION', 'HIDDEN']) });
    expect((await setState(raceId, 'OPEN_REGISTRATION')).json().state).toBe('OPEN_REGISTRATION');
    expect((await setState(raceId, 'QUALIFICATION')).json().state).toBe('QUALIFICATION'); // close registration
    expect((await setState(raceId, 'OPEN_REGISTRATION')).json().state).toBe('OPEN_REGISTRATION'); // reopen registration
    expect((await setState(raceId, 'QUALIFICATION_ONGOING')).json().state).toBe('QUALIFICATION_ONGOING'); // start race
    expect(errorCode(await setState(raceId, 'SEMIFINALS_ONGOING'))).toBe('INVALID_RACE_STATE_UPDATE'); // no semifinal in this format
    expect((await setState(raceId, 'FINALS_ONGOING')).json().state).toBe('FINALS_ONGOING'); // start final
    expect((await setState(raceId, 'FINISHED')).json().state).toBe('FINISHED'); // end race
    expect(errorCode(await setState(raceId, 'OPEN_REGISTRATION'))).toBe('INVALID_RACE_STATE_UPDATE');
    expect((await setState(raceId, 'FINISHED')).statusCode).toBe(200); // repeating the current state is harmless
    expect(errorCode(await api.call('PUT', `/api/race/${raceId}`, { token: admin.token, payload: { name: 'Late' } }))).toBe('RACE_ALREADY_FINISHED');
    expect((await api.call('PUT', `/api/race/${raceId}/state`, { token: admin.token, payload: { state: 'NOPE' } })).statusCode).toBe(400);
  });

  it('a three-stage race starts its semifinal', async () => {
    const event = await createEvent(api, admin.token, organizationId, {}, [raceBody({ extra: { raceFormat: 'QUALIFICATION_SEMIFINAL_FINAL', bouldering: { numberOfSemifinalRacers: 20, numberOfFinalRacers: 6 } } })]);
    const raceId = event.races[0]?.id ?? 0;
    await openRegistration(api, admin.token, raceId);
    await setState(raceId, 'QUALIFICATION_ONGOING');
    expect(errorCode(await setState(raceId, 'FINALS_ONGOING'))).toBe('INVALID_RACE_STATE_UPDATE');
    expect((await setState(raceId, 'SEMIFINALS_ONGOING')).json().state).toBe('SEMIFINALS_ONGOING');
  });

  it('moving a group to qualification creates racers and QUALIFICATION rounds with the boulders, in starting-list order', async () => {
    const race = await raceWithRacers(5);
    const groupId = race.qualificationGroups[0]?.id ?? 0;
    const before = (await api.call('GET', `/api/race/${race.id}/starting-list`)).json();
    expect(before.groups[0]).toMatchObject({ name: 'A', fixed: false });
    expect(before.groups[0].racers).toHaveLength(5);
    const moved = await setGroup(groupId, 'READY_FOR_QUALIFICATION');
    expect(moved.statusCode).toBe(200);
    expect(moved.json().qualificationGroups[0].state).toBe('READY_FOR_QUALIFICATION');
    const racerRows = await harness.app.db.select().from(racers).where(eq(racers.raceId, race.id));
    expect(racerRows).toHaveLength(5);
    const roundRows = await harness.app.db.select().from(rounds).where(eq(rounds.raceId, race.id));
    expect(roundRows.map((round) => round.stage)).toEqual(Array(5).fill('QUALIFICATION'));
    expect(roundRows.map((round) => round.startingNumber).sort()).toEqual([1, 2, 3, 4, 5]);
    const scores = await harness.app.db.select().from(boulderScores).where(eq(boulderScores.roundId, roundRows[0]?.id ?? 0));
    expect(scores).toHaveLength(5); // the default 5 qualification boulders
    const after = (await api.call('GET', `/api/race/${race.id}/starting-list`)).json();
    expect(after.groups[0].fixed).toBe(true);
    expect(after.groups[0].racers.map((row: { registrationId: number }) => row.registrationId)).toEqual(before.groups[0].racers.map((row: { registrationId: number }) => row.registrationId));
    // Once in qualification a registration cannot be moved to another group (taking a racer without a score out: late-entries.test.ts).
    const registrationId = before.groups[0].racers[0].registrationId;
    expect(errorCode(await api.call('PUT', `/api/race-registration/${registrationId}/group`, { token: admin.token, payload: { qualificationGroupId: groupId } }))).toBe('REGISTRATION_IN_QUALIFICATION');
    // Start the group; closing it waits for the qualification to run (issue 10), then close, reopen; reopening registration is refused while results exist.
    expect((await setGroup(groupId, 'QUALIFICATION')).json().qualificationGroups[0].state).toBe('QUALIFICATION');
    expect(errorCode(await setGroup(groupId, 'QUALIFICATION_CLOSED'))).toBe('INVALID_RACE_STATE_UPDATE');
    expect((await setState(race.id, 'QUALIFICATION_ONGOING')).json().qualificationGroups[0]).toMatchObject({ state: 'QUALIFICATION', allowedStates: ['QUALIFICATION_CLOSED', 'OPEN_REGISTRATION'] });
    expect((await setGroup(groupId, 'QUALIFICATION_CLOSED')).json().qualificationGroups[0].state).toBe('QUALIFICATION_CLOSED');
    expect((await setGroup(groupId, 'QUALIFICATION')).json().qualificationGroups[0].state).toBe('QUALIFICATION');
    await harness.app.db.update(boulderScores).set({ topAttempts: 1, zoneAttempts: 1 }).where(eq(boulderScores.id, scores[0]?.id ?? 0));
    expect(errorCode(await setGroup(groupId, 'OPEN_REGISTRATION'))).toBe('GROUP_HAS_RESULTS');
    await harness.app.db.update(boulderScores).set({ topAttempts: null, zoneAttempts: null }).where(eq(boulderScores.id, scores[0]?.id ?? 0));
    expect((await setGroup(groupId, 'OPEN_REGISTRATION')).json().qualificationGroups[0].state).toBe('OPEN_REGISTRATION');
    expect(await harness.app.db.select().from(racers).where(eq(racers.raceId, race.id))).toHaveLength(0);
    expect(errorCode(await setGroup(groupId, 'QUALIFICATION_CLOSED'))).toBe('INVALID_RACE_STATE_UPDATE');
    // OPEN_REGISTRATION straight to QUALIFICATION moves and starts in one call.
    expect((await setGroup(groupId, 'QUALIFICATION')).json().qualificationGroups[0].state).toBe('QUALIFICATION');
    expect(await harness.app.db.select().from(racers).where(eq(racers.raceId, race.id))).toHaveLength(5);
  });

  it('creates lead routes and speed runs for lead and speed races', async () => {
    for (const [discipline, expected] of [['LEAD', 'lead'], ['SPEED', 'speed']] as const) {
      const race = await raceWithRacers(2, { extra: { discipline } });
      expect((await setGroup(race.qualificationGroups[0]?.id ?? 0, 'READY_FOR_QUALIFICATION')).statusCode).toBe(200);
      const roundRows = await harness.app.db.select().from(rounds).where(eq(rounds.raceId, race.id));
      expect(roundRows, expected).toHaveLength(2);
    }
  });

  it('gives the same starting list for the same seed, a new one after regeneration, and racer-number order on request', async () => {
    const race = await raceWithRacers(12);
    const order = async () => (await api.call('GET', `/api/race/${race.id}/starting-list`)).json().groups[0].racers.map((row: { racerNumber: number }) => row.racerNumber);
    const first = await order();
    expect(await order()).toEqual(first);
    expect([...first].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
    expect(first).not.toEqual([...first].sort((a, b) => a - b)); // 1 in 479001600 to be sorted by chance
    const regenerated = await api.call('POST', `/api/race/${race.id}/starting-list`, { token: admin.token, payload: {} });
    expect(regenerated.statusCode).toBe(200);
    const second = await order();
    expect(second).not.toEqual(first);
    expect(await order()).toEqual(second);
    await api.call('POST', `/api/race/${race.id}/starting-list`, { token: admin.token, payload: { startingNumberOrder: 'BY_RACER_NUMBER' } });
    expect(await order()).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
  });

  it('every registered racer is on the starting list; once check-in started the present ones are numbered first and marked', async () => {
    const race = await raceWithRacers(2);
    const late = (await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, { payload: { name: 'Late', surname: 'Comer', sex: 'M', birthYear: 1999 } })).json();
    const withdrawn = (await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, { payload: { name: 'Gone', surname: 'Away', sex: 'M', birthYear: 1998 } })).json();
    await api.call('PUT', `/api/race-registration/${withdrawn.id}/NOT_PRESENT`, { token: admin.token });
    const list = (await api.call('GET', `/api/race/${race.id}/starting-list`)).json();
    expect(list.checkInStarted).toBe(true);
    const rows = list.groups[0].racers as { registrationId: number; startingNumber: number | null; present: boolean }[];
    expect(rows).toHaveLength(3);
    expect(rows.slice(0, 2).map((row) => [row.startingNumber, row.present])).toEqual([[1, true], [2, true]]);
    expect(rows[2]).toMatchObject({ registrationId: late.id, startingNumber: null, present: false });
    // The qualification takes the present ones only.
    expect((await setState(race.id, 'QUALIFICATION_ONGOING')).statusCode).toBe(200);
    expect(await harness.app.db.select().from(racers).where(eq(racers.raceId, race.id))).toHaveLength(2);
  });

  it('before check-in everybody registered is numbered and climbs, nobody marked present', async () => {
    const event = await createEvent(api, admin.token, organizationId, {}, [raceBody()]);
    const raceId = event.races[0]?.id ?? 0;
    await openRegistration(api, admin.token, raceId);
    for (const name of ['Ada', 'Bea', 'Cyr']) {
      await api.call('POST', `/api/race-registration/${raceId}/register-unregistered-user/`, { payload: { name, surname: 'Nová', sex: 'F', birthYear: 1995 } });
    }
    const list = (await api.call('GET', `/api/race/${raceId}/starting-list`)).json();
    expect(list.checkInStarted).toBe(false);
    expect(list.groups[0].racers.map((row: { startingNumber: number; present: boolean }) => [row.startingNumber, row.present]).sort()).toEqual([[1, false], [2, false], [3, false]]);
    const csv = (await api.call('GET', `/api/race/${raceId}/starting-list/csv`)).body.replace('\uFEFF', '').trim().split('\r\n');
    expect(csv).toHaveLength(4);
    expect(csv[1]?.endsWith(';')).toBe(true); // the presence column stays empty before check-in
    expect((await setState(raceId, 'QUALIFICATION_ONGOING')).statusCode).toBe(200);
    expect(await harness.app.db.select().from(racers).where(eq(racers.raceId, raceId))).toHaveLength(3);
  });

  it('exports the starting list and the registrations as CSV in UTF-8 with BOM', async () => {
    const race = await raceWithRacers(2);
    const list = await api.call('GET', `/api/race/${race.id}/starting-list/csv`, { headers: { 'accept-language': 'sk' } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(list.headers['content-disposition']).toMatch(/^attachment; filename="starting-list-open-\d+\.csv"$/);
    expect(list.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = list.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Skupina;Štartové poradie;Štartové číslo;Meno;Rok narodenia;Pohlavie;Veková kategória;Krajina;Klub;Prítomný');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Čierny');
    expect(lines[1]?.endsWith(';áno')).toBe(true);
    expect(lines[1]).toContain('"Klub, ""Horolezci"""');
    const registrations = await api.call('GET', `/api/race-registration/race/${race.id}/csv`, { token: admin.token });
    expect(registrations.statusCode).toBe(200);
    expect(registrations.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(registrations.body.split('\r\n')[0]).toContain('Racer number;Name;Surname');
    expect((await api.call('GET', `/api/race-registration/race/${race.id}/csv`)).statusCode).toBe(401);
  });
});
