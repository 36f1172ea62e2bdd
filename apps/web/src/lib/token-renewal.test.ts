import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAuthToken, readAuthToken, storeAuthToken } from './auth-token';
import { renewalDueAt, startTokenRenewal, tokenTimes } from './token-renewal';

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** A JWT-shaped token with the given times in seconds (the signature is the server's business). */
const jwt = (iat: number, exp: number, id = 'x') => `${base64url({ alg: 'HS256' })}.${base64url({ iat, exp, id })}.signature`;

describe('background token renewal', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2030-05-01T08:00:00Z'));
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    clearAuthToken();
  });

  const nowSeconds = () => Math.floor(Date.now() / 1000);

  it('reads the lifetime of a token and renews at three quarters of it', () => {
    const times = tokenTimes(jwt(1000, 1000 + 3600));
    expect(times).toEqual({ issuedAtMs: 1_000_000, expiresAtMs: 4_600_000 });
    expect(renewalDueAt(times ?? { issuedAtMs: 0, expiresAtMs: 0 })).toBe(1_000_000 + 2700 * 1000);
    expect(tokenTimes('not-a-token')).toBeNull();
  });

  it('renews by itself while the app is open, again and again, with no user action', async () => {
    let issued = 0;
    const fetchMock = vi.fn(async () => {
      issued += 1;
      return new Response(JSON.stringify({ token: jwt(nowSeconds(), nowSeconds() + 3600, String(issued)) }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    storeAuthToken(jwt(nowSeconds(), nowSeconds() + 3600));
    stop = startTokenRenewal();
    await vi.advanceTimersByTimeAsync(44 * 60 * 1000);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2 * 60 * 1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Six hours of a competition day: a renewal every 45 minutes.
    await vi.advanceTimersByTimeAsync(6 * 60 * 60 * 1000);
    expect(fetchMock).toHaveBeenCalledTimes(9);
    expect(readAuthToken()).toContain('.');
  });

  it('renews at once when the tab comes back after the renewal was due (timers were asleep)', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ token: jwt(nowSeconds(), nowSeconds() + 3600) }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    // A token issued two hours ago: it ran out while the laptop slept.
    storeAuthToken(jwt(nowSeconds() - 7200, nowSeconds() - 3600));
    stop = startTokenRenewal();
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
