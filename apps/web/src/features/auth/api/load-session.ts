import { ApiError } from '../../../lib/api-error';
import { clearAuthToken, readAuthToken, storeAuthToken } from '../../../lib/auth-token';
import { getCurrentUser, type CurrentUser } from './current-user';
import { renewToken } from './token';

/**
 * Start-up of spec section 7: get the current user, then renew the token; every failure is
 * swallowed (section 8). Without a stored token both calls must fail, so they are skipped.
 */
export const loadSession = async (): Promise<CurrentUser | null> => {
  if (readAuthToken() === null) return null;

  let user: CurrentUser | null = null;
  try {
    user = await getCurrentUser();
  } catch {
    // Silently ignored: the visitor simply stays logged out.
  }

  try {
    storeAuthToken(await renewToken());
  } catch (error) {
    // A rejected token will never work again; dropping it spares every later call a 401.
    if (error instanceof ApiError && error.status === 401) clearAuthToken();
  }

  return user;
};
