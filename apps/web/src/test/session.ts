import { readStoredSession, storeSession } from '../lib/auth-session';

/** Stores a logged-in session named by its CSRF token, with a token that lasts `lifetimeMs`. */
export const storeTestSession = (csrfToken: string, lifetimeMs = 3_600_000): void =>
  storeSession({ csrfToken, issuedAtMs: Date.now(), expiresAtMs: Date.now() + lifetimeMs });

/** The CSRF token of the stored session (which session the app holds), or null when logged out. */
export const storedCsrfToken = (): string | null => readStoredSession()?.csrfToken ?? null;

/** A login or renewal answer in cookie mode: no token in the body, the session's CSRF token and the token's times. */
export const tokenAnswer = (csrfToken: string, lifetimeMs = 3_600_000) => ({
  token: null,
  csrfToken,
  issuedAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + lifetimeMs).toISOString(),
});
