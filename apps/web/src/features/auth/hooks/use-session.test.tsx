import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeTestSession, storedCsrfToken, tokenAnswer } from '../../../test/session';
import { createQueryClient } from '../../../lib/query-client';
import { readStored } from '../../../lib/device-store';
import { CURRENT_USER_CACHE_KEY } from '../api/load-session';
import { useLogin, useLogout, useSession } from './use-session';

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const user = { id: 1, email: 'admin@example.com', name: 'Super', surname: 'Admin', fullName: 'Super Admin', role: 'SUPER_ADMIN' };

type Answer = (init: RequestInit | undefined) => Response | Promise<Response>;

/** A fetch double that answers by "METHOD path" and records the order of calls. */
const mockApi = (answers: Record<string, Answer>) => {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = `${init?.method ?? 'GET'} ${String(input)}`;
    calls.push(call);
    const answer = answers[call];
    if (answer === undefined) throw new TypeError(`unexpected call ${call}`);
    return answer(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
};

const renderSession = () => {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => ({ ...useSession(), login: useLogin(), logout: useLogout() }), { wrapper });
};

describe('start-up session', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the user of the last load when the page loads without a connection, and asks the server again once online', async () => {
    storeTestSession('old-token');
    mockApi({ 'GET /api/user': () => json(200, user), 'PUT /api/token/renew': () => json(200, tokenAnswer('old-token')) });
    const first = renderSession();
    await waitFor(() => expect(first.result.current.user?.email).toBe('admin@example.com'));
    first.unmount();

    // The next page load: no server answers.
    const offline = mockApi({});
    offline.fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const second = renderSession();
    await waitFor(() => expect(second.result.current.loading).toBe(false));
    expect(second.result.current.user?.email).toBe('admin@example.com');

    // Back online, the server says the session ended: the header follows.
    mockApi({ 'GET /api/user': () => json(401, { error: { code: 'INVALID_OR_EXPIRED_TOKEN', message: '' } }), 'PUT /api/token/renew': () => json(401, { error: { code: 'INVALID_OR_EXPIRED_TOKEN', message: '' } }) });
    await act(async () => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(second.result.current.user).toBeNull());
  });

  it('loads the user, then renews the token, then stops loading', async () => {
    storeTestSession('old-token');
    const { calls, fetchMock } = mockApi({
      'GET /api/user': () => json(200, user),
      'PUT /api/token/renew': () => json(200, tokenAnswer('old-token')),
    });

    const { result } = renderSession();
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));

    expect(calls).toEqual(['GET /api/user', 'PUT /api/token/renew']);
    expect(result.current.user?.fullName).toBe('Super Admin');
    expect(storedCsrfToken()).toBe('old-token');
    // No bearer token: the cookie carries the session, the headers its CSRF token and the cookie mode.
    const firstHeaders = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(firstHeaders.get('Authorization')).toBeNull();
    expect(firstHeaders.get('X-CSRF-Token')).toBe('old-token');
    expect(firstHeaders.get('X-Session-Transport')).toBe('cookie');
  });

  it('still renews when the user load fails, and ends loading without a user', async () => {
    storeTestSession('token');
    const { calls } = mockApi({
      'GET /api/user': () => json(500, { error: { code: 'INTERNAL_SERVER_ERROR', message: 'boom' } }),
      'PUT /api/token/renew': () => json(200, tokenAnswer('token')),
    });

    const { result } = renderSession();
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(calls).toEqual(['GET /api/user', 'PUT /api/token/renew']);
    expect(result.current.user).toBeNull();
  });

  it('swallows network failures of both calls and drops a token the server rejects', async () => {
    storeTestSession('expired');
    mockApi({
      'GET /api/user': () => json(401, { error: { code: 'INVALID_OR_EXPIRED_TOKEN', message: 'expired' } }),
      'PUT /api/token/renew': () => json(401, { error: { code: 'INVALID_OR_EXPIRED_TOKEN', message: 'expired' } }),
    });
    const { result } = renderSession();
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.user).toBeNull();
    expect(storedCsrfToken()).toBeNull();
  });

  it('keeps loading false and the user logged in when only the renewal fails', async () => {
    storeTestSession('token');
    mockApi({
      'GET /api/user': () => json(200, user),
      'PUT /api/token/renew': () => Promise.reject(new TypeError('offline')),
    });
    const { result } = renderSession();
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.user?.email).toBe('admin@example.com');
    expect(storedCsrfToken()).toBe('token');
  });

  it('makes no calls without a stored token', async () => {
    const { fetchMock } = mockApi({});
    const { result } = renderSession();
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.current.user).toBeNull();
  });

  it('login stores the token and fills the session; logout revokes it and empties the session', async () => {
    const { calls } = mockApi({
      'POST /api/token/create': () => json(200, tokenAnswer('fresh')),
      'GET /api/user': () => json(200, user),
      'DELETE /api/token': () => new Response(null, { status: 204 }),
    });
    const { result } = renderSession();
    await waitFor(() => expect(result.current.loading).toBe(false));

    await act(() => result.current.login({ email: 'admin@example.com', password: 'Admin12345' }));
    await waitFor(() => expect(result.current.user?.fullName).toBe('Super Admin'));
    expect(storedCsrfToken()).toBe('fresh');

    await act(() => result.current.logout());
    await waitFor(() => expect(result.current.user).toBeNull());
    expect(storedCsrfToken()).toBeNull();
    expect(calls).toEqual(['POST /api/token/create', 'GET /api/user', 'DELETE /api/token']);
  });

  it("a judge's login (no '@') reads no user, and the next page load does not ask for one either (it was refused with 403 on every load)", async () => {
    const { calls } = mockApi({
      'POST /api/token/create': () => json(200, tokenAnswer('judge')),
      'PUT /api/token/renew': () => json(200, tokenAnswer('judge')),
    });
    const first = renderSession();
    await waitFor(() => expect(first.result.current.loading).toBe(false));
    await act(() => first.result.current.login({ email: 'boulder-judge-1', password: 'Judge12345' }));
    expect(storedCsrfToken()).toBe('judge');
    first.unmount();

    const next = renderSession();
    await waitFor(() => expect(next.result.current.loading).toBe(false));
    expect(calls).toEqual(['POST /api/token/create', 'PUT /api/token/renew']);
    expect(next.result.current.user).toBeNull();
    // Renewed, it is still the judge's session.
    expect(JSON.parse(window.localStorage.getItem('session') ?? '{}')).toMatchObject({ csrfToken: 'judge', judge: true });
  });

  it('login and logout ask again every query that depends on who is logged in (the scorecard principal, canScore)', async () => {
    let asked = 0;
    mockApi({
      'POST /api/token/create': () => json(200, tokenAnswer('fresh')),
      'GET /api/user': () => json(200, user),
      'DELETE /api/token': () => new Response(null, { status: 204 }),
    });
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    // Like the scorecard's principal: cached for a minute, so nothing else would ask again.
    const { result } = renderHook(
      () => ({
        principal: useQuery({ queryKey: ['principal'], queryFn: () => (asked++ === 0 ? 'visitor' : 'judge'), staleTime: Number.POSITIVE_INFINITY }),
        login: useLogin(),
        logout: useLogout(),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.principal.data).toBe('visitor'));

    await act(() => result.current.login({ email: 'admin@example.com', password: 'Admin12345' }));
    await waitFor(() => expect(result.current.principal.data).toBe('judge'));

    await act(() => result.current.logout());
    await waitFor(() => expect(asked).toBe(3));
  });

  it('replaces the device copy of the user on login and logout, so an offline reload does not bring back the one before', async () => {
    mockApi({
      'POST /api/token/create': () => json(200, tokenAnswer('fresh')),
      'GET /api/user': () => json(200, user),
      'DELETE /api/token': () => new Response(null, { status: 204 }),
    });
    const first = renderSession();
    await waitFor(() => expect(first.result.current.loading).toBe(false));
    await act(() => first.result.current.login({ email: 'admin@example.com', password: 'Admin12345' }));
    expect(await readStored('cache', CURRENT_USER_CACHE_KEY)).toMatchObject({ email: 'admin@example.com' });

    await act(() => first.result.current.logout());
    expect(await readStored('cache', CURRENT_USER_CACHE_KEY)).toBeUndefined();

    // An event's judge login on the same phone (no user behind it), then a reload without a connection.
    mockApi({ 'POST /api/token/create': () => json(200, tokenAnswer('judge')) });
    await act(() => first.result.current.login({ email: 'judge-7-ab', password: 'secret123' }));
    expect(first.result.current.user).toBeNull();
    first.unmount();
    const offline = mockApi({});
    offline.fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const second = renderSession();
    await waitFor(() => expect(second.result.current.loading).toBe(false));
    expect(second.result.current.user).toBeNull();
  });
});
