/**
 * What the web app keeps of a login (docs/security.md, "Session cookie"). The access token itself
 * lives in an HttpOnly cookie that no script can read; local storage keeps only the session's CSRF
 * token (worthless without the cookie) and the token's times, so a reload stays logged in, the
 * renewal is scheduled and other tabs learn of a login or logout.
 */
export interface StoredSession {
  /** Sent in X-CSRF-Token with every call: the server wants it on calls that change something. */
  csrfToken: string;
  issuedAtMs: number;
  expiresAtMs: number;
  /** An event's judge login: it has no user (`GET /api/user` refuses it), the token alone speaks for it. */
  judge?: true;
}

const SESSION_STORAGE_KEY = 'session';
/** Where earlier versions kept the bearer token itself: removed wherever it is still found. */
const LEGACY_TOKEN_KEY = 'authToken';

const listeners = new Set<() => void>();

/** Told whenever this tab stores or clears the session, or another tab does (the storage event). */
export const onStoredSessionChange = (listener: () => void): (() => void) => {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
};

const notify = () => {
  for (const listener of listeners) listener();
};

const isStoredSession = (value: unknown): value is StoredSession => {
  if (typeof value !== 'object' || value === null) return false;
  const { csrfToken, issuedAtMs, expiresAtMs } = value as Record<string, unknown>;
  return typeof csrfToken === 'string' && csrfToken !== '' && typeof issuedAtMs === 'number' && typeof expiresAtMs === 'number';
};

export const readStoredSession = (): StoredSession | null => {
  try {
    window.localStorage.removeItem(LEGACY_TOKEN_KEY);
    const raw = window.localStorage.getItem(SESSION_STORAGE_KEY);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    return isStoredSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

export const storeSession = (session: StoredSession): void => {
  try {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  } catch {
    // Without storage the session simply ends with the tab.
  }
  notify();
};

export const clearStoredSession = (): void => {
  try {
    window.localStorage.removeItem(SESSION_STORAGE_KEY);
    window.localStorage.removeItem(LEGACY_TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
  notify();
};

/**
 * The session of a login or renewal answer (POST /api/token/create, PUT /api/token/renew with
 * X-Session-Transport: cookie). The token's lifetime is measured on this device's clock from the
 * answer, so a wrong clock on a judge's phone does not make it renew too late.
 */
export const sessionOfTokenAnswer = (answer: { csrfToken: string; expiresAt: string; issuedAt?: string }, now = Date.now()): StoredSession => {
  const lifetimeMs = Math.max(0, Date.parse(answer.expiresAt) - (answer.issuedAt ? Date.parse(answer.issuedAt) : now));
  return { csrfToken: answer.csrfToken, issuedAtMs: now, expiresAtMs: now + lifetimeMs };
};

/** The session of a login with `login`: a judge's login has no '@' (an account's is an e-mail address). */
export const sessionOfLogin = (session: StoredSession, login: string): StoredSession => (login.includes('@') ? session : { ...session, judge: true });

/** The same session (the CSRF token names the server's session; it stays the same across renewals). */
export const sameSession = (a: StoredSession | null, b: StoredSession | null): boolean => a !== null && b !== null && a.csrfToken === b.csrfToken;
