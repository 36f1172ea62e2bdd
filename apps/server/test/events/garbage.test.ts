import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { client, type Client } from '../support/accounts.ts';
import { createEvent, openRegistration } from '../support/events.ts';
import { garbageBodies, rawErrorTexts } from '../support/garbage.ts';

/** Every route of the events issue; {e} event, {r} race, {g} group, {x} registration, {u} user, {id} anything. */
const ROUTES: [string, string][] = [
  ['GET', '/api/country'],
  ['GET', '/api/event'], ['POST', '/api/event'], ['GET', '/api/event/{e}'], ['PUT', '/api/event/{e}'], ['DELETE', '/api/event/{id}'],
  ['POST', '/api/event/{e}/poster'], ['DELETE', '/api/event/{e}/poster'], ['POST', '/api/event/{e}/attachment'], ['DELETE', '/api/event/{e}/attachment/{id}'],
  ['GET', '/api/event/{e}/judge-account'], ['POST', '/api/event/{e}/judge-account'], ['DELETE', '/api/event/{e}/judge-account/{id}'],
  ['POST', '/api/race'], ['GET', '/api/race/{r}'], ['PUT', '/api/race/{r}'], ['DELETE', '/api/race/{id}'], ['POST', '/api/race/{r}/duplicate'],
  ['PUT', '/api/race/{r}/state'], ['PUT', '/api/qualification-group/{g}/state'],
  ['GET', '/api/race/{r}/starting-list'], ['POST', '/api/race/{r}/starting-list'], ['GET', '/api/race/{r}/starting-list/csv'], ['GET', '/api/race/{r}/stage-starting-list'],
  ['PUT', '/api/race-registration/{x}/group'], ['POST', '/api/race-registration/{r}/register-unregistered-user/'], ['POST', '/api/race-registration/{r}/user'],
  ['POST', '/api/race-registration/{r}/register-member'], ['DELETE', '/api/race-registration/{id}'], ['GET', '/api/race-registration/{x}'],
  ['GET', '/api/race-registration/race/{r}'], ['GET', '/api/race-registration/user/{u}'], ['POST', '/api/race-registration/race/{r}/regenerate-racer-numbers'],
  ['GET', '/api/race-registration/race/{r}/csv'], ['PUT', '/api/race-registration/{x}'], ['PUT', '/api/race-registration/{x}/PRESENT'], ['PUT', '/api/race-registration/{x}/{id}'],
  ['PUT', '/api/race-registration/{x}/age-category'], ['POST', '/api/race/{r}/finish-on-qualification'],
  ['POST', '/api/qualification-group/{g}/check-in'], ['POST', '/api/race/{r}/check-in'],
];

const FIELDS = [
  'organizationId', 'eventId', 'name', 'displayName', 'description', 'startingDate', 'closingDate', 'endDate', 'isPublic', 'isHidden', 'onlineRegistration',
  'allowedUnregisteredUsers', 'races', 'raceGender', 'discipline', 'raceFormat', 'bouldering', 'lead', 'speed', 'openingRegistrationDate', 'closingRegistrationDate',
  'maxRacersCount', 'qualificationGroups', 'ageCategories', 'state', 'userId', 'qualificationGroupId', 'surname', 'email', 'club', 'sex', 'birthday', 'birthYear',
  'country', 'offset', 'racerNumber', 'unregisteredUser', 'address', 'startingNumberOrder', 'seasonYear', 'ageCategoryId', 'code', 'present',
];

const bodies = (): string[] =>
  garbageBodies(FIELDS, [
    JSON.stringify({ organizationId: 1, name: 'x', startingDate: '2026-02-30', closingDate: '2026-13-01', races: [{ name: 'r', startingDate: '2026-01-01', endDate: '2025-01-01', qualificationGroups: Array(500).fill({}) }] }),
  ]);

const ID_VARIANTS = ['0', '-1', '99999999999999999999', '1.5', "1'%20OR%20'1'='1", '%3Cscript%3E', 'abc'];
const QUERIES = ['', "?period=' OR 1=1 --&q=%25&organizationId=-1&country=%00&mine=yes", `?q=${'x'.repeat(5000)}&country=ZZZZ&limit=99999`, '?period=actual&mine=true&q=%3Cscript%3E'];

describe('garbage into every route of the events issue', () => {
  let harness: TestApp;
  let api: Client;
  let token: string;
  const real: Record<string, string> = {};

  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
    const admin = await api.user('admin@example.com', { birthday: '1990-01-01', sex: 'M' });
    token = admin.token;
    const organizationId = (await api.organization(token)).id;
    const event = await createEvent(api, token, organizationId);
    const race = event.races[0];
    if (!race) throw new Error('no race');
    await openRegistration(api, token, race.id);
    const registration = (await api.call('POST', `/api/race-registration/${race.id}/user`, { token, payload: { userId: admin.id } })).json();
    Object.assign(real, { e: String(event.id), r: String(race.id), g: String(race.qualificationGroups[0]?.id), x: String(registration.id), u: String(admin.id) });
  });
  afterAll(() => harness.close());

  it('answers bad bodies, ids, queries and content types with 4xx, never 5xx', async () => {
    const failures: string[] = [];
    const fill = (template: string, id: string) => template.replace(/\{(e|r|g|x|u|id)\}/g, (_, key: string) => (key === 'id' ? id : real[key] ?? id));
    for (const [method, template] of ROUTES) {
      const requests: { url: string; payload?: string; headers: Record<string, string> }[] = [];
      for (const id of ID_VARIANTS) for (const query of QUERIES.slice(0, 2)) requests.push({ url: template.replace(/\{(e|r|g|x|u|id)\}/g, id) + query, headers: {} });
      for (const query of QUERIES) requests.push({ url: fill(template, '1') + query, headers: {} });
      if (method !== 'GET' && method !== 'DELETE') {
        const url = fill(template, '1');
        for (const payload of bodies()) requests.push({ url, payload, headers: { 'content-type': 'application/json' } });
        requests.push({ url, payload: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
        requests.push({ url, payload: '--x\r\n\r\n', headers: { 'content-type': 'multipart/form-data; boundary=x' } });
      }
      for (const request of requests) {
        for (const auth of [token, undefined]) {
          const response = await harness.app.inject({
            method: method as 'GET',
            url: request.url,
            headers: { ...request.headers, ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          for (const text of rawErrorTexts(response.body)) if (response.statusCode >= 400) failures.push(`${method} ${request.url.slice(0, 80)} answered an untranslated text: ${text.slice(0, 160)}`);
          if (response.statusCode >= 500) failures.push(`${method} ${request.url.slice(0, 120)} ${request.payload?.slice(0, 60) ?? ''} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
          const acceptsEmpty = template.endsWith('/starting-list') || template.endsWith('/judge-account') || template.endsWith('/duplicate') || template.endsWith('/PRESENT');
          if (request.payload !== undefined && !request.payload.startsWith('{"') && request.payload !== 'null' && response.statusCode < 400 && !acceptsEmpty) {
            failures.push(`${method} ${request.url} accepted ${request.payload.slice(0, 30)} with ${response.statusCode}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
