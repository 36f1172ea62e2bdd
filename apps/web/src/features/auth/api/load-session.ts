import { renewAccessToken } from '../../../lib/api-client';
import { readAuthToken } from '../../../lib/auth-token';
import { getCurrentUser, type CurrentUser } from './current-user';

/**
 * Start-up of spec section 7: get the current user, then renew the token; every failure is
 * swallowed (section 8). Without a stored token both calls must fail, so they are skipped. A
 * token that ran out overnight is renewed (and the user load repeated) by the API client while
 * its session lives; a session that is over drops the token there.
 */
export const loadSession = async (): Promise<CurrentUser | null> => {
  if (readAuthToken() === null) return null;

  let user: CurrentUser | null = null;
  try {
    user = await getCurrentUser();
  } catch {
    // Silently ignored: the visitor simply stays logged out.
  }

  if (readAuthToken() !== null) await renewAccessToken();
  return readAuthToken() === null ? null : user;
};
