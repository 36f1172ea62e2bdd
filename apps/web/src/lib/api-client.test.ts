import { guard as g } from '@climbing/domain';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { z as mini } from 'zod/mini';
import { createI18n } from '../test/i18n';
import { apiRequest, apiUpload, renewAccessToken, setSessionRevokedHandler } from './api-client';
import { clearStoredSession } from './auth-session';
import { storeTestSession, storedCsrfToken, tokenAnswer } from '../test/session';
import { ApiError, NetworkError } from './api-error';
import { translateError } from './translate-error';

const respond = (status: number, body?: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status })),
  );

const failure = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
};

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('returns the validated body', async () => {
    respond(200, { token: 'abc', extra: true });
    await expect(apiRequest('/api/x', { schema: z.object({ token: z.string() }) })).resolves.toEqual({ token: 'abc' });
  });

  it('validates with our guards as well as with classic zod and zod/mini schemas', async () => {
    respond(200, { token: 'abc', extra: true });
    const request = apiRequest('/api/x', { schema: g.object({ token: g.string(), count: g.withDefault(g.number(), 0) }) });
    expectTypeOf(request).resolves.toEqualTypeOf<{ token: string; count: number }>();
    await expect(request).resolves.toStrictEqual({ token: 'abc', count: 0 });
    respond(200, { token: 'abc' });
    const classic = apiRequest('/api/x', { schema: z.object({ token: z.string(), note: z.string().optional() }) });
    expectTypeOf(classic).resolves.toEqualTypeOf<{ token: string; note?: string | undefined }>();
    await expect(classic).resolves.toEqual({ token: 'abc' });
    respond(200, { token: 'abc' });
    const zodMini = apiRequest('/api/x', { schema: mini.object({ token: mini.string() }) });
    expectTypeOf(zodMini).resolves.toEqualTypeOf<{ token: string }>();
    await expect(zodMini).resolves.toEqual({ token: 'abc' });
  });

  it('reports an answer off the contract as UNEXPECTED_ERROR, naming where', async () => {
    respond(200, { rows: [{ id: 1 }, { id: 'two' }] });
    const error = await failure(apiRequest('/api/x', { schema: g.object({ rows: g.array(g.object({ id: g.number() })) }) }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'UNEXPECTED_ERROR', status: 200, message: 'rows[1].id: expected number, received "two"' });
  });

  it('throws an ApiError with the code, status and fields of the error body', async () => {
    respond(400, { error: { code: 'VALIDATION_FAILED', message: 'bad', fields: { email: 'invalid' } } });
    const error = await failure(apiRequest('/api/x'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, fields: { email: 'invalid' } });
  });

  it('derives a code from the status when the body is not ours', async () => {
    respond(404, { statusCode: 404, error: 'Not Found', message: 'Route GET:/api/x not found' });
    expect(await failure(apiRequest('/api/x'))).toMatchObject({ code: 'REQUEST_NOT_FOUND', status: 404 });
  });

  it('wraps a failed connection in a NetworkError', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await failure(apiRequest('/api/x'))).toBeInstanceOf(NetworkError);
  });
});

describe('translateError', () => {
  it('shows the catalogue message of the code in the current language', () => {
    const error = new ApiError('BAD_CREDENTIALS', 401, 'E-mail or password is not correct.');
    expect(translateError(error, 'sk', createI18n('sk').t)).toBe('E-mail alebo heslo nie je správne.');
    expect(translateError(error, 'en', createI18n('en').t)).toBe('E-mail or password is not correct.');
  });

  it('has texts for network and unknown failures', () => {
    const en = createI18n('en');
    expect(translateError(new NetworkError(new TypeError('x')), 'en', en.t)).toMatch(/cannot be reached/);
    expect(translateError(new Error('x'), 'en', en.t)).toBe('An unexpected error occurred.');
  });
});

