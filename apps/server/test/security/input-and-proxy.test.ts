import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { createEvent, openRegistration } from '../support/events.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const visitor = (extra: Record<string, unknown> = {}) => ({ name: 'Ján', surname: 'Šťastný', email: `jan${Math.random()}@example.com`, club: 'BCB', sex: 'M', birthday: '2000-01-02', country: 'sk', ...extra });

/** Issue 11, items 6, 9 and 18: proxies are trusted only when configured; NUL never reaches the database or the logs; ids are decimal. */
describe('hostile input', () => {
  let harness: TestApp;
  let api: Client;
  let raceId: number;
  const logLines: string[] = [];

  beforeAll(async () => {
    harness = await createTestApp({ LOG_LEVEL: 'info', AUTH_RATE_LIMIT_PER_IP: '5' }, { logStream: { write: (line) => void logLines.push(line) } });
    api = client(harness);
    const admin = await api.user('admin@example.com', { birthday: '1990-01-01', sex: 'M' });
    const organization = await api.organization(admin.token);
    const event = await createEvent(api, admin.token, organization.id, { allowedUnregisteredUsers: true });
    raceId = event.races[0]!.id;
    await openRegistration(api, admin.token, raceId);
  });
  afterAll(() => harness.close());

  it('answers a NUL byte in any field with 400 naming the field, and logs none of the values', async () => {
    const response = await api.call('POST', `/api/race-registration/${raceId}/register-unregistered-user/`, { payload: visitor({ club: 'Evil\u0000Club' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { 'body.club': 'validation.invalid' } });
    const signUp = await api.call('POST', '/api/user/register', { payload: { email: 'nul@example.com', password: 'Secret\u0000Password1', name: 'N', surname: 'U' } });
    expect(signUp.statusCode).toBe(400);
    expect(errorCode(await api.call('GET', '/api/event?q=a%00b'))).toBe('VALIDATION_FAILED');
    const logs = logLines.join('');
    expect(logs).not.toContain('Evil');
    expect(logs).not.toContain('Secret');
    expect(logs).not.toContain('argon2');
  });

  it('refuses ids that are not plain decimal integers', async () => {
    for (const id of ['0x10', '1e3', '+1', '1.0', ' 1', '99999999999']) {
      const response = await api.call('GET', `/api/race/${encodeURIComponent(id)}`);
      expect(response.statusCode, id).toBe(400);
      expect(errorCode(response), id).toBe('VALIDATION_FAILED');
    }
    expect((await api.call('GET', `/api/race/${raceId}`)).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For unless a proxy is configured: rotating it does not get around the per-address limit', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 8; index += 1) {
      statuses.push((await api.call('POST', '/api/token/create', { payload: { email: `nobody${index}@example.com`, password: 'Wrong12345' }, headers: { 'x-forwarded-for': `198.51.100.${index}` } })).statusCode);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(3);
  });

  it('takes the client address from X-Forwarded-For when TRUST_PROXY names the proxy', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1', AUTH_RATE_LIMIT_PER_IP: '5' });
    try {
      const proxiedApi = client(proxied);
      const statuses: number[] = [];
      for (let index = 0; index < 8; index += 1) {
        statuses.push((await proxiedApi.call('POST', '/api/token/create', { payload: { email: `nobody${index}@example.com`, password: 'Wrong12345' }, headers: { 'x-forwarded-for': `198.51.100.${index}` } })).statusCode);
      }
      expect(statuses).toEqual(Array(8).fill(401));
    } finally {
      await proxied.close();
    }
  });
});

describe('passwords (issue 11, item 16)', () => {
  let harness: TestApp;
  let api: Client;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
  });
  afterAll(() => harness.close());

  it('refuses common passwords on sign-up with a field message, accepts an uncommon one', async () => {
    for (const password of ['Password123', 'qwerty123', 'Welcome123', 'Password1!']) {
      const response = await api.call('POST', '/api/user/register', { payload: { email: `common${password.length}${Math.random()}@example.com`, password, name: 'C', surname: 'P' } });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().error.fields['body.password'], password).toBe('validation.passwordCommon');
    }
    expect((await api.call('POST', '/api/user/register', { payload: { email: 'strong@example.com', password: 'Granite-Crimp42', name: 'S', surname: 'P' } })).statusCode).toBe(201);
  });

  it('answers forgot-password the same for an unknown address and a known one', async () => {
    const unknown = await api.call('POST', '/api/user/forgot-password-reset', { payload: { email: 'nobody-here@example.com' } });
    const known = await api.call('POST', '/api/user/forgot-password-reset', { payload: { email: 'strong@example.com' } });
    expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body]);
    expect(unknown.statusCode).toBe(204);
  });
});
