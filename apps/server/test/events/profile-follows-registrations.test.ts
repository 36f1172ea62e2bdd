import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../support/accounts.ts';
import { createEvent, day, openRegistration, raceBody } from '../support/events.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A racer who registered with a wrong birth date corrects it on the profile: registrations whose
 * roster may still change take the category of the corrected age (in the profile's transaction);
 * one already in the qualification keeps its category, and the answer names it.
 */
describe('a corrected birth date or sex reaches the registrations (PUT /api/user)', () => {
  let harness: TestApp;
  let api: Client;
  let admin: { id: number; token: string };
  let organizationId: number;
  let u16: { id: number; name: string };
  let adults: { id: number; name: string };
  const raceYear = Number(day(20).slice(0, 4));
  const profile = (extra: Record<string, unknown>) => ({ name: 'Test', surname: 'Racer', phoneNumber: null, club: null, language: 'SK', ...extra });

  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
    admin = await api.user('follow-admin@example.com', { birthday: '1990-01-01', sex: 'M' });
    organizationId = (await api.organization(admin.token, 'Follow Club')).id;
    u16 = (await api.call('POST', `/api/organization/${organizationId}/age-category`, { token: admin.token, payload: { name: 'U16', fromAge: 14, toAge: 15 } })).json();
    adults = (await api.call('POST', `/api/organization/${organizationId}/age-category`, { token: admin.token, payload: { name: 'Dospelí', fromAge: 18, toAge: null } })).json();
  });
  afterAll(() => harness.close());

  async function raceWithCategories(name: string) {
    const event = await createEvent(api, admin.token, organizationId, { name }, [raceBody({ name, ageCategories: [u16.id, adults.id] })]);
    const race = event.races[0]!;
    await openRegistration(api, admin.token, race.id);
    return race.id;
  }
  const groupOf = async (raceId: number): Promise<number> => (await api.call('GET', `/api/race/${raceId}`, { token: admin.token })).json().qualificationGroups[0].id;

  const register = async (raceId: number, racer: { id: number; token: string }): Promise<number> => {
    const response = await api.call('POST', `/api/race-registration/${raceId}/user`, { token: racer.token, payload: { userId: racer.id } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  };
  const categoryOf = async (registrationId: number) => (await api.call('GET', `/api/race-registration/${registrationId}`, { token: admin.token })).json().ageCategory?.name ?? null;

  it('an open registration takes the category of the corrected age; one in the qualification keeps its own and is named', async () => {
    const racer = await api.user('wrong-birthday@example.com', { birthday: '1990-05-05', sex: 'F' });
    const openRace = await raceWithCategories('Open Boulder');
    const startedRace = await raceWithCategories('Started Boulder');
    const open = await register(openRace, racer);
    const started = await register(startedRace, racer);
    expect(await categoryOf(open)).toBe('Dospelí');
    // The second race and its group moved to the qualification: its racers have their snapshots.
    const moved = await api.call('PUT', `/api/race/${startedRace}/state`, { token: admin.token, payload: { state: 'QUALIFICATION' } });
    expect(moved.statusCode, moved.body).toBe(200);
    const group = await api.call('PUT', `/api/qualification-group/${await groupOf(startedRace)}/state`, { token: admin.token, payload: { state: 'QUALIFICATION' } });
    expect(group.statusCode, group.body).toBe(200);

    const saved = await api.call('PUT', '/api/user', { token: racer.token, payload: profile({ birthday: `${raceYear - 15}-05-05`, sex: 'F' }) });
    expect(saved.statusCode, saved.body).toBe(200);

    expect(await categoryOf(open)).toBe('U16');
    expect(await categoryOf(started)).toBe('Dospelí');
    const startingList = (await api.call('GET', `/api/race-registration/race/${startedRace}`, { token: admin.token })).json();
    expect(startingList.find((row: { id: number }) => row.id === started).ageCategory.name).toBe('Dospelí');
    expect(saved.json().registrationsToCheck).toEqual([
      { registrationId: started, raceId: startedRace, raceName: 'Started Boulder', eventId: expect.any(Number), eventName: 'Started Boulder', ageCategoryName: 'Dospelí', reason: 'KEPT' },
    ]);
    // The starting list of the open race shows the racer in U16 as well.
    const listed = (await api.call('GET', `/api/race-registration/race/${openRace}`, { token: admin.token })).json();
    expect(listed.find((row: { id: number }) => row.id === open).ageCategory.name).toBe('U16');
  });

  it('a profile saved without a new birth date or sex names nothing and changes no category', async () => {
    const racer = await api.user('same-birthday@example.com', { birthday: `${raceYear - 14}-01-01`, sex: 'M' });
    const raceId = await raceWithCategories('Calm Boulder');
    const registration = await register(raceId, racer);
    const saved = await api.call('PUT', '/api/user', { token: racer.token, payload: profile({ birthday: `${raceYear - 14}-01-01`, sex: 'M', club: 'New Club' }) });
    expect(saved.json().registrationsToCheck).toEqual([]);
    expect(await categoryOf(registration)).toBe('U16');
  });

  it('a birth date that fits no category of the race any more, or a sex the race is not for, is named as no longer fitting', async () => {
    const racer = await api.user('no-fit@example.com', { birthday: '1991-02-02', sex: 'M' });
    const event = await createEvent(api, admin.token, organizationId, { name: 'Men Only' }, [raceBody({ name: 'Men', raceGender: 'MEN', ageCategories: [u16.id, adults.id] })]);
    const raceId = event.races[0]!.id;
    await openRegistration(api, admin.token, raceId);
    const registration = await register(raceId, racer);
    const saved = await api.call('PUT', '/api/user', { token: racer.token, payload: profile({ birthday: `${raceYear - 16}-02-02`, sex: 'F' }) });
    expect(saved.json().registrationsToCheck).toEqual([expect.objectContaining({ registrationId: registration, raceName: 'Men', ageCategoryName: null, reason: 'NO_LONGER_FITS' })]);
    expect(await categoryOf(registration)).toBeNull();
  });
});
