import { renewAccessToken } from './api-client';
import { onStoredSessionChange, readStoredSession } from './auth-session';

/** Renew when this share of the token's lifetime has passed, well before it runs out. */
const RENEW_AT_SHARE = 0.75;
/** After a failed attempt (offline, server restarting) try again this much later. */
const RETRY_MS = 60_000;
// setTimeout holds at most a signed 32-bit number of milliseconds.
const MAX_DELAY_MS = 2 ** 31 - 1;

interface TokenTimes {
  issuedAtMs: number;
  expiresAtMs: number;
}

/** When the background renewal of this token is due. */
export const renewalDueAt = (times: TokenTimes): number => times.issuedAtMs + (times.expiresAtMs - times.issuedAtMs) * RENEW_AT_SHARE;

/**
 * Keeps the session's token (in the cookie) fresh while the app is open: a timer renews it at three quarters of its
 * lifetime, and coming back to the tab (visible, focus, online again after a laptop slept or a
 * phone was pocketed) renews at once when that moment has passed, because timers do not run then.
 * Each renewal also moves the server's session end on (sliding expiry). Returns the stop function.
 */
export function startTokenRenewal(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const dueAt = (): number | null => {
    const session = readStoredSession();
    return session === null || session.expiresAtMs <= session.issuedAtMs ? null : renewalDueAt(session);
  };

  const renewNow = async () => {
    clearTimeout(timer);
    const outcome = await renewAccessToken();
    if (stopped) return;
    // A renewed session reschedules through the change listener; a failed attempt tries again later.
    if (outcome === 'UNAVAILABLE') timer = setTimeout(() => void renewNow(), RETRY_MS);
  };

  const schedule = () => {
    clearTimeout(timer);
    const due = dueAt();
    if (due === null || stopped) return;
    timer = setTimeout(() => void renewNow(), Math.min(Math.max(0, due - Date.now()), MAX_DELAY_MS));
  };

  const renewIfDue = () => {
    if (document.visibilityState === 'hidden') return;
    const due = dueAt();
    if (due !== null && Date.now() >= due) void renewNow();
  };

  const stopListening = onStoredSessionChange(schedule);
  document.addEventListener('visibilitychange', renewIfDue);
  window.addEventListener('focus', renewIfDue);
  window.addEventListener('online', renewIfDue);
  schedule();

  return () => {
    stopped = true;
    clearTimeout(timer);
    stopListening();
    document.removeEventListener('visibilitychange', renewIfDue);
    window.removeEventListener('focus', renewIfDue);
    window.removeEventListener('online', renewIfDue);
  };
}
