import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { client, type Client } from '../support/accounts.ts';
import { garbageBodies, rawErrorTexts } from '../support/garbage.ts';

const ROUTES: [string, string][] = [
  ['POST', '/api/token/create'], ['GET', '/api/token'], ['PUT', '/api/token/renew'], ['DELETE', '/api/token'],
  ['POST', '/api/user/register'], ['GET', '/api/user'], ['PUT', '/api/user'], ['GET', '/api/user/{id}'], ['PUT', '/api/user/password'],
  ['POST', '/api/user/profile-photo'], ['POST', '/api/user/forgot-password-reset'], ['GET', '/api/user/password-reset'], ['POST', '/api/user/password-reset'],
  ['GET', '/api/user/list'], ['GET', '/api/user/users/id'], ['GET', '/api/user/non-members'], ['POST', '/api/user/activate/{id}'],
  ['POST', '/api/user/deactivate/{id}'], ['DELETE', '/api/user/{id}'], ['POST', '/api/user/send-message'], ['GET', '/api/file/image/{id}'], ['GET', '/api/file/pdf/{id}'],
  ['GET', '/api/organization'], ['POST', '/api/organization'], ['GET', '/api/organization/{id}'], ['PUT', '/api/organization/{id}'],
  ['POST', '/api/organization/{id}/activate'], ['POST', '/api/organization/{id}/deactivate'], ['POST', '/api/organization/{id}/logo'],
  ['GET', '/api/organization/{id}/race-settings'], ['PUT', '/api/organization/{id}/race-settings'], ['GET', '/api/organization/{id}/cup-settings'], ['PUT', '/api/organization/{id}/cup-settings'],
  ['GET', '/api/organization/{id}/age-category'], ['POST', '/api/organization/{id}/age-category'], ['PUT', '/api/organization/{id}/age-category/{id}'], ['DELETE', '/api/organization/{id}/age-category/{id}'],
  ['GET', '/api/organization/{id}/cup-rank-category'], ['POST', '/api/organization/{id}/cup-rank-category'], ['PUT', '/api/organization/{id}/cup-rank-category/{id}'], ['DELETE', '/api/organization/{id}/cup-rank-category/{id}'],
  ['GET', '/api/organization/{id}/member'], ['POST', '/api/organization/{id}/member'], ['PUT', '/api/organization/{id}/member/{id}'], ['DELETE', '/api/organization/{id}/member/{id}'],
  ['POST', '/api/organization/{id}/member/{id}/block'], ['POST', '/api/organization/{id}/member/{id}/unblock'], ['POST', '/api/organization/{id}/member/{id}/accept'],
  ['POST', '/api/organization/{id}/member/{id}/activate'], ['POST', '/api/organization/{id}/member/{id}/deactivate'],
  ['POST', '/api/organization/{id}/apply'], ['POST', '/api/organization/{id}/leave'],
  ['POST', '/api/organization/{id}/invitation'], ['GET', '/api/organization/{id}/invitation'], ['DELETE', '/api/organization/{id}/invitation/{id}'],
  ['GET', '/api/invitation'], ['POST', '/api/invitation/accept'],
  ['POST', '/api/organization/{id}/member/{id}/password-link'], ['POST', '/api/user/email-change/confirm'],
];

const FIELDS = ['email', 'password', 'name', 'surname', 'birthday', 'sex', 'language', 'message', 'token', 'currentPassword', 'newPassword', 'shortcut', 'description', 'webPage', 'club', 'organizationId', 'userId', 'fromAge', 'toAge', 'numberOfRanks', 'rankPoints', 'socialLinks', 'contactPerson', 'address', 'orgAdmin', 'raceGender', 'disciplines'];

const bodies = (): string[] =>
  garbageBodies(FIELDS);

const ID_VARIANTS = ['1', '0', '-1', '99999999999999999999', '1.5', "1'%20OR%20'1'='1", '%3Cscript%3E', 'abc'];
const QUERIES = ['', "?queryParameter=' OR 1=1 --&ids=1,2&organizationId=1&token=%27%3B--&kind=logo", '?ids=1,,2&organizationId=-5&token=&kind=%00', `?queryParameter=${'x'.repeat(5000)}&ids=${'9'.repeat(40)}`];

describe('garbage into every route of the accounts issue', () => {
  let harness: TestApp;
  let api: Client;
  let token: string;
  beforeAll(async () => {
    harness = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000', AUTH_RATE_LIMIT_PER_EMAIL: '100000' });
    api = client(harness);
    token = (await api.superAdmin()).token;
    await api.organization(token);
  });
  afterAll(() => harness.close());

  it('answers bad bodies, ids, queries and content types with 4xx, never 5xx', async () => {
    const failures: string[] = [];
    for (const [method, template] of ROUTES) {
      const urls = ID_VARIANTS.flatMap((id) => QUERIES.map((query) => template.replaceAll('{id}', id) + query)).slice(0, 12);
      const requests: { url: string; payload?: string; headers: Record<string, string> }[] = [];
      for (const url of urls) requests.push({ url, headers: {} });
      if (method !== 'GET' && method !== 'DELETE') {
        const url = template.replaceAll('{id}', '1');
        for (const payload of bodies()) requests.push({ url, payload: String(payload), headers: { 'content-type': 'application/json' } });
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
          if (response.statusCode >= 500) failures.push(`${method} ${request.url} ${request.payload?.slice(0, 60) ?? ''} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
          if (request.payload !== undefined && !request.payload.startsWith('{"') && response.statusCode < 400 && !['PUT /api/token/renew', 'DELETE /api/token', 'GET /api/token'].includes(`${method} ${template}`)) {
            failures.push(`${method} ${request.url} accepted ${request.payload.slice(0, 30)} with ${response.statusCode}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
