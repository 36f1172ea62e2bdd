import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { races } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { createEvent, day, exampleEvent, openRegistration, raceBody } from '../support/events.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const PDF = Buffer.from('%PDF-1.4\n%test\n');

function multipart(files: { name: string; content: Buffer }[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = 'boundary123';
  const parts = files.map((file) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="multipartFile"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.content, Buffer.from('\r\n')]),
  );
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('events and races', () => {
  let harness: TestApp;
  let api: Client;
  let admin: { id: number; token: string };
  let organizationId: number;

  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
    admin = await api.user('admin@example.com', { birthday: '1990-01-01', sex: 'M' });
    organizationId = (await api.organization(admin.token)).id;
  });
  afterAll(() => harness.close());

  it('accepts the documented example body as it is; the answer and GET /api/race/{id} carry races and groups with ids', async () => {
    const response = await api.call('POST', '/api/event', { token: admin.token, payload: exampleEvent(organizationId) });
    expect(response.statusCode).toBe(201);
    const event = response.json();
    expect(event).toMatchObject({ id: expect.any(Number), name: 'Winter Boulder Cup', isPublic: true, isHidden: true, onlineRegistration: true, allowedUnregisteredUsers: true, sendUpdateInfo: true });
    const [race] = event.races;
    expect(race).toMatchObject({ id: expect.any(Number), state: 'HIDDEN', discipline: 'BOULDERING', raceGender: 'MEN', raceFormat: 'QUALIFICATION_FINAL', maxRacersCount: 0, seasonYear: 2026 });
    expect(race.bouldering).toMatchObject({ numberOfQualificationBoulders: 4, numberOfFinalBoulders: 4, numberOfFinalRacers: 8, scoringType: 'IFSC_POINTS', raceFormat: 'QUALIFICATION_FINAL' });
    expect(race.qualificationGroups).toEqual([expect.objectContaining({ id: expect.any(Number), name: 'A', state: 'OPEN_REGISTRATION' })]);
    const fetched = await api.call('GET', `/api/race/${race.id}`, { token: admin.token });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toMatchObject({ id: race.id, eventId: event.id, qualificationGroups: [{ id: race.qualificationGroups[0].id, name: 'A' }] });
  });

  it('documents the example bodies in OpenAPI', async () => {
    const docs = (await api.call('GET', '/api/docs/json')).json();
    const body = docs.paths['/api/event'].post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(body)).toContain('Winter Boulder Cup');
    for (const path of ['/api/race/{id}/state', '/api/qualification-group/{id}/state', '/api/race-registration/{raceId}/register-unregistered-user/', '/api/race-registration/{raceId}/user', '/api/country']) {
      expect(Object.keys(docs.paths)).toContain(path);
    }
  });

  it('refuses an event without races (EVENT_NEEDS_RACE) and dates in the wrong order', async () => {
    expect(errorCode(await api.call('POST', '/api/event', { token: admin.token, payload: { ...exampleEvent(organizationId), races: [] } }))).toBe('EVENT_NEEDS_RACE');
    expect(errorCode(await api.call('POST', '/api/event', { token: admin.token, payload: { ...exampleEvent(organizationId), closingDate: '2026-12-01' } }))).toBe('VALIDATION_FAILED');
    const stranger = await api.user('stranger@example.com');
    expect(errorCode(await api.call('POST', '/api/event', { token: stranger.token, payload: exampleEvent(organizationId) }))).toBe('NO_RIGHTS');
  });

  it('applies the public/unregistered rules of spec 4 and refuses to hide public access during online registration', async () => {
    const created = await api.call('POST', '/api/event', { token: admin.token, payload: { ...exampleEvent(organizationId), isPublic: false } });
    expect(created.json()).toMatchObject({ isPublic: false, allowedUnregisteredUsers: false });
    const event = created.json();
    const allowed = await api.call('PUT', `/api/event/${event.id}`, { token: admin.token, payload: { allowedUnregisteredUsers: true } });
    expect(allowed.json()).toMatchObject({ isPublic: true, allowedUnregisteredUsers: true });
    const race = event.races[0];
    await api.call('PUT', `/api/race/${race.id}/state`, { token: admin.token, payload: { state: 'UPCOMING' } });
    await api.call('PUT', `/api/race/${race.id}/state`, { token: admin.token, payload: { state: 'OPEN_REGISTRATION' } });
    expect(errorCode(await api.call('PUT', `/api/event/${event.id}`, { token: admin.token, payload: { isPublic: false } }))).toBe('ONLINE_REGISTRATION_IN_PROGRESS');
    const fetched = (await api.call('GET', `/api/event/${event.id}`)).json();
    expect(fetched.isHidden).toBe(false);
  });

  it('shows hidden events to admins only and internal events to members only', async () => {
    const hidden = await createEvent(api, admin.token, organizationId, { isHidden: true });
    const internal = await createEvent(api, admin.token, organizationId, { isPublic: false });
    const member = await api.user('member@example.com');
    await api.join(organizationId, admin.token, member);
    expect(errorCode(await api.call('GET', `/api/event/${hidden.id}`))).toBe('EVENT_NOT_FOUND');
    expect(errorCode(await api.call('GET', `/api/event/${hidden.id}`, { token: member.token }))).toBe('EVENT_NOT_FOUND');
    expect((await api.call('GET', `/api/event/${hidden.id}`, { token: admin.token })).statusCode).toBe(200);
    expect(errorCode(await api.call('GET', `/api/event/${internal.id}`))).toBe('EVENT_NOT_FOUND');
    expect((await api.call('GET', `/api/event/${internal.id}`, { token: member.token })).statusCode).toBe(200);
    const publicIds = (await api.call('GET', '/api/event')).json().map((row: { id: number }) => row.id);
    expect(publicIds).not.toContain(hidden.id);
    expect(publicIds).not.toContain(internal.id);
    const memberIds = (await api.call('GET', '/api/event', { token: member.token })).json().map((row: { id: number }) => row.id);
    expect(memberIds).toContain(internal.id);
    expect(memberIds).not.toContain(hidden.id);
    // Hidden races of a visible event are left out for visitors.
    expect((await api.call('GET', `/api/event/${internal.id}`, { token: member.token })).json().races).toEqual([]);
  });

  it('filters the list: actual (until closing date + 3 days), history, planned, open registration, text, organization, country, mine', async () => {
    const other = await api.user('other-admin@example.com');
    const otherOrg = (await api.organization(other.token, 'Vertical Praha')).id;
    const recent = await createEvent(api, admin.token, organizationId, { name: 'Recent Jam', startingDate: day(-3), closingDate: day(-3), address: { city: 'Žilina', country: 'SK' } }, [raceBody({ extra: { startingDate: day(-3), endDate: day(-3) } })]);
    const old = await createEvent(api, admin.token, organizationId, { name: 'Old Jam', startingDate: day(-4), closingDate: day(-4) }, [raceBody({ extra: { startingDate: day(-4), endDate: day(-4) } })]);
    const planned = await createEvent(api, other.token, otherOrg, { name: 'Prague Boulder', address: { city: 'Praha', country: 'CZE' } });
    await openRegistration(api, other.token, planned.races[0]?.id ?? 0);
    const ids = async (query: string, token?: string) => (await api.call('GET', `/api/event${query}`, { token })).json().map((row: { id: number }) => row.id);
    expect(await ids('?period=actual')).toEqual(expect.arrayContaining([recent.id, planned.id]));
    expect(await ids('?period=actual')).not.toContain(old.id);
    expect(await ids('?period=history')).toContain(old.id);
    expect(await ids('?period=history')).not.toContain(recent.id);
    expect(await ids('?period=planned')).toContain(planned.id);
    expect(await ids('?period=planned')).not.toContain(recent.id);
    expect(await ids('?period=open-registration')).toContain(planned.id);
    expect(await ids('?period=open-registration')).not.toContain(recent.id);
    expect(await ids('?q=prague')).toEqual([planned.id]);
    expect(await ids('?q=%25')).toEqual([]);
    expect(await ids(`?organizationId=${otherOrg}`)).toEqual([planned.id]);
    expect(await ids('?country=CZ')).toEqual([planned.id]);
    expect(await ids('?country=svk')).toEqual([recent.id]);
    expect((await api.call('GET', '/api/event?country=QQ')).statusCode).toBe(400);
    expect(await ids('?mine=true', other.token)).toEqual([planned.id]);
    const racer = await api.user('racer@example.com', { birthday: '1990-01-01', sex: 'M' });
    expect(await ids('?mine=true', racer.token)).toEqual([]);
    await api.call('POST', `/api/race-registration/${planned.races[0]?.id}/user`, { token: racer.token, payload: { userId: racer.id } });
    expect(await ids('?mine=true', racer.token)).toEqual([planned.id]);
    expect(errorCode(await api.call('GET', '/api/event?mine=true'))).toBe('MISSING_TOKEN');
    const summary = (await api.call('GET', '/api/event?period=actual')).json().find((row: { id: number }) => row.id === planned.id);
    expect(summary).toMatchObject({ name: 'Prague Boulder', city: 'Praha', country: 'CZE', organizationName: 'Vertical Praha', clubsEnabled: false, poster: null, attachments: [], onlineRegistration: true, allowedUnregisteredUsers: true });
    expect(summary.races[0]).toMatchObject({ state: 'OPEN_REGISTRATION', racersCount: 1 });
  });

  it('month=YYYY-MM keeps the events that take place in that month (a multi-day event in each month it touches)', async () => {
    const spanning = await createEvent(api, admin.token, organizationId, { name: 'Month Span', startingDate: '2031-01-30', closingDate: '2031-02-02' }, [raceBody({ extra: { startingDate: '2031-01-30', endDate: '2031-02-02' } })]);
    const march = await createEvent(api, admin.token, organizationId, { name: 'March Jam', startingDate: '2031-03-31', closingDate: '2031-03-31' }, [raceBody({ extra: { startingDate: '2031-03-31', endDate: '2031-03-31' } })]);
    const ids = async (month: string) => (await api.call('GET', `/api/event?month=${month}`, { token: admin.token })).json().map((row: { id: number }) => row.id);
    expect(await ids('2031-01')).toEqual([spanning.id]);
    expect(await ids('2031-02')).toEqual([spanning.id]);
    expect(await ids('2031-03')).toEqual([march.id]);
    expect(await ids('2031-04')).toEqual([]);
    const bad = await api.call('GET', '/api/event?month=2031-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ 'querystring.month': 'validation.invalidFormat' });
  });

  it('refuses deleting events with an ongoing (EVENT_ONGOING_OR_FINISHED) or finished race (EVENT_HAS_FINISHED_RACE)', async () => {
    const event = await createEvent(api, admin.token, organizationId);
    const raceId = event.races[0]?.id ?? 0;
    await openRegistration(api, admin.token, raceId);
    await api.call('PUT', `/api/race/${raceId}/state`, { token: admin.token, payload: { state: 'QUALIFICATION_ONGOING' } });
    expect(errorCode(await api.call('DELETE', `/api/event/${event.id}`, { token: admin.token }))).toBe('EVENT_ONGOING_OR_FINISHED');
    await harness.app.db.update(races).set({ state: 'FINISHED' }).where(eq(races.id, raceId));
    expect(errorCode(await api.call('DELETE', `/api/event/${event.id}`, { token: admin.token }))).toBe('EVENT_HAS_FINISHED_RACE');
    const removable = await createEvent(api, admin.token, organizationId);
    expect((await api.call('DELETE', `/api/event/${removable.id}`, { token: admin.token })).statusCode).toBe(204);
    expect((await api.call('GET', `/api/event/${removable.id}`, { token: admin.token })).statusCode).toBe(404);
  });

  it('creates, duplicates, edits and deletes races; discipline change resets the settings; lead and speed are supported', async () => {
    const event = await createEvent(api, admin.token, organizationId);
    const lead = await api.call('POST', '/api/race', { token: admin.token, payload: { eventId: event.id, ...raceBody({ name: 'Lead' }), discipline: 'LEAD', lead: { numberOfQualificationRoutes: 2 } } });
    expect(lead.statusCode).toBe(201);
    expect(lead.json()).toMatchObject({ discipline: 'LEAD', bouldering: null, speed: null, lead: { numberOfQualificationRoutes: 2 } });
    const speed = await api.call('POST', '/api/race', { token: admin.token, payload: { eventId: event.id, ...raceBody({ name: 'Speed' }), discipline: 'SPEED' } });
    expect(speed.json()).toMatchObject({ discipline: 'SPEED', speed: { type: 'WORLD_CUP', numberOfRoutes: 2 } });
    const switched = await api.call('PUT', `/api/race/${lead.json().id}`, { token: admin.token, payload: { discipline: 'BOULDERING' } });
    expect(switched.json()).toMatchObject({ discipline: 'BOULDERING', lead: null, bouldering: { numberOfQualificationBoulders: 5, scoringType: 'TOPS_ZONES' } });
    const groups = await api.call('PUT', `/api/race/${lead.json().id}`, { token: admin.token, payload: { qualificationGroups: [{ id: switched.json().qualificationGroups[0].id }, {}, { gender: 'WOMEN' }] } });
    expect(groups.json().qualificationGroups.map((group: { name: string; gender: string }) => `${group.name}:${group.gender}`)).toEqual(['A:MIXED', 'B:MIXED', 'C:WOMEN']);
    const copy = await api.call('POST', `/api/race/${lead.json().id}/duplicate`, { token: admin.token });
    expect(copy.statusCode).toBe(201);
    expect(copy.json().id).not.toBe(lead.json().id);
    expect(copy.json().qualificationGroups.map((group: { name: string }) => group.name)).toEqual(['A', 'B', 'C']);
    expect(copy.json().qualificationGroups.map((group: { id: number }) => group.id)).not.toContain(groups.json().qualificationGroups[0].id);
    expect(errorCode(await api.call('PUT', `/api/race/${copy.json().id}`, { token: admin.token, payload: { raceFormat: 'QUALIFICATION_SEMIFINAL_FINAL', bouldering: { numberOfSemifinalRacers: 4, numberOfFinalRacers: 8 } } }))).toBe('INVALID_ADVANCING_COUNT');
    expect(errorCode(await api.call('PUT', `/api/race/${copy.json().id}`, { token: admin.token, payload: { bouldering: { numberOfQualificationBoulders: 0 } } }))).toBe('INVALID_RACE_FORMAT_PARAMETERS');
    expect(errorCode(await api.call('PUT', `/api/race/${copy.json().id}`, { token: admin.token, payload: { ageCategories: [999999] } }))).toBe('AGE_CATEGORY_NOT_FOUND');
    expect((await api.call('DELETE', `/api/race/${copy.json().id}`, { token: admin.token })).statusCode).toBe(204);
    const single = await createEvent(api, admin.token, organizationId);
    expect(errorCode(await api.call('DELETE', `/api/race/${single.races[0]?.id}`, { token: admin.token }))).toBe('EVENT_NEEDS_RACE');
  });

  it('uses the organization global race settings as defaults', async () => {
    await api.call('PUT', `/api/organization/${organizationId}/race-settings`, { token: admin.token, payload: { raceGender: 'WOMEN', maxRacersCount: 40, bouldering: { numberOfQualificationBoulders: 6, scoringType: 'IFSC_POINTS' } } });
    const event = await createEvent(api, admin.token, organizationId, {}, [{ name: 'Defaults', startingDate: day(5), endDate: day(5) }]);
    const race = (await api.call('GET', `/api/race/${event.races[0]?.id}`, { token: admin.token })).json();
    expect(race).toMatchObject({ raceGender: 'WOMEN', maxRacersCount: 40, state: 'HIDDEN', bouldering: { numberOfQualificationBoulders: 6, scoringType: 'IFSC_POINTS' } });
    await api.call('PUT', `/api/organization/${organizationId}/race-settings`, { token: admin.token, payload: {} });
  });

  it('manages the poster (image, 5 MB) and attachments (images or PDF, 20 MB together)', async () => {
    const event = await createEvent(api, admin.token, organizationId);
    const poster = await api.call('POST', `/api/event/${event.id}/poster`, { token: admin.token, ...multipart([{ name: 'poster.png', content: PNG }]) });
    expect(poster.statusCode).toBe(200);
    expect(poster.json().poster).toEqual(expect.stringMatching(/^[0-9a-f]{32}$/));
    expect(errorCode(await api.call('POST', `/api/event/${event.id}/poster`, { token: admin.token, ...multipart([{ name: 'poster.pdf', content: PDF }]) }))).toBe('FILE_NOT_IMAGE');
    const attached = await api.call('POST', `/api/event/${event.id}/attachment`, { token: admin.token, ...multipart([{ name: 'rules.pdf', content: PDF }, { name: 'map.png', content: PNG }]) });
    expect(attached.statusCode).toBe(200);
    expect(attached.json().attachments.map((file: { type: string }) => file.type)).toEqual(['application/pdf', 'image/png']);
    expect(errorCode(await api.call('POST', `/api/event/${event.id}/attachment`, { token: admin.token, ...multipart([{ name: 'x.txt', content: Buffer.from('hello') }]) }))).toBe('FILE_TYPE_NOT_ALLOWED');
    const big = Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024)]);
    expect((await api.call('POST', `/api/event/${event.id}/attachment`, { token: admin.token, ...multipart([{ name: 'big.pdf', content: big }]) })).statusCode).toBe(200);
    expect((await api.call('POST', `/api/event/${event.id}/attachment`, { token: admin.token, ...multipart([{ name: 'big2.pdf', content: big }]) })).statusCode).toBe(413);
    const pdfId = attached.json().attachments[0].id;
    expect((await api.call('GET', `/api/file/pdf/${pdfId}`)).statusCode).toBe(200);
    const removed = await api.call('DELETE', `/api/event/${event.id}/attachment/${pdfId}`, { token: admin.token });
    expect(removed.json().attachments).toHaveLength(2);
    expect((await api.call('GET', `/api/file/pdf/${pdfId}`)).statusCode).toBe(404);
  });

  it('creates, lists and revokes judge accounts of an event (its admins only)', async () => {
    const event = await createEvent(api, admin.token, organizationId);
    const created = await api.call('POST', `/api/event/${event.id}/judge-account`, { token: admin.token });
    expect(created.statusCode).toBe(201);
    const account = created.json();
    expect(account).toMatchObject({ eventId: event.id, login: expect.stringMatching(/^judge-/), password: expect.any(String) });
    const judgeToken = await api.login(account.login, account.password);
    expect((await api.call('GET', `/api/event/${event.id}/judge-account`, { token: admin.token })).json()).toEqual([expect.objectContaining({ id: account.id, revoked: false })]);
    const stranger = await api.user('judge-stranger@example.com');
    expect(errorCode(await api.call('POST', `/api/event/${event.id}/judge-account`, { token: stranger.token }))).toBe('NO_RIGHTS');
    expect((await api.call('DELETE', `/api/event/${event.id}/judge-account/${account.id}`, { token: admin.token })).statusCode).toBe(204);
    expect((await api.call('GET', `/api/event/${event.id}`, { token: judgeToken })).statusCode).toBe(401);
    expect(errorCode(await api.call('DELETE', `/api/event/${event.id}/judge-account/${account.id}`, { token: admin.token }))).toBe('JUDGE_ACCOUNT_NOT_FOUND');
  });

  it('lists every ISO country with the spec\'s fourteen first', async () => {
    const countries = (await api.call('GET', '/api/country')).json();
    expect(countries).toHaveLength(249);
    expect(countries.slice(0, 14).map((country: { alpha3: string }) => country.alpha3)).toEqual(['SVK', 'AUT', 'BGR', 'CZE', 'FRA', 'DEU', 'HUN', 'ITA', 'POL', 'ROU', 'RUS', 'SVN', 'ESP', 'UKR']);
    expect(countries[0]).toEqual({ alpha2: 'SK', alpha3: 'SVK', name: 'Slovakia', primary: true });
  });
});
