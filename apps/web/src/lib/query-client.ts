import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

// Client errors (4xx) will not change on retry; only network and server failures are retried once.
const shouldRetry = (failureCount: number, error: Error): boolean =>
  failureCount < 1 && !(error instanceof ApiError && error.status < 500);

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
