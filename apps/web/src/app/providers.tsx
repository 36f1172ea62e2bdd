import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { ToastProvider } from '../components/ui/toast/toast-provider';
import { applySessionChange, sessionQueryOptions } from '../features/auth/hooks/use-session';
import type { CurrentUser } from '../features/auth/api/current-user';
import { requestRelogin } from '../features/auth/model/relogin-request';
import { principalQueryOptions } from '../features/scorecard/api/principal';
import { ScoreQueueProvider } from '../features/scorecard/sync/score-queue';
import { setSessionRevokedHandler } from '../lib/api-client';
import { startTokenRenewal } from '../lib/token-renewal';
import { TranslationProvider, type I18n } from '../lib/translation';
import { cssVariablesResolver, theme } from './theme';


interface AppProvidersProps {
  i18n: I18n;
  queryClient: QueryClient;
  children: ReactNode;
  /**
   * "test" (the component tests): Mantine renders without transitions and portals, so a menu or a
   * dialog is there at once instead of after a timer that a busy machine may delay past a query.
   */
  mantineEnv?: 'default' | 'test';
}

/**
 * A session the server no longer accepts (idle too long, logged out or blocked elsewhere; an
 * expired token alone is renewed by the API client first) asks to log in again over the open
 * page, which keeps what was typed. A deactivated or deleted account cannot log in again: its
 * session simply ends (the header shows "Log in", pages for account holders send to the login).
 */
function useHandleSessionEnd(queryClient: QueryClient) {
  useEffect(() => {
    setSessionRevokedHandler((code) => {
      const user = queryClient.getQueryData<CurrentUser | null>(sessionQueryOptions.queryKey);
      const principal = queryClient.getQueryData(principalQueryOptions.queryKey);
      const accountGone = code === 'ACCOUNT_DEACTIVATED' || code === 'ACCOUNT_DELETED';
      if (!accountGone && user) requestRelogin({ login: user.email });
      else if (!accountGone && principal) requestRelogin({ login: '' });
      else void applySessionChange(queryClient, null);
    });
    const stopRenewal = startTokenRenewal();
    return () => {
      setSessionRevokedHandler(null);
      stopRenewal();
    };
  }, [queryClient]);
}

/** Everything a page needs around it; tests render pages inside the same providers. */
export function AppProviders({ i18n, queryClient, children, mantineEnv = 'default' }: AppProvidersProps) {
  useHandleSessionEnd(queryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={mantineEnv}>
      <TranslationProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          {/* The judge's score queue lives for the whole app: entries left from earlier are sent at start. */}
          <ScoreQueueProvider>
            <ToastProvider>{children}</ToastProvider>
          </ScoreQueueProvider>
        </QueryClientProvider>
      </TranslationProvider>
    </MantineProvider>
  );
}
