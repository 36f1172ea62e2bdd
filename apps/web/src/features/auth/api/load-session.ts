import { renewAccessToken } from '../../../lib/api-client';
import { readStoredSession } from '../../../lib/auth-session';
import { withOfflineCache } from '../../../lib/offline-cache';
import { getCurrentUser, type CurrentUser } from './current-user';

/** The device's copy of the logged-in user (an offline reload reads it); login and logout replace it. */
export const CURRENT_USER_CACHE_KEY = 'current-user';

/**
 * Start-up of spec section 7: get the current user, then renew the token; every failure is
 * swallowed (section 8). Without a stored session both calls must fail, so they are skipped. A
 * token that ran out overnight is renewed (and the user load repeated) by the API client while
 * its session lives; a session that is over drops the token there. A page loaded without a
 * connection keeps the user it last had on this device; the session is read again once the
 * connection is back (sessionQueryOptions).
 */
export const loadSession = async (): Promise<CurrentUser | null> => {
  const session = readStoredSession();
  if (session === null) return null;

  let user: CurrentUser | null = null;
  // A judge's login has no user to read (the scorecard asks the token who it is): no refused call on every load.
  if (!session.judge) {
    try {
      // Without a connection (the judge's phone in the hall) the user of the last load on this
      // device: the header stays logged in instead of offering a login that cannot work.
      user = await withOfflineCache(CURRENT_USER_CACHE_KEY, () => getCurrentUser());
    } catch {
      // Silently ignored: the visitor simply stays logged out.
    }
  }

  if (readStoredSession() !== null) await renewAccessToken();
  return readStoredSession() === null ? null : user;
};
