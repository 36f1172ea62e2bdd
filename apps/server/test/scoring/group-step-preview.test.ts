import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { createEvent, openRegistration, raceBody, type CreatedEvent } from '../support/events.ts';
import { listRacers, top } from '../support/scores.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * The preview of a group's own step (GET /api/qualification-group/{id}/state-preview?state=), left
 * out when the race's steps got theirs: a group's "Move to qualification" or "Start" silently left
 * out its registered racers who were not checked in. The preview names them, with the rule the
 * step itself runs; closing a group counts its unfinished rounds.
 */

interface GroupPreview {
  groupId: number;
  group: string;
  from: string;
  to: string;
  checkIn: { checkInStarted: boolean; registered: number; climbing: number; notCheckedIn: { registrationId: number; racerNumber: number; fullName: string; group: string | null; state: string | null }[]; withdrawn: number } | null;
  closing: { stage: string; unit: string; total: number; notFinished: number; notStarted: number; groups: unknown[] } | null;
}

describe('the preview of a qualification group step', () => {
  let harness: TestApp;
  let api: Client;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
  });
  afterAll(() => harness.close());

  const preview = (groupId: number, state: string, token: string | undefined) => api.call('GET', `/api/qualification-group/${groupId}/state-preview?state=${state}`, { token });
  const step = async (groupId: number, state: string, token: string) => {
    const answer = await api.call('PUT', `/api/qualification-group/${groupId}/state`, { token, payload: { state } });
    expect(answer.statusCode, answer.body).toBe(200);
  };

  /** Group A: Anna and Beata checked in; group B: Cecília registered only, Dana checked in, Eva withdrawn. */
  async function twoGroups(email: string) {
    const admin = await api.user(email);
    const { id: organizationId } = await api.organization(admin.token, `Club of ${email}`);
    const event: CreatedEvent = await createEvent(api, admin.token, organizationId, {}, [raceBody({ groups: 2 })]);
    const race = event.races[0]!;
    await openRegistration(api, admin.token, race.id);
    const register = async (name: string, groupIndex: number, state: 'PRESENT' | 'NOT_PRESENT' | null) => {
      const registered = await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, {
        token: admin.token,
        payload: { name, surname: 'Skupinová', sex: 'F', birthday: '2002-03-04', qualificationGroupId: race.qualificationGroups[groupIndex]!.id },
      });
      expect(registered.statusCode, registered.body).toBe(201);
      if (state) expect((await api.call('PUT', `/api/race-registration/${registered.json().id}/${state}`, { token: admin.token })).statusCode).toBe(200);
      return registered.json() as { id: number; racerNumber: number };
    };
    await register('Anna', 0, 'PRESENT');
    await register('Beata', 0, 'PRESENT');
    const cecilia = await register('Cecília', 1, null);
    await register('Dana', 1, 'PRESENT');
    await register('Eva', 1, 'NOT_PRESENT');
    const [groupA, groupB] = race.qualificationGroups;
    return { token: admin.token, raceId: race.id, groupA: groupA!.id, groupB: groupB!.id, cecilia };
  }

  it('before a group moves to the qualification and before it starts: its racers not checked in, who are left out of its starting order, and the withdrawn', async () => {
    const { token, raceId, groupA, groupB, cecilia } = await twoGroups('group-preview-desk@example.com');
    const missing = { registrationId: cecilia.id, racerNumber: cecilia.racerNumber, fullName: 'Cecília Skupinová', group: 'B', state: null };

    const moving = await preview(groupB, 'READY_FOR_QUALIFICATION', token);
    expect(moving.statusCode, moving.body).toBe(200);
    expect(moving.json()).toEqual({
      groupId: groupB,
      group: 'B',
      from: 'OPEN_REGISTRATION',
      to: 'READY_FOR_QUALIFICATION',
      checkIn: { checkInStarted: true, registered: 3, climbing: 1, notCheckedIn: [missing], withdrawn: 1 },
      closing: null,
    } satisfies GroupPreview);
    // The straight step to a running qualification (move, then start) says the same.
    expect((await preview(groupB, 'QUALIFICATION', token)).json().checkIn).toEqual({ checkInStarted: true, registered: 3, climbing: 1, notCheckedIn: [missing], withdrawn: 1 });
    // Group A's racers are all checked in: nobody to name, only its own registrations counted.
    expect((await preview(groupA, 'READY_FOR_QUALIFICATION', token)).json().checkIn).toEqual({ checkInStarted: true, registered: 2, climbing: 2, notCheckedIn: [], withdrawn: 0 });
    // The preview changed nothing.
    expect(await listRacers(api, raceId, 'QUALIFICATION')).toEqual([]);

    // The step does what the preview said: Dana climbs in group B, Cecília does not.
    await step(groupB, 'READY_FOR_QUALIFICATION', token);
    expect((await listRacers(api, raceId, 'QUALIFICATION')).map((racer) => racer.fullName)).toEqual(['Dana Skupinová']);

    // Starting the group: Cecília is still not in its order and is named again.
    const starting = (await preview(groupB, 'QUALIFICATION', token)).json() as GroupPreview;
    expect(starting).toMatchObject({ from: 'READY_FOR_QUALIFICATION', to: 'QUALIFICATION', closing: null });
    expect(starting.checkIn).toEqual({ checkInStarted: true, registered: 3, climbing: 1, notCheckedIn: [missing], withdrawn: 1 });

    // Once she is checked in late, she joins the end of the order and the preview has nobody to name.
    expect((await api.call('PUT', `/api/race-registration/${cecilia.id}/PRESENT`, { token })).statusCode).toBe(200);
    expect((await preview(groupB, 'QUALIFICATION', token)).json().checkIn).toEqual({ checkInStarted: true, registered: 3, climbing: 2, notCheckedIn: [], withdrawn: 1 });
  });

  it('before a group closes: its own unfinished rounds; a step back or to the state it is in needs no preview', async () => {
    const { token, raceId, groupA, groupB } = await twoGroups('group-preview-close@example.com');
    expect((await api.call('PUT', `/api/race/${raceId}/state`, { token, payload: { state: 'QUALIFICATION_ONGOING' } })).statusCode).toBe(200);
    const racers = await listRacers(api, raceId, 'QUALIFICATION');
    const anna = racers.find((racer) => racer.fullName.startsWith('Anna'))!;
    const round = anna.rounds[0]!;
    const boulders = round.boulders.map((boulder) => ({ id: boulder.id, ...top(1) }));
    expect((await api.call('PUT', `/api/racer/${anna.id}/round/${round.id}`, { token, payload: { version: round.version, boulders } })).statusCode).toBe(200);

    // Group A: Anna has every boulder, Beata nothing yet. Group B's rounds are not counted.
    const closing = (await preview(groupA, 'QUALIFICATION_CLOSED', token)).json() as GroupPreview;
    expect(closing).toMatchObject({ group: 'A', from: 'QUALIFICATION', to: 'QUALIFICATION_CLOSED', checkIn: null });
    expect(closing.closing).toEqual({ stage: 'QUALIFICATION', unit: 'ROUNDS', total: 2, notFinished: 1, notStarted: 1, groups: [{ group: null, notFinished: 1, notStarted: 1 }], unfinishedRacers: [expect.objectContaining({ group: null, nothingEntered: true })] });
    expect((await preview(groupB, 'QUALIFICATION_CLOSED', token)).json().closing).toMatchObject({ total: 1, notFinished: 1 });

    await step(groupA, 'QUALIFICATION_CLOSED', token);
    expect((await preview(groupA, 'QUALIFICATION_CLOSED', token)).json()).toMatchObject({ from: 'QUALIFICATION_CLOSED', to: 'QUALIFICATION_CLOSED', checkIn: null, closing: null });
    expect((await preview(groupA, 'QUALIFICATION', token)).json()).toMatchObject({ from: 'QUALIFICATION_CLOSED', to: 'QUALIFICATION', checkIn: null, closing: null });
  });

  it('is for the race\'s admins only and refuses a step the group cannot take with the codes the step itself would get', async () => {
    const { token, groupA } = await twoGroups('group-preview-rights@example.com');
    const stranger = await api.user('group-preview-stranger@example.com');
    expect(errorCode(await preview(groupA, 'READY_FOR_QUALIFICATION', stranger.token))).toBe('NO_RIGHTS');
    expect((await preview(groupA, 'READY_FOR_QUALIFICATION', undefined)).statusCode).toBe(401);
    const missing = await preview(999_999, 'READY_FOR_QUALIFICATION', token);
    expect(missing.statusCode).toBe(404);
    expect(errorCode(missing)).toBe('QUALIFICATION_GROUP_NOT_FOUND');
    // A registration-open group cannot close, and cannot close while the race's qualification is not running.
    const refused = await preview(groupA, 'QUALIFICATION_CLOSED', token);
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe('INVALID_RACE_STATE_UPDATE');
    const put = await api.call('PUT', `/api/qualification-group/${groupA}/state`, { token, payload: { state: 'QUALIFICATION_CLOSED' } });
    expect(errorCode(put)).toBe('INVALID_RACE_STATE_UPDATE');
    for (const [query, code] of [['', 'REQUIRED_PARAMETER_MISSING'], ['?state=LATER', 'VALIDATION_FAILED']]) {
      const bad = await api.call('GET', `/api/qualification-group/${groupA}/state-preview${query}`, { token });
      expect(bad.statusCode, query).toBe(400);
      expect(errorCode(bad), query).toBe(code);
    }
  });
});
