import { renewAccessToken } from '../../../lib/api-client';
import { readStoredSession } from '../../../lib/auth-session';
import { getCurrentUser, type CurrentUser } from './current-user';

/**
 * Start-up of spec section 7: get the current user, then renew the token; every failure is
 * swallowed (section 8). Without a stored session both calls must fail, so they are skipped. A
 * token that ran out overnight is renewed (and the user load repeated) by the API client while
 * its session lives; a session that is over drops the token there.
 */
export const loadSession = async (): Promise<CurrentUser | null> => {
  if (readStoredSession() === null) return null;

  let user: CurrentUser | null = null;
  try {
    user = await getCurrentUser();
  } catch {
    // Silently ignored: the visitor simply stays logged out.
  }

  if (readStoredSession() !== null) await renewAccessToken();
  return readStoredSession() === null ? null : user;
};