describe('revoked sessions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('drops the token and reports the revocation when a call with a token answers 401', async () => {
    const revoked = vi.fn();
    setSessionRevokedHandler(revoked);
    storeTestSession('revoked-token');
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: { code: 'INVALID_OR_EXPIRED_TOKEN', message: 'x' } }), { status: 401 })));
    await expect(apiRequest('/api/user/memberships')).rejects.toMatchObject({ code: 'INVALID_OR_EXPIRED_TOKEN', status: 401 });
    expect(storedCsrfToken()).toBeNull();
    expect(revoked).toHaveBeenCalledTimes(1);
    setSessionRevokedHandler(null);
  });

  it('leaves the session alone for a 401 of a call without a token (wrong password at login)', async () => {
    const revoked = vi.fn();
    setSessionRevokedHandler(revoked);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: { code: 'BAD_CREDENTIALS', message: 'x' } }), { status: 401 })));
    await expect(apiRequest('/api/token/create', { method: 'POST', body: {} })).rejects.toMatchObject({ code: 'BAD_CREDENTIALS' });
    expect(revoked).not.toHaveBeenCalled();
    setSessionRevokedHandler(null);
  });

  it('uploads a file as multipart form data under multipartFile', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiUpload('/api/user/profile-photo', new File(['png'], 'me.png', { type: 'image/png' }), { schema: z.object({ ok: z.boolean() }) });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData).get('multipartFile')).toBeInstanceOf(File);
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
  });
});

describe('expired access tokens (all-day sessions)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearStoredSession();
    setSessionRevokedHandler(null);
  });

  const expired = () => new Response(JSON.stringify({ error: { code: 'INVALID_OR_EXPIRED_TOKEN', message: 'x' } }), { status: 401 });

  it('renews a token that ran out and sends the call again with the new one, without ending the session', async () => {
    const revoked = vi.fn();
    setSessionRevokedHandler(revoked);
    storeTestSession('csrf-1');
    // The browser's cookie jar: the renewal answers a new cookie, which the repeated call carries.
    let cookie = 'stale';
    const seen: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        seen.push(`${init?.method ?? 'GET'} ${String(input)} ${cookie} ${headers.get('X-CSRF-Token')} ${init?.credentials}`);
        if (String(input) === '/api/token/renew') {
          cookie = 'fresh';
          return new Response(JSON.stringify(tokenAnswer('csrf-1')), { status: 200 });
        }
        return cookie === 'fresh' ? new Response(JSON.stringify({ saved: true }), { status: 200 }) : expired();
      }),
    );
    await expect(apiRequest('/api/x', { method: 'PUT', body: { a: 1 }, schema: z.object({ saved: z.boolean() }) })).resolves.toEqual({ saved: true });
    expect(seen).toEqual(['PUT /api/x stale csrf-1 include', 'PUT /api/token/renew stale csrf-1 include', 'PUT /api/x fresh csrf-1 include']);
    expect(storedCsrfToken()).toBe('csrf-1');
    expect(revoked).not.toHaveBeenCalled();
  });

  it('shares one renewal between calls failing at the same time', async () => {
    storeTestSession('csrf-1');
    let renewals = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input) === '/api/token/renew') {
          renewals += 1;
          return new Response(JSON.stringify(tokenAnswer('csrf-1')), { status: 200 });
        }
        return renewals > 0 ? new Response('{}', { status: 200 }) : expired();
      }),
    );
    await Promise.all([apiRequest('/api/a'), apiRequest('/api/b'), apiRequest('/api/c')]);
    expect(renewals).toBe(1);
  });

  it('keeps the token when the renewal cannot reach the server, and reports nothing', async () => {
    const revoked = vi.fn();
    setSessionRevokedHandler(revoked);
    storeTestSession('stale');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input) === '/api/token/renew') throw new TypeError('Failed to fetch');
        return expired();
      }),
    );
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ code: 'INVALID_OR_EXPIRED_TOKEN' });
    expect(storedCsrfToken()).toBe('stale');
    expect(revoked).not.toHaveBeenCalled();
  });

  it('reports the end with its code when the session is over (renewal refused)', async () => {
    const revoked = vi.fn();
    setSessionRevokedHandler(revoked);
    storeTestSession('dead');
    vi.stubGlobal('fetch', vi.fn(async () => expired()));
    await expect(renewAccessToken()).resolves.toBe('ENDED');
    expect(storedCsrfToken()).toBeNull();
    expect(revoked).toHaveBeenCalledWith('INVALID_OR_EXPIRED_TOKEN');
  });
});
