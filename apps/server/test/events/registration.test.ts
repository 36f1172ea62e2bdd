import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { createEvent, day, openRegistration, raceBody, type CreatedEvent } from '../support/events.ts';

/** Spec 7 "Race registration": a test per call, and every registration rule of spec 5 with its error code. */
describe('race registration calls and rules', () => {
  let harness: TestApp;
  let api: Client;
  let admin: { id: number; token: string };
  let racer: { id: number; token: string };
  let organizationId: number;
  let event: CreatedEvent;
  let raceId: number;
  let groupA: number;
  let groupB: number;

  const adult = { birthday: '1995-03-04', sex: 'M' };
  const visitor = (extra: Record<string, unknown> = {}) => ({ name: 'Ján', surname: 'Šťastný', email: `jan${Math.random()}@example.com`, club: 'BCB', sex: 'M', birthday: '2000-01-02', country: 'sk', ...extra });

  async function newRace(options: Parameters<typeof raceBody>[0] = {}, eventBody: Record<string, unknown> = {}, open = true) {
    const created = await createEvent(api, admin.token, organizationId, eventBody, [raceBody(options)]);
    const race = created.races[0];
    if (!race) throw new Error('no race');
    if (open) await openRegistration(api, admin.token, race.id);
    return { event: created, race };
  }

  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
    admin = await api.user('admin@example.com', adult);
    racer = await api.user('racer@example.com', { birthday: '1999-07-08', sex: 'M', club: 'Skalolezci', address: { city: 'Košice', country: 'SK' } });
    organizationId = (await api.organization(admin.token)).id;
    event = await createEvent(api, admin.token, organizationId, { displayName: 'Short Cup' }, [raceBody({ groups: 2 })]);
    const race = event.races[0];
    if (!race) throw new Error('no race');
    raceId = race.id;
    [groupA, groupB] = race.qualificationGroups.map((group) => group.id) as [number, number];
    await openRegistration(api, admin.token, raceId);
  });
  afterAll(() => harness.close());

  describe('the calls of spec 7', () => {
    let registrationId: number;
    let unregisteredId: number;

    it('POST /api/race-registration/{raceId}/user registers the logged-in racer', async () => {
      const response = await api.call('POST', `/api/race-registration/${raceId}/user`, { token: racer.token, payload: { userId: racer.id, qualificationGroupId: groupA } });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({ raceId, state: null, racerNumber: 1, qualificationGroupId: groupA, qualificationGroupName: 'A', user: { id: racer.id, sex: 'M', birthYear: 1999, country: 'SVK', club: 'Skalolezci' } });
      registrationId = body.id;
    });

    it('POST /api/race-registration/{raceId}/register-unregistered-user/ registers a visitor once (trailing slash as in the spec)', async () => {
      const response = await api.call('POST', `/api/race-registration/${raceId}/register-unregistered-user/`, { payload: visitor({ qualificationGroupId: groupB }) });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({ user: null, racerNumber: 2, qualificationGroupId: groupB, unregisteredUser: { name: 'Ján', surname: 'Šťastný', country: 'SVK', birthYear: 2000 } });
      unregisteredId = body.id;
    });

    it('POST /api/race-registration/{raceId}/register-member lets an admin register a member', async () => {
      const member = await api.user('member@example.com', { birthday: '2001-01-01', sex: 'M' });
      await api.join(organizationId, admin.token, member);
      const response = await api.call('POST', `/api/race-registration/${raceId}/register-member`, { token: admin.token, payload: { userId: member.id, qualificationGroupId: groupB } });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ user: { id: member.id }, qualificationGroupId: groupB });
    });

    it('GET /api/race-registration/{id} answers the racer and the admin, not others', async () => {
      expect((await api.call('GET', `/api/race-registration/${registrationId}`, { token: racer.token })).json()).toMatchObject({ id: registrationId, race: { id: raceId, eventId: event.id } });
      expect((await api.call('GET', `/api/race-registration/${registrationId}`, { token: admin.token })).statusCode).toBe(200);
      const other = await api.user('other@example.com', adult);
      expect(errorCode(await api.call('GET', `/api/race-registration/${registrationId}`, { token: other.token }))).toBe('REGISTRATION_NOT_FOUND');
    });

    it('GET /api/race-registration/race/{raceId} lists the race, hiding private details from the public', async () => {
      const publicList = (await api.call('GET', `/api/race-registration/race/${raceId}`)).json();
      expect(publicList).toHaveLength(3);
      const publicVisitor = publicList.find((row: { id: number }) => row.id === unregisteredId);
      expect(publicVisitor.unregisteredUser).toMatchObject({ birthday: null, email: null, birthYear: 2000 });
      const adminList = (await api.call('GET', `/api/race-registration/race/${raceId}`, { token: admin.token })).json();
      expect(adminList.find((row: { id: number }) => row.id === unregisteredId).unregisteredUser.birthday).toBe('2000-01-02');
    });

    it('GET /api/race-registration/user/{userId} lists a user\'s registrations', async () => {
      const response = await api.call('GET', `/api/race-registration/user/${racer.id}`, { token: racer.token });
      expect(response.statusCode).toBe(200);
      expect(response.json().map((row: { id: number }) => row.id)).toEqual([registrationId]);
      // The event by its full and its short name: the board shows the short one where there is one.
      expect(response.json()[0].race).toMatchObject({ eventId: event.id, eventName: 'Cup', eventDisplayName: 'Short Cup' });
      const stranger = await api.user('stranger@example.com', adult);
      expect(errorCode(await api.call('GET', `/api/race-registration/user/${racer.id}`, { token: stranger.token }))).toBe('NO_RIGHTS');
    });

    it('PUT /api/race-registration/{id}/group moves a registration (no response body)', async () => {
      const response = await api.call('PUT', `/api/race-registration/${registrationId}/group`, { token: admin.token, payload: { qualificationGroupId: groupB } });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await api.call('GET', `/api/race-registration/${registrationId}`, { token: admin.token })).json().qualificationGroupId).toBe(groupB);
      expect(errorCode(await api.call('PUT', `/api/race-registration/${registrationId}/group`, { token: racer.token, payload: { qualificationGroupId: groupA } }))).toBe('REGISTRATION_NOT_FOUND');
    });

    it('PUT /api/race-registration/{id}/{state} confirms participation (PRESENT) and withdraws it (NOT_PRESENT)', async () => {
      // The race starts in 20 days: outside the default two-day self check-in window (issue 10).
      expect(errorCode(await api.call('PUT', `/api/race-registration/${registrationId}/PRESENT`, { token: racer.token }))).toBe('SELF_CHECK_IN_NOT_OPEN');
      expect((await api.call('PUT', `/api/race/${raceId}`, { token: admin.token, payload: { selfCheckInDays: 30 } })).statusCode).toBe(200);
      const present = await api.call('PUT', `/api/race-registration/${registrationId}/PRESENT`, { token: racer.token });
      expect(present.statusCode).toBe(200);
      expect(present.json().state).toBe('PRESENT');
      expect((await api.call('PUT', `/api/race-registration/${registrationId}/NOT_PRESENT`, { token: admin.token })).json().state).toBe('NOT_PRESENT');
      expect((await api.call('PUT', `/api/race-registration/${registrationId}/MAYBE`, { token: admin.token })).statusCode).toBe(400);
    });

    it('PUT /api/race-registration/{id} edits the racer number and the one-time person', async () => {
      const response = await api.call('PUT', `/api/race-registration/${unregisteredId}`, { token: admin.token, payload: { racerNumber: 77, unregisteredUser: { club: 'Nový klub', country: 'CZE' } } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ racerNumber: 77, unregisteredUser: { club: 'Nový klub', country: 'CZE' } });
    });

    it('POST /api/race-registration/race/{raceId}/regenerate-racer-numbers numbers from the offset and returns the registrations', async () => {
      const response = await api.call('POST', `/api/race-registration/race/${raceId}/regenerate-racer-numbers`, { token: admin.token, payload: { offset: 100 } });
      expect(response.statusCode).toBe(200);
      const numbers = response.json().map((row: { racerNumber: number }) => row.racerNumber).sort();
      expect(numbers).toEqual([100, 101, 102]);
      const next = await api.call('POST', `/api/race-registration/${raceId}/register-unregistered-user/`, { payload: visitor() });
      expect(next.json().racerNumber).toBe(103);
    });

    it('DELETE /api/race-registration/{id} removes the own registration', async () => {
      expect((await api.call('DELETE', `/api/race-registration/${registrationId}`, { token: racer.token })).statusCode).toBe(204);
      expect((await api.call('GET', `/api/race-registration/${registrationId}`, { token: admin.token })).statusCode).toBe(404);
    });
  });

  describe('the rules, each with its error code', () => {
    const register = (id: number, token: string, userId: number, groupId?: number) =>
      api.call('POST', `/api/race-registration/${id}/user`, { token, payload: { userId, ...(groupId ? { qualificationGroupId: groupId } : {}) } });

    it('a racer who fits no age category: NO_FITTING_AGE_CATEGORY (with the season start month)', async () => {
      const juniors = (await api.call('POST', `/api/organization/${organizationId}/age-category`, { token: admin.token, payload: { name: 'U18', fromAge: 14, toAge: 17 } })).json();
      await api.call('PUT', `/api/organization/${organizationId}`, { token: admin.token, payload: { seasonStartMonth: 1 } });
      const { race } = await newRace({ ageCategories: [juniors.id] });
      const senior = await api.user('senior@example.com', { birthday: '1980-01-01', sex: 'M' });
      const refused = await register(race.id, senior.token, senior.id);
      expect(errorCode(refused)).toBe('NO_FITTING_AGE_CATEGORY');
      // The message says the age and the ages the race takes (a desk saw no hint of either).
      const raceYear = Number(day(20).slice(0, 4));
      expect(refused.json().error.message).toBe(
        `The racer does not fit any age category of this race. Age in this race: ${raceYear - 1980}. The race's age categories: U18 14–17.`,
      );
      const refusedSk = await api.call('POST', `/api/race-registration/${race.id}/user`, { token: senior.token, payload: { userId: senior.id }, headers: { 'accept-language': 'sk' } });
      expect(refusedSk.json().error.message).toBe(
        `Pretekár nespadá do žiadnej vekovej kategórie týchto pretekov. Vek v týchto pretekoch: ${raceYear - 1980}. Vekové kategórie pretekov: U18 14–17.`,
      );
      const junior = await api.user('junior@example.com', { birthday: `${raceYear - 16}-06-01`, sex: 'F' });
      expect((await register(race.id, junior.token, junior.id)).statusCode).toBe(201);
      // A season starting in the race's month counts the race in the next year: 17 becomes 18.
      const seventeen = await api.user('seventeen@example.com', { birthday: `${raceYear - 17}-06-01`, sex: 'F' });
      await api.call('PUT', `/api/organization/${organizationId}`, { token: admin.token, payload: { seasonStartMonth: Number(day(20).slice(5, 7)) === 1 ? 1 : Number(day(20).slice(5, 7)) } });
      const shifted = await register(race.id, seventeen.token, seventeen.id);
      if (Number(day(20).slice(5, 7)) === 1) expect(shifted.statusCode).toBe(201);
      else expect(errorCode(shifted)).toBe('NO_FITTING_AGE_CATEGORY');
      await api.call('PUT', `/api/organization/${organizationId}`, { token: admin.token, payload: { seasonStartMonth: null } });
    });

    it('a race with no age categories accepts racers of every age', async () => {
      const { race } = await newRace();
      const old = await api.user('old@example.com', { birthday: '1930-01-01', sex: 'M' });
      expect((await register(race.id, old.token, old.id)).statusCode).toBe(201);
    });

    it('gender fit: RACE_ONLY_FOR_WOMEN and RACE_ONLY_FOR_MEN', async () => {
      const women = (await newRace({ raceGender: 'WOMEN' })).race;
      const men = (await newRace({ raceGender: 'MEN' })).race;
      expect(errorCode(await register(women.id, racer.token, racer.id))).toBe('RACE_ONLY_FOR_WOMEN');
      const woman = await api.user('woman@example.com', { birthday: '1998-01-01', sex: 'F' });
      expect(errorCode(await register(men.id, woman.token, woman.id))).toBe('RACE_ONLY_FOR_MEN');
      expect(errorCode(await api.call('POST', `/api/race-registration/${men.id}/register-unregistered-user/`, { payload: visitor({ sex: 'F' }) }))).toBe('RACE_ONLY_FOR_MEN');
    });

    it('a profile without sex: RACER_PROFILE_INCOMPLETE', async () => {
      const unknown = await api.user('nosex@example.com', { birthday: '1990-01-01' });
      expect(errorCode(await register(raceId, unknown.token, unknown.id))).toBe('RACER_PROFILE_INCOMPLETE');
    });

    it('an incomplete profile: one field per refusal, the sex first, the race gender before the birthday, the birthday only with age categories', async () => {
      const category = (await api.call('POST', `/api/organization/${organizationId}/age-category`, { token: admin.token, payload: { name: 'Open 10+', fromAge: 10, toAge: null } })).json();
      const withCategories = (await newRace({ ageCategories: [category.id] })).race;
      const womenWithCategories = (await newRace({ raceGender: 'WOMEN', ageCategories: [category.id] })).race;
      const withoutCategories = (await newRace()).race;
      const refusal = (response: Awaited<ReturnType<typeof register>>) => ({ status: response.statusCode, code: errorCode(response), fields: response.json().error.fields });
      const incomplete = (field: string) => ({ status: 400, code: 'RACER_PROFILE_INCOMPLETE', fields: { [field]: 'validation.required' } });

      const blank = await api.user('blank@example.com');
      expect(refusal(await register(withCategories.id, blank.token, blank.id))).toEqual(incomplete('sex'));
      expect(refusal(await register(withoutCategories.id, blank.token, blank.id))).toEqual(incomplete('sex'));

      const noBirthday = await api.user('nobirthday@example.com', { sex: 'M' });
      expect(refusal(await register(withCategories.id, noBirthday.token, noBirthday.id))).toEqual(incomplete('birthday'));
      expect(errorCode(await register(womenWithCategories.id, noBirthday.token, noBirthday.id))).toBe('RACE_ONLY_FOR_WOMEN');
      expect((await register(withoutCategories.id, noBirthday.token, noBirthday.id)).statusCode).toBe(201);

      // The organiser registering a member meets the same refusal.
      await api.join(organizationId, admin.token, noBirthday);
      const byAdmin = await api.call('POST', `/api/race-registration/${withCategories.id}/register-member`, { token: admin.token, payload: { userId: noBirthday.id } });
      expect(refusal(byAdmin)).toEqual(incomplete('birthday'));
    });

    it('a deactivated account: ACCOUNT_DEACTIVATED; a deleted one: ACCOUNT_DELETED', async () => {
      const sleepy = await api.user('sleepy@example.com', adult);
      await api.join(organizationId, admin.token, sleepy);
      // Deactivating an account is the owner's (or the super admin's) call, never an organization's.
      expect((await api.call('POST', `/api/user/deactivate/${sleepy.id}`, { token: sleepy.token })).statusCode).toBeLessThan(300);
      expect(errorCode(await api.call('POST', `/api/race-registration/${raceId}/register-member`, { token: admin.token, payload: { userId: sleepy.id } }))).toBe('ACCOUNT_DEACTIVATED');
      // The deactivated racer's own token stops working at once.
      expect((await register(raceId, sleepy.token, sleepy.id)).statusCode).toBe(401);
      const gone = await api.user('gone@example.com', adult);
      await api.join(organizationId, admin.token, gone);
      expect((await api.call('DELETE', `/api/user/${gone.id}`, { token: gone.token })).statusCode).toBeLessThan(300);
      expect(errorCode(await api.call('POST', `/api/race-registration/${raceId}/register-member`, { token: admin.token, payload: { userId: gone.id } }))).toBe('ACCOUNT_DELETED');
    });

    it('registration not open yet, closed by state, and the period finished (both dates included)', async () => {
      const hidden = (await newRace({}, {}, false)).race;
      expect(errorCode(await register(hidden.id, racer.token, racer.id))).toBe('RACE_NOT_FOUND');
      await api.call('PUT', `/api/race/${hidden.id}/state`, { token: admin.token, payload: { state: 'UPCOMING' } });
      expect(errorCode(await register(hidden.id, racer.token, racer.id))).toBe('RACE_REGISTRATION_NOT_OPENED');
      const future = (await newRace({ opening: day(1), closing: day(5) })).race;
      expect(errorCode(await register(future.id, racer.token, racer.id))).toBe('RACE_REGISTRATION_NOT_OPENED');
      const finished = (await newRace({ opening: day(-10), closing: day(-1) })).race;
      expect(errorCode(await register(finished.id, racer.token, racer.id))).toBe('RACE_REGISTRATION_PERIOD_FINISHED');
      const firstDay = (await newRace({ opening: day(0), closing: day(3) })).race;
      expect((await register(firstDay.id, racer.token, racer.id)).statusCode).toBe(201);
      const lastDay = (await newRace({ opening: day(-3), closing: day(0) })).race;
      expect((await register(lastDay.id, racer.token, racer.id)).statusCode).toBe(201);
      const closed = (await newRace()).race;
      await api.call('PUT', `/api/race/${closed.id}/state`, { token: admin.token, payload: { state: 'QUALIFICATION' } });
      expect(errorCode(await register(closed.id, racer.token, racer.id))).toBe('RACE_REGISTRATION_CLOSED');
    });

    it('online registration off: ONLINE_REGISTRATION_DISABLED (an admin still registers members)', async () => {
      const { race } = await newRace({}, { onlineRegistration: false });
      expect(errorCode(await register(race.id, racer.token, racer.id))).toBe('ONLINE_REGISTRATION_DISABLED');
      expect((await api.call('POST', `/api/race-registration/${race.id}/register-member`, { token: admin.token, payload: { userId: admin.id } })).statusCode).toBe(201);
    });

    it('already registered: ALREADY_REGISTERED; the same e-mail twice: RACER_EMAIL_ALREADY_REGISTERED', async () => {
      const { race } = await newRace();
      expect((await register(race.id, racer.token, racer.id)).statusCode).toBe(201);
      expect(errorCode(await register(race.id, racer.token, racer.id))).toBe('ALREADY_REGISTERED');
      const body = visitor({ email: 'twice@example.com' });
      expect((await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, { payload: body })).statusCode).toBe(201);
      expect(errorCode(await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, { payload: { ...body, email: 'TWICE@example.com' } }))).toBe('RACER_EMAIL_ALREADY_REGISTERED');
    });

    it('a racer number already taken: RACER_NUMBER_EXISTS', async () => {
      const { race } = await newRace();
      const first = (await register(race.id, racer.token, racer.id)).json();
      const second = (await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, { payload: visitor() })).json();
      expect(errorCode(await api.call('PUT', `/api/race-registration/${second.id}`, { token: admin.token, payload: { racerNumber: first.racerNumber } }))).toBe('RACER_NUMBER_EXISTS');
    });

    it('a group of another race, or one already in qualification: QUALIFICATION_GROUP_NOT_VALID', async () => {
      const { race } = await newRace();
      expect(errorCode(await register(race.id, racer.token, racer.id, groupA))).toBe('QUALIFICATION_GROUP_NOT_VALID');
      const group = race.qualificationGroups[0]?.id ?? 0;
      await api.call('PUT', `/api/qualification-group/${group}/state`, { token: admin.token, payload: { state: 'READY_FOR_QUALIFICATION' } });
      expect(errorCode(await register(race.id, racer.token, racer.id, group))).toBe('QUALIFICATION_GROUP_NOT_VALID');
    });

    it("moving a racer into a group for the other sex: QUALIFICATION_GROUP_NOT_VALID, with what a group must be; into one that fits: moved", async () => {
      const { race } = await newRace({ extra: { qualificationGroups: [{ gender: 'WOMEN' }, { gender: 'MEN' }] } });
      const [women, men] = race.qualificationGroups.map((group) => group.id) as [number, number];
      const registered = await register(race.id, racer.token, racer.id, men);
      expect(registered.statusCode).toBe(201);
      const id = registered.json().id as number;
      const refused = await api.call('PUT', `/api/race-registration/${id}/group`, { token: admin.token, payload: { qualificationGroupId: women } });
      expect(refused.statusCode).toBe(400);
      expect(errorCode(refused)).toBe('QUALIFICATION_GROUP_NOT_VALID');
      expect(refused.json().error.message).toContain("for the racer's sex");
      const listed = (await api.call('GET', `/api/race-registration/race/${race.id}`, { token: admin.token })).json() as { id: number; qualificationGroupId: number }[];
      expect(listed.find((row) => row.id === id)?.qualificationGroupId).toBe(men);
      // A one-time registration's sex counts the same.
      const visitorId = (await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, { payload: visitor({ sex: 'F', qualificationGroupId: women }) })).json().id as number;
      expect(errorCode(await api.call('PUT', `/api/race-registration/${visitorId}/group`, { token: admin.token, payload: { qualificationGroupId: men } }))).toBe('QUALIFICATION_GROUP_NOT_VALID');
      expect((await api.call('PUT', `/api/race-registration/${visitorId}/group`, { token: admin.token, payload: { qualificationGroupId: women } })).statusCode).toBeLessThan(300);
    });

    it("correcting a one-time racer's sex: the race must take it; a group for the other sex is left for one that does; a group already climbing refuses it (SEX_DOES_NOT_FIT_GROUP)", async () => {
      const { race } = await newRace({ extra: { qualificationGroups: [{ gender: 'WOMEN' }, { gender: 'MEN' }] } });
      const [women, men] = race.qualificationGroups.map((group) => group.id) as [number, number];
      const misTapped = (await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, { payload: visitor({ sex: 'F', qualificationGroupId: women }) })).json().id as number;
      const corrected = await api.call('PUT', `/api/race-registration/${misTapped}`, { token: admin.token, payload: { unregisteredUser: { sex: 'M' } } });
      expect(corrected.statusCode).toBe(200);
      expect(corrected.json()).toMatchObject({ qualificationGroupId: men, unregisteredUser: { sex: 'M' } });

      const menOnly = (await newRace({ raceGender: 'MEN' })).race;
      const man = (await api.call('POST', `/api/race-registration/${menOnly.id}/register-unregistered-user/`, { payload: visitor() })).json().id as number;
      expect(errorCode(await api.call('PUT', `/api/race-registration/${man}`, { token: admin.token, payload: { unregisteredUser: { sex: 'F' } } }))).toBe('RACE_ONLY_FOR_MEN');

      const woman = (await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, { payload: visitor({ sex: 'F', qualificationGroupId: women }) })).json().id as number;
      expect((await api.call('PUT', `/api/qualification-group/${women}/state`, { token: admin.token, payload: { state: 'QUALIFICATION' } })).statusCode).toBe(200);
      const refused = await api.call('PUT', `/api/race-registration/${woman}`, { token: admin.token, payload: { unregisteredUser: { sex: 'M' } } });
      expect(refused.statusCode).toBe(409);
      expect(errorCode(refused)).toBe('SEX_DOES_NOT_FIT_GROUP');
      expect(refused.json().error.message).toContain('Reopen the group first');
      const kept = (await api.call('GET', `/api/race-registration/race/${race.id}`, { token: admin.token })).json() as { id: number; qualificationGroupId: number; unregisteredUser: { sex: string } }[];
      expect(kept.find((row) => row.id === woman)).toMatchObject({ qualificationGroupId: women, unregisteredUser: { sex: 'F' } });
    });

    it('max racers reached: RACE_FULL', async () => {
      const { race } = await newRace({ maxRacersCount: 1 });
      expect((await register(race.id, racer.token, racer.id)).statusCode).toBe(201);
      expect(errorCode(await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, { payload: visitor() }))).toBe('RACE_FULL');
    });

    it('one-time registration where the event does not allow it: UNREGISTERED_REGISTRATION_NOT_ALLOWED', async () => {
      const { race } = await newRace({}, { allowedUnregisteredUsers: false });
      expect(errorCode(await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, { payload: visitor() }))).toBe('UNREGISTERED_REGISTRATION_NOT_ALLOWED');
    });

    it('register-member for somebody outside the organization: NOT_ORGANIZATION_MEMBER; a racer naming another user: NO_RIGHTS', async () => {
      const outsider = await api.user('outsider@example.com', adult);
      expect(errorCode(await api.call('POST', `/api/race-registration/${raceId}/register-member`, { token: admin.token, payload: { userId: outsider.id } }))).toBe('NOT_ORGANIZATION_MEMBER');
      expect(errorCode(await register(raceId, racer.token, outsider.id))).toBe('NO_RIGHTS');
      expect(errorCode(await api.call('POST', `/api/race-registration/${raceId}/register-member`, { token: racer.token, payload: { userId: racer.id } }))).toBe('NO_RIGHTS');
    });

    it('removal after the registration period: REGISTRATION_CANNOT_BE_REMOVED', async () => {
      const { race } = await newRace({ opening: day(-10), closing: day(0) });
      const registration = (await register(race.id, racer.token, racer.id)).json();
      await api.call('PUT', `/api/race/${race.id}`, { token: admin.token, payload: { openingRegistrationDate: day(-10), closingRegistrationDate: day(-1) } });
      expect(errorCode(await api.call('DELETE', `/api/race-registration/${registration.id}`, { token: racer.token }))).toBe('REGISTRATION_CANNOT_BE_REMOVED');
      expect(errorCode(await api.call('DELETE', `/api/race-registration/${registration.id}`, { token: admin.token }))).toBe('REGISTRATION_CANNOT_BE_REMOVED');
    });

    it('an unknown country code is refused; alpha-2 and alpha-3 are stored as alpha-3', async () => {
      const { race } = await newRace();
      expect((await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, { payload: visitor({ country: 'XX' }) })).statusCode).toBe(400);
      const alpha3 = await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, { payload: visitor({ country: 'aut' }) });
      expect(alpha3.json().unregisteredUser.country).toBe('AUT');
    });

    it('a one-time registration needs a birthday or a birth year, and valid fields', async () => {
      const { race } = await newRace();
      const { birthday: _birthday, ...withoutBirthday } = visitor();
      expect(errorCode(await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, { payload: withoutBirthday }))).toBe('VALIDATION_FAILED');
      expect((await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, { payload: { ...withoutBirthday, birthYear: 1990 } })).statusCode).toBe(201);
      expect(errorCode(await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, { payload: visitor({ sex: 'X' }) }))).toBe('VALIDATION_FAILED');
    });

    it('without a group wish the emptiest open group is taken', async () => {
      const { race } = await newRace({ groups: 2 });
      const first = (await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, { payload: visitor() })).json();
      const second = (await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, { payload: visitor() })).json();
      expect(new Set([first.qualificationGroupName, second.qualificationGroupName])).toEqual(new Set(['A', 'B']));
    });
  });
});
