import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { createEvent, day, openRegistration, raceBody } from '../support/events.ts';
import { listRacers, top } from '../support/scores.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const walkIn = (name: string, extra: Record<string, unknown> = {}) => ({ name, surname: 'Neskorý', sex: 'M', birthday: '2000-03-03', club: 'Walk-in', ...extra });

describe('late and walk-in entries by the event admins (issue 10)', () => {
  let harness: TestApp;
  let api: Client;
  let admin: { id: number; token: string };
  let organizationId: number;
  let member: { id: number; token: string };
  let racer: { id: number; token: string };

  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
    admin = await api.user('late-admin@example.com');
    organizationId = (await api.organization(admin.token, 'Late Club')).id;
    member = await api.user('late-member@example.com', { sex: 'M', birthday: '1998-01-01' });
    await api.join(organizationId, admin.token, member);
    racer = await api.user('late-racer@example.com', { sex: 'M', birthday: '1997-01-01' });
  });
  afterAll(() => harness.close());

  /** A race (registration closed yesterday) moved through the given states. */
  async function raceIn(states: string[], format = 'QUALIFICATION'): Promise<{ raceId: number; groupId: number }> {
    const event = await createEvent(api, admin.token, organizationId, {}, [raceBody({ opening: day(-10), closing: day(-1), extra: { raceFormat: format } })]);
    const race = event.races[0]!;
    for (const state of states) {
      const response = await api.call('PUT', `/api/race/${race.id}/state`, { token: admin.token, payload: { state } });
      expect(response.statusCode, `${state}: ${response.body}`).toBe(200);
    }
    return { raceId: race.id, groupId: race.qualificationGroups[0]!.id };
  }

  const registerWalkIn = (raceId: number, token: string | undefined, body: Record<string, unknown>) =>
    api.call('POST', `/api/race-registration/${raceId}/register-unregistered-user/`, { token, payload: body });
  const registerMember = (raceId: number, body: Record<string, unknown>) => api.call('POST', `/api/race-registration/${raceId}/register-member`, { token: admin.token, payload: body });

  it.each([
    ['HIDDEN', []],
    ['UPCOMING', ['UPCOMING']],
    ['OPEN_REGISTRATION (period over)', ['UPCOMING', 'OPEN_REGISTRATION']],
    ['QUALIFICATION', ['UPCOMING', 'QUALIFICATION']],
    ['QUALIFICATION_ONGOING', ['UPCOMING', 'QUALIFICATION', 'QUALIFICATION_ONGOING']],
  ])('in %s the admins add a one-time racer and a member; racers and visitors stay bound by the period', async (_label, states) => {
    const { raceId } = await raceIn(states);
    const oneTime = await registerWalkIn(raceId, admin.token, walkIn('Jozef'));
    expect(oneTime.statusCode, oneTime.body).toBe(201);
    const added = await registerMember(raceId, { userId: member.id });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().racerNumber).toBe(oneTime.json().racerNumber + 1);
    const bySelf = await api.call('POST', `/api/race-registration/${raceId}/user`, { token: racer.token, payload: { userId: racer.id } });
    const byVisitor = await registerWalkIn(raceId, undefined, walkIn('Visitor', { email: 'visitor@example.com' }));
    for (const refused of [bySelf, byVisitor]) {
      expect(refused.statusCode).toBe(states.length === 0 ? 404 : 409);
    }
    if (states.includes('QUALIFICATION')) expect(errorCode(bySelf)).toBe('RACE_REGISTRATION_CLOSED');
    if (states.at(-1) === 'OPEN_REGISTRATION') expect(errorCode(bySelf)).toBe('RACE_REGISTRATION_PERIOD_FINISHED');
  });

  it('not after qualification: RACE_REGISTRATION_CLOSED in the final, RACE_ALREADY_FINISHED once finished', async () => {
    const final = await raceIn(['UPCOMING', 'QUALIFICATION', 'QUALIFICATION_ONGOING', 'FINALS'], 'QUALIFICATION_FINAL');
    expect(errorCode(await registerWalkIn(final.raceId, admin.token, walkIn('Late')))).toBe('RACE_REGISTRATION_CLOSED');
    const finished = await raceIn(['UPCOMING', 'QUALIFICATION', 'QUALIFICATION_ONGOING', 'FINISHED']);
    expect(errorCode(await registerMember(finished.raceId, { userId: member.id }))).toBe('RACE_ALREADY_FINISHED');
  });

  it('numbers every racer anew until the qualification starts, then only one at a time (RACER_NUMBERS_IN_USE)', async () => {
    const { raceId } = await raceIn(['UPCOMING', 'QUALIFICATION']);
    const added = await registerWalkIn(raceId, admin.token, walkIn('Cyril'));
    expect(added.statusCode).toBe(201);
    const renumber = () => api.call('POST', `/api/race-registration/race/${raceId}/regenerate-racer-numbers`, { token: admin.token, payload: { offset: 50 } });
    expect((await renumber()).statusCode).toBe(200);
    expect((await api.call('PUT', `/api/race/${raceId}/state`, { token: admin.token, payload: { state: 'QUALIFICATION_ONGOING' } })).statusCode).toBe(200);
    const refused = await renumber();
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe('RACER_NUMBERS_IN_USE');
    const own = (await api.call('GET', `/api/race-registration/race/${raceId}`, { token: admin.token })).json() as { id: number; racerNumber: number }[];
    expect(own.map((registration) => registration.racerNumber)).toEqual([50]);
    // One racer's number may still be corrected.
    const single = await api.call('PUT', `/api/race-registration/${own[0]!.id}`, { token: admin.token, payload: { racerNumber: 77 } });
    expect(single.statusCode).toBe(200);
  });

  it('a walk-in into a group that is already climbing gets the next racer number and a READY round at the end of its starting order', async () => {
    const { raceId, groupId } = await raceIn(['UPCOMING', 'OPEN_REGISTRATION']);
    for (const name of ['Adam', 'Boris']) {
      const registered = await registerWalkIn(raceId, admin.token, walkIn(name));
      expect((await api.call('PUT', `/api/race-registration/${registered.json().id}/PRESENT`, { token: admin.token })).statusCode).toBe(200);
    }
    expect((await api.call('PUT', `/api/qualification-group/${groupId}/state`, { token: admin.token, payload: { state: 'QUALIFICATION' } })).statusCode).toBe(200);
    expect((await api.call('PUT', `/api/race/${raceId}/state`, { token: admin.token, payload: { state: 'QUALIFICATION_ONGOING' } })).statusCode).toBe(200);
    // Adam has a score already.
    const [first] = await listRacers(api, raceId, 'QUALIFICATION');
    const round = first!.rounds[0]!;
    const scored = await api.call('PUT', `/api/racer/${first!.id}/round/${round.id}`, { token: admin.token, payload: { version: round.version, boulders: [{ boulderIndex: 0, ...top(1) }] } });
    expect(scored.statusCode, scored.body).toBe(200);

    const late = await registerWalkIn(raceId, admin.token, walkIn('Cyril', { qualificationGroupId: groupId }));
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json()).toMatchObject({ racerNumber: 3, state: 'PRESENT', inQualification: true, qualificationGroupId: groupId });
    const lateMember = await registerMember(raceId, { userId: member.id, qualificationGroupId: groupId });
    expect(lateMember.json()).toMatchObject({ racerNumber: 4, state: 'PRESENT', inQualification: true });

    const racers = await listRacers(api, raceId, 'QUALIFICATION');
    expect(racers.map((row) => row.fullName).slice(2)).toEqual(['Cyril Neskorý', 'Test late-member']);
    const cyril = racers[2] as unknown as { rounds: { state: string; startingNumber: number; boulders: unknown[] }[] };
    expect(cyril.rounds[0]).toMatchObject({ state: 'READY', startingNumber: 3 });
    expect(cyril.rounds[0]!.boulders).toHaveLength(first!.rounds[0]!.boulders.length);
    const startingList = (await api.call('GET', `/api/race/${raceId}/starting-list`)).json();
    const names = JSON.stringify(startingList);
    expect(names.indexOf('Cyril Neskorý')).toBeGreaterThan(names.indexOf('Boris Neskorý'));
  });

  it('checking in a registered racer after the group moved to qualification puts them at the end of its order; a closed group takes nobody', async () => {
    const { raceId, groupId } = await raceIn(['UPCOMING', 'OPEN_REGISTRATION']);
    const early = await registerWalkIn(raceId, admin.token, walkIn('Early', { present: true }));
    expect(early.json().state).toBe('PRESENT');
    const sleepy = await registerWalkIn(raceId, admin.token, walkIn('Sleepy'));
    expect(sleepy.json().state).toBeNull();
    expect((await api.call('PUT', `/api/qualification-group/${groupId}/state`, { token: admin.token, payload: { state: 'READY_FOR_QUALIFICATION' } })).statusCode).toBe(200);
    expect(await listRacers(api, raceId, 'QUALIFICATION')).toHaveLength(1);

    const checkedIn = await api.call('PUT', `/api/race-registration/${sleepy.json().id}/PRESENT`, { token: admin.token });
    expect(checkedIn.json()).toMatchObject({ state: 'PRESENT', inQualification: true });
    const racers = await listRacers(api, raceId, 'QUALIFICATION');
    expect(racers.map((row) => row.fullName)).toEqual(['Early Neskorý', 'Sleepy Neskorý']);
    // Marking present again changes nothing (one round per racer).
    expect((await api.call('PUT', `/api/race-registration/${sleepy.json().id}/PRESENT`, { token: admin.token })).statusCode).toBe(200);
    expect(await listRacers(api, raceId, 'QUALIFICATION')).toHaveLength(2);

    expect((await api.call('PUT', `/api/qualification-group/${groupId}/state`, { token: admin.token, payload: { state: 'QUALIFICATION' } })).statusCode).toBe(200);
    // A group closes only while the race's qualification runs.
    for (const state of ['QUALIFICATION', 'QUALIFICATION_ONGOING']) {
      expect((await api.call('PUT', `/api/race/${raceId}/state`, { token: admin.token, payload: { state } })).statusCode).toBe(200);
    }
    expect((await api.call('PUT', `/api/qualification-group/${groupId}/state`, { token: admin.token, payload: { state: 'QUALIFICATION_CLOSED' } })).statusCode).toBe(200);
    const tooLate = await registerWalkIn(raceId, admin.token, walkIn('Tardy', { qualificationGroupId: groupId }));
    expect(errorCode(tooLate)).toBe('QUALIFICATION_GROUP_NOT_VALID');
  });

  it('a late check-in is undone while the racer has no score: NOT_PRESENT takes them out of the starting order, checking in again puts them at its end', async () => {
    const { raceId, groupId } = await raceIn(['UPCOMING', 'OPEN_REGISTRATION']);
    const early = await registerWalkIn(raceId, admin.token, walkIn('Early', { present: true }));
    const mistaken = await registerWalkIn(raceId, admin.token, walkIn('Mistaken'));
    const scoredOne = await registerWalkIn(raceId, admin.token, walkIn('Scored'));
    for (const state of ['QUALIFICATION', 'QUALIFICATION_ONGOING']) {
      expect((await api.call('PUT', `/api/race/${raceId}/state`, { token: admin.token, payload: { state } })).statusCode).toBe(200);
    }
    // Both checked in late at the desk: each gets a round at the end of the order.
    for (const registration of [mistaken, scoredOne]) {
      expect((await api.call('PUT', `/api/race-registration/${registration.json().id}/PRESENT`, { token: admin.token })).json()).toMatchObject({ inQualification: true, hasResults: false });
    }
    expect((await listRacers(api, raceId, 'QUALIFICATION')).map((row) => row.fullName)).toEqual(['Early Neskorý', 'Mistaken Neskorý', 'Scored Neskorý']);
    const scored = (await listRacers(api, raceId, 'QUALIFICATION'))[2]!;
    const entered = await api.call('PUT', `/api/racer/${scored.id}/round/${scored.rounds[0]!.id}`, { token: admin.token, payload: { boulders: [{ boulderIndex: 0, ...top(2) }] } });
    expect(entered.statusCode, entered.body).toBe(200);

    // Undone: the racer and their empty round go, the registration says not present and not in qualification.
    const undone = await api.call('PUT', `/api/race-registration/${mistaken.json().id}/NOT_PRESENT`, { token: admin.token });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ state: 'NOT_PRESENT', inQualification: false, hasResults: false });
    const left = (await listRacers(api, raceId, 'QUALIFICATION')) as unknown as { fullName: string; rounds: { startingNumber: number }[] }[];
    expect(left.map((row) => [row.fullName, row.rounds[0]!.startingNumber])).toEqual([
      ['Early Neskorý', 1],
      ['Scored Neskorý', 3],
    ]);
    const group = (await api.call('GET', `/api/race/${raceId}`, { token: admin.token })).json().qualificationGroups[0];
    expect(group).toMatchObject({ id: groupId, racersCount: 3, climbingCount: 2 });

    // A racer with a score stays: 409 with its own code; the registration shows why.
    const refused = await api.call('PUT', `/api/race-registration/${scoredOne.json().id}/NOT_PRESENT`, { token: admin.token });
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe('REGISTRATION_HAS_RESULTS');
    expect(refused.json().error.message).toContain('restart');
    const listed = (await api.call('GET', `/api/race-registration/race/${raceId}`, { token: admin.token })).json() as { id: number; hasResults: boolean; inQualification: boolean }[];
    expect(listed.find((row) => row.id === scoredOne.json().id)).toMatchObject({ inQualification: true, hasResults: true });
    // Removal stays refused after the registration period (spec 5), whatever the score.
    expect(errorCode(await api.call('DELETE', `/api/race-registration/${early.json().id}`, { token: admin.token }))).toBe('REGISTRATION_CANNOT_BE_REMOVED');

    // Checked in again: the end of the order, a new READY round.
    expect((await api.call('PUT', `/api/race-registration/${mistaken.json().id}/PRESENT`, { token: admin.token })).json()).toMatchObject({ state: 'PRESENT', inQualification: true });
    const again = (await listRacers(api, raceId, 'QUALIFICATION')) as unknown as { fullName: string; rounds: { startingNumber: number; state: string }[] }[];
    expect(again.at(-1)).toMatchObject({ fullName: 'Mistaken Neskorý', rounds: [{ startingNumber: 4, state: 'READY' }] });
  });

  it('removes a racer without a score from the starting order while the registration period lasts; the racer alone cannot leave it', async () => {
    const event = await createEvent(api, admin.token, organizationId, {}, [raceBody()]);
    const raceId = event.races[0]!.id;
    const groupId = event.races[0]!.qualificationGroups[0]!.id;
    await openRegistration(api, admin.token, raceId);
    const own = await api.call('POST', `/api/race-registration/${raceId}/user`, { token: racer.token, payload: { userId: racer.id } });
    const walkInOne = await registerWalkIn(raceId, admin.token, walkIn('Gone'));
    expect((await api.call('PUT', `/api/qualification-group/${groupId}/state`, { token: admin.token, payload: { state: 'READY_FOR_QUALIFICATION' } })).statusCode).toBe(200);
    expect(await listRacers(api, raceId, 'QUALIFICATION')).toHaveLength(2);

    // The racer is in the starting order: withdrawing or leaving by themself is the desk's call.
    expect(errorCode(await api.call('PUT', `/api/race-registration/${own.json().id}/NOT_PRESENT`, { token: racer.token }))).toBe('REGISTRATION_IN_QUALIFICATION');
    expect(errorCode(await api.call('DELETE', `/api/race-registration/${own.json().id}`, { token: racer.token }))).toBe('REGISTRATION_IN_QUALIFICATION');

    const removed = await api.call('DELETE', `/api/race-registration/${walkInOne.json().id}`, { token: admin.token });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await listRacers(api, raceId, 'QUALIFICATION')).map((row) => row.fullName)).toEqual(['Test late-racer']);
  });

  it('only the desk marks a walk-in present: present: true from a visitor is 403 NO_RIGHTS', async () => {
    const event = await createEvent(api, admin.token, organizationId, {}, [raceBody()]);
    const raceId = event.races[0]!.id;
    await openRegistration(api, admin.token, raceId);
    const visitor = await registerWalkIn(raceId, undefined, walkIn('Sneaky', { present: true }));
    expect(visitor.statusCode).toBe(403);
    expect(errorCode(visitor)).toBe('NO_RIGHTS');
    const self = await api.call('POST', `/api/race-registration/${raceId}/user`, { token: racer.token, payload: { userId: racer.id, present: true } });
    expect(errorCode(self)).toBe('NO_RIGHTS');
  });

  it('concurrent walk-ins into a running group get distinct racer and starting numbers (one transaction per entry)', async () => {
    const { raceId, groupId } = await raceIn(['UPCOMING', 'OPEN_REGISTRATION']);
    const first = await registerWalkIn(raceId, admin.token, walkIn('First', { present: true }));
    expect(first.statusCode).toBe(201);
    expect((await api.call('PUT', `/api/qualification-group/${groupId}/state`, { token: admin.token, payload: { state: 'QUALIFICATION' } })).statusCode).toBe(200);
    const responses = await Promise.all(['P1', 'P2', 'P3', 'P4'].map((name) => registerWalkIn(raceId, admin.token, walkIn(name, { qualificationGroupId: groupId }))));
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(responses.map((response) => response.json().racerNumber)).size).toBe(4);
    const racers = (await listRacers(api, raceId, 'QUALIFICATION')) as unknown as { rounds: { startingNumber: number }[] }[];
    expect(racers.map((row) => row.rounds[0]!.startingNumber)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('racers confirm their own presence inside the self check-in window (issue 10)', () => {
  let harness: TestApp;
  let api: Client;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
  });
  afterAll(() => harness.close());

  it('on the race day with the default window; refused before it, after the group moved, and when switched off', async () => {
    const admin = await api.user('window-admin@example.com');
    const { id: organizationId } = await api.organization(admin.token, 'Window Club');
    const racer = await api.user('window-racer@example.com', { sex: 'F', birthday: '1999-09-09' });
    const soon = await createEvent(api, admin.token, organizationId, { startingDate: day(0), closingDate: day(0) }, [
      raceBody({ name: 'Today', extra: { startingDate: day(0), endDate: day(0) }, closing: day(0) }),
      raceBody({ name: 'Later', extra: { startingDate: day(5), endDate: day(5), selfCheckInDays: 2 }, closing: day(0) }),
      raceBody({ name: 'Desk only', extra: { startingDate: day(0), endDate: day(0), selfCheckInDays: null }, closing: day(0) }),
    ]);
    const [today, later, deskOnly] = soon.races;
    const registrationIn = async (raceId: number) => {
      await openRegistration(api, admin.token, raceId);
      const registered = await api.call('POST', `/api/race-registration/${raceId}/user`, { token: racer.token, payload: { userId: racer.id } });
      expect(registered.statusCode, registered.body).toBe(201);
      return registered.json().id as number;
    };
    const confirm = (id: number) => api.call('PUT', `/api/race-registration/${id}/PRESENT`, { token: racer.token });

    const todayId = await registrationIn(today!.id);
    const board = (await api.call('GET', `/api/race-registration/user/${racer.id}`, { token: racer.token })).json() as { id: number; selfCheckInOpen: boolean }[];
    expect(board.find((row) => row.id === todayId)?.selfCheckInOpen).toBe(true);
    const confirmed = await confirm(todayId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ state: 'PRESENT', selfCheckInOpen: false });

    const laterId = await registrationIn(later!.id);
    expect((await api.call('GET', `/api/race-registration/${laterId}`, { token: racer.token })).json().selfCheckInOpen).toBe(false);
    expect(errorCode(await confirm(laterId))).toBe('SELF_CHECK_IN_NOT_OPEN');
    expect(errorCode(await confirm(await registrationIn(deskOnly!.id)))).toBe('SELF_CHECK_IN_NOT_OPEN');

    // Once the group moved to qualification, the desk decides.
    expect((await api.call('PUT', `/api/race-registration/${todayId}/NOT_PRESENT`, { token: racer.token })).statusCode).toBe(200);
    expect((await api.call('PUT', `/api/qualification-group/${today!.qualificationGroups[0]!.id}/state`, { token: admin.token, payload: { state: 'READY_FOR_QUALIFICATION' } })).statusCode).toBe(200);
    expect(errorCode(await confirm(todayId))).toBe('SELF_CHECK_IN_CLOSED');
  });

  it('validates the setting: 0 to 30 days or null', async () => {
    const admin = await api.user('limits-admin@example.com');
    const { id: organizationId } = await api.organization(admin.token, 'Limits Club');
    const event = await createEvent(api, admin.token, organizationId);
    const raceId = event.races[0]!.id;
    for (const value of [-1, 31, 2.5, 'two']) {
      const response = await api.call('PUT', `/api/race/${raceId}`, { token: admin.token, payload: { selfCheckInDays: value } });
      expect(response.statusCode, String(value)).toBe(400);
      expect(errorCode(response)).toBe('VALIDATION_FAILED');
    }
    for (const value of [0, 30, null]) {
      const response = await api.call('PUT', `/api/race/${raceId}`, { token: admin.token, payload: { selfCheckInDays: value } });
      expect(response.json().selfCheckInDays, response.body).toBe(value);
    }
    expect((await api.call('GET', `/api/race/${raceId}`, { token: admin.token })).json().selfCheckInDays).toBeNull();
    const fresh = await createEvent(api, admin.token, organizationId);
    expect((await api.call('GET', `/api/race/${fresh.races[0]!.id}`, { token: admin.token })).json().selfCheckInDays).toBe(2);
  });
});
