import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createI18n } from './i18n';
import { apiRequest, apiUpload, renewAccessToken, setSessionRevokedHandler } from './api-client';
import { clearAuthToken, readAuthToken, storeAuthToken } from './auth-token';
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
    storeAuthToken('revoked-token');
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: { code: 'INVALID_OR_EXPIRED_TOKEN', message: 'x' } }), { status: 401 })));
    await expect(apiRequest('/api/user/memberships')).rejects.toMatchObject({ code: 'INVALID_OR_EXPIRED_TOKEN', status: 401 });
    expect(readAuthToken()).toBeNull();
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
    clearAuthToken();
    setSessionRevokedHandler(null);
  });

  const expired = () => new Response(JSON.stringify({ error: { code: 'INVALID_OR_EXPIRED_TOKEN', message: 'x' } }), { status: 401 });

  it('renews a token that ran out and sends the call again with the new one, without ending the session', async () => {
    const revoked = vi.fn();
    setSessionRevokedHandler(revoked);
    storeAuthToken('stale');
    const seen: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const authorization = new Headers(init?.headers).get('Authorization') ?? '';
        seen.push(`${init?.method ?? 'GET'} ${String(input)} ${authorization}`);
        if (String(input) === '/api/token/renew') return new Response(JSON.stringify({ token: 'fresh' }), { status: 200 });
        return authorization === 'Bearer fresh' ? new Response(JSON.stringify({ saved: true }), { status: 200 }) : expired();
      }),
    );
    await expect(apiRequest('/api/x', { method: 'PUT', body: { a: 1 }, schema: z.object({ saved: z.boolean() }) })).resolves.toEqual({ saved: true });
    expect(seen).toEqual(['PUT /api/x Bearer stale', 'PUT /api/token/renew Bearer stale', 'PUT /api/x Bearer fresh']);
    expect(readAuthToken()).toBe('fresh');
    expect(revoked).not.toHaveBeenCalled();
  });

  it('shares one renewal between calls failing at the same time', async () => {
    storeAuthToken('stale');
    let renewals = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input) === '/api/token/renew') {
          renewals += 1;
          return new Response(JSON.stringify({ token: 'fresh' }), { status: 200 });
        }
        return new Headers(init?.headers).get('Authorization') === 'Bearer fresh' ? new Response('{}', { status: 200 }) : expired();
      }),
    );
    await Promise.all([apiRequest('/api/a'), apiRequest('/api/b'), apiRequest('/api/c')]);
    expect(renewals).toBe(1);
  });

  it('keeps the token when the renewal cannot reach the server, and reports nothing', async () => {
    const revoked = vi.fn();
    setSessionRevokedHandler(revoked);
    storeAuthToken('stale');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input) === '/api/token/renew') throw new TypeError('Failed to fetch');
        return expired();
      }),
    );
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ code: 'INVALID_OR_EXPIRED_TOKEN' });
    expect(readAuthToken()).toBe('stale');
    expect(revoked).not.toHaveBeenCalled();
  });

  it('reports the end with its code when the session is over (renewal refused)', async () => {
    const revoked = vi.fn();
    setSessionRevokedHandler(revoked);
    storeAuthToken('dead');
    vi.stubGlobal('fetch', vi.fn(async () => expired()));
    await expect(renewAccessToken()).resolves.toBe('ENDED');
    expect(readAuthToken()).toBeNull();
    expect(revoked).toHaveBeenCalledWith('INVALID_OR_EXPIRED_TOKEN');
  });
});
