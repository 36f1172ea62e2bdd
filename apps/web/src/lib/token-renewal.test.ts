import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTestSession, storedCsrfToken, tokenAnswer } from '../test/session';
import { clearStoredSession, storeSession } from './auth-session';
import { renewalDueAt, startTokenRenewal } from './token-renewal';

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
    clearStoredSession();
  });

  it('renews at three quarters of a token’s lifetime', () => {
    expect(renewalDueAt({ issuedAtMs: 1_000_000, expiresAtMs: 4_600_000 })).toBe(1_000_000 + 2700 * 1000);
  });

  it('renews by itself while the app is open, again and again, with no user action', async () => {
    let issued = 0;
    const fetchMock = vi.fn(async () => {
      issued += 1;
      return new Response(JSON.stringify(tokenAnswer('csrf')), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    storeTestSession('csrf');
    stop = startTokenRenewal();
    await vi.advanceTimersByTimeAsync(44 * 60 * 1000);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2 * 60 * 1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Six hours of a competition day: a renewal every 45 minutes.
    await vi.advanceTimersByTimeAsync(6 * 60 * 60 * 1000);
    expect(fetchMock).toHaveBeenCalledTimes(9);
    expect(storedCsrfToken()).toBe('csrf');
    expect(issued).toBe(9);
  });

  it('renews at once when the tab comes back after the renewal was due (timers were asleep)', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(tokenAnswer('csrf')), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    // A token issued two hours ago: it ran out while the laptop slept.
    storeSession({ csrfToken: 'csrf', issuedAtMs: Date.now() - 7_200_000, expiresAtMs: Date.now() - 3_600_000 });
    stop = startTokenRenewal();
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
