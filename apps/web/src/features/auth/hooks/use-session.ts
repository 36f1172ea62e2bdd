import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { clearStoredSession, sessionOfLogin, storeSession } from '../../../lib/auth-session';
import { removeStored, writeStored } from '../../../lib/device-store';
import { getCurrentUser, type CurrentUser } from '../api/current-user';
import { CURRENT_USER_CACHE_KEY, loadSession } from '../api/load-session';
import { createToken, deleteToken, type Credentials } from '../api/token';

/**
 * The session lives in the query cache under one key: the start-up load fills it, login and
 * logout overwrite it. It never goes stale on its own, so it is fetched once per page load, and
 * again when the connection comes back.
 */
export const sessionQueryOptions = queryOptions({
  queryKey: ['session'] as const,
  queryFn: loadSession,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: false,
  refetchOnWindowFocus: false,
  // Runs at start-up also without a connection (then from the device's copy), instead of waiting.
  networkMode: 'offlineFirst',
  // A page loaded offline took the user from the device: the server confirms it (or ends it) once online.
  refetchOnReconnect: 'always',
});

export interface Session {
  user: CurrentUser | null;
  /** True until the start-up user load and token renewal have both finished (spec section 4). */
  loading: boolean;
}

export const useSession = (): Session => {
  const { data, isPending } = useQuery(sessionQueryOptions);
  return { user: data ?? null, loading: isPending };
};

/**
 * Whoever is logged in changed (login, logout, another account over a session that ended): the
 * session takes the new user (null for a visitor or an event's judge login, which has no user),
 * the device's copy that an offline reload reads is replaced (or removed), and every other query
 * is reset, because any of them may depend on who asks (the scorecard's principal, an event's
 * `canScore` and `canManage`, hidden events, my board). Reset (not clear) keeps the mounted
 * observers attached, so visible pages load again as the new principal; the data of the one
 * before is never shown meanwhile. Resolves once the device copy is written and the active queries
 * were asked again (their answers may still be on their way for a failing network).
 */
export const applySessionChange = async (queryClient: QueryClient, user: CurrentUser | null): Promise<void> => {
  queryClient.setQueryData(sessionQueryOptions.queryKey, user);
  const deviceCopy = user === null ? removeStored('cache', CURRENT_USER_CACHE_KEY) : writeStored('cache', CURRENT_USER_CACHE_KEY, user);
  await deviceCopy.catch(() => undefined);
  void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryOptions.queryKey[0] });
};

/**
 * Logs in with an account e-mail or an event's judge login (no '@': the scorecard's own form and
 * the re-login dialog take those). Answers the user, or null for a judge login, which has no
 * `GET /api/user`: the token alone speaks for it (the header shows the judge's event).
 */
export const logIn = async (queryClient: QueryClient, credentials: Credentials): Promise<CurrentUser | null> => {
  storeSession(sessionOfLogin(await createToken(credentials), credentials.email));
  let user: CurrentUser | null = null;
  if (credentials.email.includes('@')) {
    try {
      user = await getCurrentUser();
    } catch (error) {
      // Half a login (token without user) would leave the header and the storage disagreeing.
      clearStoredSession();
      throw error;
    }
  }
  await applySessionChange(queryClient, user);
  return user;
};

/** The login page, sign-up and the scorecard's judge login: see `logIn`. */
export const useLogin = (): ((credentials: Credentials) => Promise<CurrentUser | null>) => {
  const queryClient = useQueryClient();
  return useCallback((credentials: Credentials) => logIn(queryClient, credentials), [queryClient]);
};

export const useLogout = (): (() => Promise<void>) => {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await deleteToken();
    } catch {
      // The local session ends regardless; an already revoked token is not the user's problem.
    }
    clearStoredSession();
    await applySessionChange(queryClient, null);
  }, [queryClient]);
};

/** Replaces the session's user (and its device copy) after a change the server answered with the new user (profile, photo). */
export const useSetSessionUser = (): ((user: CurrentUser) => void) => {
  const queryClient = useQueryClient();
  return useCallback(
    (user: CurrentUser) => {
      queryClient.setQueryData(sessionQueryOptions.queryKey, user);
      void writeStored('cache', CURRENT_USER_CACHE_KEY, user).catch(() => undefined);
    },
    [queryClient],
  );
};

/** Reloads the user (role flags change when an organization is registered or an invitation accepted). */
export const useReloadSessionUser = (): (() => Promise<void>) => {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      const user = await getCurrentUser();
      queryClient.setQueryData(sessionQueryOptions.queryKey, user);
      void writeStored('cache', CURRENT_USER_CACHE_KEY, user).catch(() => undefined);
    } catch {
      // The next page load tries again; a revoked session is handled by the API client.
    }
  }, [queryClient]);
};
