import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { createEvent, openRegistration, raceBody } from '../support/events.ts';
import { listRacers } from '../support/scores.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const person = (name: string, extra: Record<string, unknown> = {}) => ({ name, surname: 'Stolový', sex: 'F', birthday: '2001-01-01', ...extra });

describe('the check-in desk (issue 10)', () => {
  let harness: TestApp;
  let api: Client;
  let admin: { id: number; token: string };
  let stranger: { id: number; token: string };
  let racer: { id: number; token: string };
  let raceId: number;
  let otherRaceId: number;
  let organizationId: number;
  let groupA: number;
  let groupB: number;

  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
    admin = await api.user('desk-admin@example.com');
    stranger = await api.user('desk-stranger@example.com');
    racer = await api.user('desk-racer@example.com', { sex: 'F', birthday: '2000-02-02' });
    organizationId = (await api.organization(admin.token, 'Desk Club')).id;
    const event = await createEvent(api, admin.token, organizationId, {}, [raceBody({ name: 'Women', groups: 2 }), raceBody({ name: 'Other' })]);
    raceId = event.races[0]!.id;
    otherRaceId = event.races[1]!.id;
    [groupA, groupB] = event.races[0]!.qualificationGroups.map((group) => group.id) as [number, number];
    await openRegistration(api, admin.token, raceId);
    await openRegistration(api, admin.token, otherRaceId);
  });
  afterAll(() => harness.close());

  const register = async (race: number, body: Record<string, unknown>, token?: string) => {
    const response = await api.call('POST', `/api/race-registration/${race}/register-unregistered-user/`, { token, payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; racerNumber: number; state: string | null; checkInCode: string | null };
  };

  it('marks every racer of a group without a presence present at once; withdrawn ones stay withdrawn', async () => {
    const waiting = [await register(raceId, person('Anna', { qualificationGroupId: groupA })), await register(raceId, person('Berta', { qualificationGroupId: groupA }))];
    const withdrawn = await register(raceId, person('Cecília', { qualificationGroupId: groupA }));
    const otherGroup = await register(raceId, person('Dana', { qualificationGroupId: groupB }));
    expect((await api.call('PUT', `/api/race-registration/${withdrawn.id}/NOT_PRESENT`, { token: admin.token })).statusCode).toBe(200);

    const response = await api.call('POST', `/api/qualification-group/${groupA}/check-in`, { token: admin.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ checkedIn: 2 });
    const list = (await api.call('GET', `/api/race-registration/race/${raceId}`, { token: admin.token })).json() as { id: number; state: string | null }[];
    const stateOf = (id: number) => list.find((row) => row.id === id)?.state;
    expect(waiting.map((row) => stateOf(row.id))).toEqual(['PRESENT', 'PRESENT']);
    expect(stateOf(withdrawn.id)).toBe('NOT_PRESENT');
    expect(stateOf(otherGroup.id)).toBeNull();
    // Again: nothing left to mark.
    expect((await api.call('POST', `/api/qualification-group/${groupA}/check-in`, { token: admin.token })).json()).toEqual({ checkedIn: 0 });
  });

  it('only the event admins run the desk: others get 404, visitors 401', async () => {
    const byStranger = await api.call('POST', `/api/qualification-group/${groupB}/check-in`, { token: stranger.token });
    expect(byStranger.statusCode).toBe(404);
    expect(errorCode(byStranger)).toBe('QUALIFICATION_GROUP_NOT_FOUND');
    expect((await api.call('POST', `/api/qualification-group/${groupB}/check-in`)).statusCode).toBe(401);
    const registration = await register(raceId, person('Eva'));
    const byRacer = await api.call('POST', `/api/race/${raceId}/check-in`, { token: stranger.token, payload: { code: registration.checkInCode } });
    expect(errorCode(byRacer)).toBe('RACE_NOT_FOUND');
  });

  it("the confirmation carries a check-in code the desk scans or types; it checks in to that race only and cannot be forged", async () => {
    const own = await api.call('POST', `/api/race-registration/${raceId}/user`, { token: racer.token, payload: { userId: racer.id } });
    expect(own.statusCode, own.body).toBe(201);
    const { id, checkInCode } = own.json() as { id: number; checkInCode: string };
    expect(checkInCode).toMatch(new RegExp(`^${id}-[0-9A-Z]{5}-[0-9A-Z]{5}$`));
    // The racer sees it on their board; the public list never shows it.
    const board = (await api.call('GET', `/api/race-registration/user/${racer.id}`, { token: racer.token })).json() as { id: number; checkInCode: string }[];
    expect(board.find((row) => row.id === id)?.checkInCode).toBe(checkInCode);
    const publicList = (await api.call('GET', `/api/race-registration/race/${raceId}`)).json() as { checkInCode: string | null }[];
    expect(publicList.every((row) => row.checkInCode === null)).toBe(true);

    const checkIn = (race: number, code: string) => api.call('POST', `/api/race/${race}/check-in`, { token: admin.token, payload: { code } });
    // Another race of the same event: refused, naming the race the code is of (the desk checks the racer in there); the racer stays unconfirmed.
    const otherRace = await checkIn(otherRaceId, checkInCode);
    expect(otherRace.statusCode).toBe(409);
    expect(otherRace.json().error).toMatchObject({ code: 'CHECK_IN_CODE_OTHER_RACE', details: { raceId, raceName: 'Women' } });
    expect(otherRace.json().error.message).toBe('This check-in code is of Women, another race of this event.');
    // A race of another event is not told which race the code is of.
    const elsewhere = (await createEvent(api, admin.token, organizationId, {}, [raceBody({ name: 'Elsewhere' })])).races[0]!.id;
    const foreign = await checkIn(elsewhere, checkInCode);
    expect(errorCode(foreign)).toBe('CHECK_IN_CODE_INVALID');
    expect(foreign.body).not.toContain('Women');
    const mac = checkInCode.split('-').slice(1).join('');
    const forged = `${id + 1}-${mac.slice(0, 5)}-${mac.slice(5)}`;
    const flipped = `${checkInCode.slice(0, -1)}${checkInCode.endsWith('0') ? '1' : '0'}`;
    for (const code of [forged, flipped, 'garbage', `${id}`]) expect(errorCode(await checkIn(raceId, code)), code).toBe('CHECK_IN_CODE_INVALID');

    // Typed by hand: lower case, spaces, no hyphens.
    const typed = ` ${checkInCode.replace(/-/g, '').toLowerCase().replace(String(id), `${id} `)} `;
    const scanned = await checkIn(raceId, typed);
    expect(scanned.statusCode, scanned.body).toBe(200);
    expect(scanned.json()).toMatchObject({ alreadyPresent: false, registration: { id, state: 'PRESENT' } });
    expect((await checkIn(raceId, checkInCode)).json().alreadyPresent).toBe(true);
    expect((await checkIn(raceId, 'x'.repeat(65))).statusCode).toBe(400);
  });

  it('a scan after the group moved to qualification appends the racer to its starting order', async () => {
    const event = await createEvent(api, admin.token, (await api.organization(admin.token, 'Desk Club Two')).id, {}, [raceBody({ name: 'Running' })]);
    const running = event.races[0]!;
    await openRegistration(api, admin.token, running.id);
    await register(running.id, person('Prvá', { present: true }), admin.token);
    const late = await register(running.id, person('Posledná'), admin.token);
    expect((await api.call('PUT', `/api/qualification-group/${running.qualificationGroups[0]!.id}/state`, { token: admin.token, payload: { state: 'QUALIFICATION' } })).statusCode).toBe(200);
    const scanned = await api.call('POST', `/api/race/${running.id}/check-in`, { token: admin.token, payload: { code: late.checkInCode } });
    expect(scanned.json()).toMatchObject({ alreadyPresent: false, registration: { inQualification: true } });
    expect((await listRacers(api, running.id, 'QUALIFICATION')).map((row) => row.fullName)).toEqual(['Prvá Stolový', 'Posledná Stolový']);
  });
});
