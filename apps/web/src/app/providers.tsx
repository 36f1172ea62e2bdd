import { MantineProvider, createTheme } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ToastProvider } from '../components/ui/toast/toast-provider';
import { sessionQueryOptions } from '../features/auth/hooks/use-session';
import { setSessionRevokedHandler } from '../lib/api-client';

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'md' });

interface AppProvidersProps {
  i18n: I18n;
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * A token the server no longer accepts (blocked, deactivated, logged out elsewhere) ends the
 * session here too: the header shows "Log in" and pages for account holders send to the login.
 */
function useEndSessionWhenRevoked(queryClient: QueryClient) {
  useEffect(() => {
    setSessionRevokedHandler(() => {
      queryClient.setQueryData(sessionQueryOptions.queryKey, null);
    });
    return () => setSessionRevokedHandler(null);
  }, [queryClient]);
}

/** Everything a page needs around it; tests render pages inside the same providers. */
export function AppProviders({ i18n, queryClient, children }: AppProvidersProps) {
  useEndSessionWhenRevoked(queryClient);
  return (
    <MantineProvider theme={theme}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>{children}</ToastProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}
