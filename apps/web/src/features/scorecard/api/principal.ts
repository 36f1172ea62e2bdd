import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentPrincipal } from './judge-login';

export const principalQueryOptions = queryOptions({
  queryKey: ['principal'] as const,
  queryFn: ({ signal }) => currentPrincipal(signal),
  staleTime: 60_000,
});

/** Who the stored token speaks for (a user or an event's judge account), or null. */
export const usePrincipal = () => useQuery(principalQueryOptions);
