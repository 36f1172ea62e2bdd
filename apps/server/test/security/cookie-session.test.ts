import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, errorCode, PASSWORD, type Client } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Issue 11 item 12: the web app's session lives in an HttpOnly cookie, and calls that change state need the CSRF token. */
describe('the cookie session of the web app', () => {
  let harness: TestApp;
  let api: Client;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
  });
  afterAll(() => harness.close());

  const setCookieOf = (response: LightMyRequestResponse): string => {
    const header = response.headers['set-cookie'];
    return String(Array.isArray(header) ? header[0] : (header ?? ''));
  };
  const cookieLogin = async (email: string) => {
    const response = await api.call('POST', '/api/token/create', { payload: { email, password: PASSWORD }, headers: { 'x-session-transport': 'cookie' } });
    expect(response.statusCode).toBe(200);
    const setCookie = setCookieOf(response);
    const token = /^climbing_session=([^;]+);/.exec(setCookie)?.[1];
    if (!token) throw new Error(`no session cookie in ${setCookie}`);
    return { body: response.json() as { token: string | null; csrfToken: string | null }, setCookie, cookie: `climbing_session=${token}` };
  };

  it('puts the token into an HttpOnly, SameSite=Lax cookie on /api and answers only the CSRF token', async () => {
    const email = `cookie-${Date.now()}@example.com`;
    await api.register(email);
    const { body, setCookie } = await cookieLogin(email);
    expect(body.token).toBeNull();
    expect(body.csrfToken).toMatch(/^[\w-]{43}$/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/api');
    expect(setCookie).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    // Plain HTTP (a local server): the cookie cannot be Secure or the browser would drop it.
    expect(setCookie).not.toContain('Secure');
  });

  it('keeps answering bearer tokens to API clients that do not ask for the cookie', async () => {
    const email = `bearer-${Date.now()}@example.com`;
    await api.register(email);
    const response = await api.call('POST', '/api/token/create', { payload: { email, password: PASSWORD } });
    expect(response.json()).toMatchObject({ token: expect.any(String), csrfToken: null });
    expect(response.headers['set-cookie']).toBeUndefined();
    // A bearer call needs no CSRF token: it is never sent by the browser on its own.
    const token = (response.json() as { token: string }).token;
    expect((await api.call('POST', '/api/organization', { token, payload: { name: 'Bearer Club', shortcut: 'BC' } })).statusCode).toBe(201);
  });

  it('reads with the cookie alone, and refuses a change without the session’s CSRF token', async () => {
    const email = `csrf-${Date.now()}@example.com`;
    await api.register(email);
    const { body, cookie } = await cookieLogin(email);
    const me = await api.call('GET', '/api/user', { headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email });

    const create = (headers: Record<string, string>) => api.call('POST', '/api/organization', { headers: { cookie, ...headers }, payload: { name: 'Cookie Club', shortcut: 'CC' } });
    const missing = await create({});
    expect(missing.statusCode).toBe(403);
    expect(errorCode(missing)).toBe('CSRF_TOKEN_INVALID');
    expect(missing.json().error.message).toContain('X-CSRF-Token');
    expect(errorCode(await create({ 'x-csrf-token': 'forged' }))).toBe('CSRF_TOKEN_INVALID');

    // Another session's CSRF token is worthless here.
    const other = await cookieLogin(email);
    expect(other.body.csrfToken).not.toBe(body.csrfToken);
    expect(errorCode(await create({ 'x-csrf-token': other.body.csrfToken! }))).toBe('CSRF_TOKEN_INVALID');

    expect((await create({ 'x-csrf-token': body.csrfToken! })).statusCode).toBe(201);
  });

  it('renews into a new cookie, and logging out clears the cookie and ends the session', async () => {
    const email = `renew-${Date.now()}@example.com`;
    await api.register(email);
    const { body, cookie } = await cookieLogin(email);
    const renewed = await api.call('PUT', '/api/token/renew', { headers: { cookie, 'x-session-transport': 'cookie' } });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({ token: null, csrfToken: body.csrfToken });
    const fresh = /^climbing_session=([^;]+);/.exec(setCookieOf(renewed))?.[1];
    expect(fresh).toBeTruthy();

    const logout = await api.call('DELETE', '/api/token', { headers: { cookie: `climbing_session=${fresh}`, 'x-csrf-token': body.csrfToken! } });
    expect(logout.statusCode).toBe(204);
    expect(setCookieOf(logout)).toMatch(/^climbing_session=; .*Max-Age=0/);
    // The old cookie's session is over: a renewal fails and clears the cookie too.
    const dead = await api.call('PUT', '/api/token/renew', { headers: { cookie, 'x-session-transport': 'cookie' } });
    expect(dead.statusCode).toBe(401);
    expect(setCookieOf(dead)).toMatch(/^climbing_session=; .*Max-Age=0/);
  });

  it('reads a public route anonymously with a dead cookie (an <img>, a live stream), and answers 401 where a session is needed', async () => {
    const cookie = 'climbing_session=not.a.token';
    const list = await api.call('GET', '/api/event?period=actual', { headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const me = await api.call('GET', '/api/user', { headers: { cookie } });
    expect(me.statusCode).toBe(401);
    // The web app's own client is told, so it renews or ends the session instead of showing less.
    const fromTheApp = await api.call('GET', '/api/event?period=actual', { headers: { cookie, 'x-session-transport': 'cookie' } });
    expect(fromTheApp.statusCode).toBe(401);
  });

  it('lets a bearer token win over a cookie of another account', async () => {
    const first = await api.user(`first-${Date.now()}@example.com`);
    const secondEmail = `second-${Date.now()}@example.com`;
    await api.register(secondEmail);
    const { cookie } = await cookieLogin(secondEmail);
    const me = await api.call('GET', '/api/user', { token: first.token, headers: { cookie } });
    expect(me.json()).toMatchObject({ id: first.id });
  });
});

describe('the cookie session behind an HTTPS proxy', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => harness.close());

  it('marks the cookie Secure when the trusted proxy says the request came over HTTPS', async () => {
    const api = client(harness);
    const email = `secure-${Date.now()}@example.com`;
    await api.register(email);
    const response = await api.call('POST', '/api/token/create', {
      payload: { email, password: PASSWORD },
      headers: { 'x-session-transport': 'cookie', 'x-forwarded-proto': 'https' },
    });
    expect(String(response.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
  });
});
