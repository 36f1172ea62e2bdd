import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { clearStoredSession, storeSession } from '../../../lib/auth-session';
import { getCurrentUser, type CurrentUser } from '../api/current-user';
import { loadSession } from '../api/load-session';
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

export const useLogin = (): ((credentials: Credentials) => Promise<CurrentUser>) => {
  const queryClient = useQueryClient();
  return useCallback(
    async (credentials: Credentials) => {
      storeSession(await createToken(credentials));
      try {
        const user = await getCurrentUser();
        queryClient.setQueryData(sessionQueryOptions.queryKey, user);
        return user;
      } catch (error) {
        // Half a login (token without user) would leave the header and the storage disagreeing.
        clearStoredSession();
        throw error;
      }
    },
    [queryClient],
  );
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
    queryClient.setQueryData(sessionQueryOptions.queryKey, null);
    // Other cached server data may depend on who was logged in. Reset (not clear) keeps the
    // mounted observers attached, so visible lists refetch as a visitor.
    await queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryOptions.queryKey[0] });
  }, [queryClient]);
};

/** Replaces the session's user after a change the server answered with the new user (profile, photo). */
export const useSetSessionUser = (): ((user: CurrentUser) => void) => {
  const queryClient = useQueryClient();
  return useCallback((user: CurrentUser) => queryClient.setQueryData(sessionQueryOptions.queryKey, user), [queryClient]);
};

/** Reloads the user (role flags change when an organization is registered or an invitation accepted). */
export const useReloadSessionUser = (): (() => Promise<void>) => {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      queryClient.setQueryData(sessionQueryOptions.queryKey, await getCurrentUser());
    } catch {
      // The next page load tries again; a revoked session is handled by the API client.
    }
  }, [queryClient]);
};
