import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { client } from '../support/accounts.ts';
import { garbageBodies, rawErrorTexts } from '../support/garbage.ts';

/** Every cup route; {c} a real cup, {k} its real category, {id} anything (never a real row to delete). */
const ROUTES: [string, string][] = [
  ['GET', '/api/cup'],
  ['POST', '/api/cup'],
  ['GET', '/api/cup/{c}'],
  ['PUT', '/api/cup/{c}'],
  ['DELETE', '/api/cup/{id}'],
  ['POST', '/api/cup/{c}/category/{k}/race'],
  ['DELETE', '/api/cup/{c}/category/{k}/race/{id}'],
  ['GET', '/api/cup/{c}/ranking'],
];
/** Routes that read a query string, with the garbage queries that must be refused. */
const QUERIES: Record<string, string[]> = {
  '/api/cup': ["?period=' OR 1=1 --", '?period=actual&organizationId=-1', `?period=${'x'.repeat(5000)}`, '?organizationId=1%20OR%201=1', '?period=%00'],
  '/api/cup/{c}/ranking': ['', '?category=', "?category=1' OR '1'='1", '?category=-1', '?category=99999999999999999999', '?category=%3Cscript%3E', '?category=1.5'],
};

const FIELDS = [
  'organizationId', 'name', 'displayName', 'description', 'startDate', 'endDate', 'type', 'openCup', 'maxCountedResults', 'oneResultFromAllDisciplines',
  'raceLevelTieBreak', 'disciplines', 'isPublic', 'categories', 'raceId', 'cupRankCategoryId',
];
const bodies = (): string[] =>
  garbageBodies(FIELDS, [
    JSON.stringify({ organizationId: 1, name: 'x', startDate: '2026-02-30', endDate: '2026-13-01', categories: Array(500).fill({ name: 'x' }) }),
    JSON.stringify({ name: 'x', categories: [{ name: 'x'.repeat(1000), ageCategoryIds: ["1; DROP TABLE cups"] }], maxCountedResults: 1.5 }),
  ]);
const ID_VARIANTS = ['0', '-1', '99999999999999999999', '1.5', "1'%20OR%20'1'='1", '%3Cscript%3E', 'abc', '999999'];

describe('garbage into every cup route', () => {
  let harness: TestApp;
  let token: string;
  const real: Record<string, string> = {};

  beforeAll(async () => {
    harness = await createTestApp();
    const api = client(harness);
    token = (await api.user('admin@example.com')).token;
    const organizationId = (await api.organization(token)).id;
    const cup = await api.call('POST', '/api/cup', { token, payload: { organizationId, name: 'Cup', startDate: '2026-03-01', categories: [{ name: 'Open' }] } });
    expect(cup.statusCode, cup.body).toBe(201);
    Object.assign(real, { c: String(cup.json().id), k: String(cup.json().categories[0].id) });
  });
  afterAll(() => harness.close());

  it('answers bad bodies, ids, queries and content types with 4xx, and leaves the data alone', async () => {
    const failures: string[] = [];
    for (const [method, template] of ROUTES) {
      const requests: { url: string; payload?: string; headers: Record<string, string> }[] = [];
      for (const id of ID_VARIANTS) requests.push({ url: template.replace(/\{(c|k|id)\}/g, id) + (template.endsWith('/ranking') ? `?category=${id}` : ''), headers: {} });
      const url = template.replace(/\{(c|k|id)\}/g, (_, key: string) => real[key] ?? '999999');
      for (const query of QUERIES[template] ?? []) requests.push({ url: url + query, headers: {} });
      if (method === 'POST' || method === 'PUT') {
        for (const payload of bodies()) requests.push({ url, payload, headers: { 'content-type': 'application/json' } });
        requests.push({ url, payload: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
        requests.push({ url, payload: '--x\r\n\r\n', headers: { 'content-type': 'multipart/form-data; boundary=x' } });
      }
      // GET /api/cup has no id: only its garbage queries count.
      const checked = template === '/api/cup' && method === 'GET' ? requests.filter((request) => request.url.includes('?')) : requests;
      for (const request of checked) {
        for (const auth of [token, undefined]) {
          const response = await harness.app.inject({
            method: method as 'GET',
            url: request.url,
            headers: { ...request.headers, ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          const status = response.statusCode;
          // A real cup read with an invalid id of another kind in its path is still a read: only 4xx is the contract for garbage.
          for (const text of rawErrorTexts(response.body)) if (response.statusCode >= 400) failures.push(`${method} ${request.url.slice(0, 80)} answered an untranslated text: ${text.slice(0, 160)}`);
          if (status < 400 || status >= 500) failures.push(`${method} ${request.url.slice(0, 120)} ${request.payload?.slice(0, 60) ?? ''} ${auth ? 'auth' : 'anon'} -> ${status} ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    const cup = await harness.app.inject({ method: 'GET', url: `/api/cup/${real.c}` });
    expect(cup.statusCode).toBe(200);
    expect(cup.json()).toMatchObject({ name: 'Cup', categories: [{ name: 'Open', races: [] }] });
  }, 240_000);
});
