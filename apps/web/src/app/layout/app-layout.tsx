import { Anchor, AppShell, Container, Group, Stack } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { ReloginDialog } from '../../features/auth/components/relogin-dialog';
import { useAdminPath } from '../admin-path';
import { OfflineNotice } from '../pwa/offline-notice';
import { UpdateNotice } from '../pwa/update-notice';
import { AppHeader } from './app-header';
import { PageLoading } from './page-loading';

/** The shell around every page: header, page content with its loading fallback, notices. */
export function AppLayout() {
  const { t, i18n } = useTranslation();
  const adminPath = useAdminPath();

  useEffect(() => {
    document.title = t('app.title');
  }, [t, i18n.language]);

  return (
    <AppShell header={{ height: 60 }} padding="md" data-admin-path={adminPath || undefined}>
      <AppShell.Header>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main>
        <Container size="md" id="main-content">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Container>
        <Container size="md" component="footer" mt="xl" pt="md" pb="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Group component="nav" aria-label={t('footer.label')} gap="md" justify="center">
            {(['about', 'contact', 'privacy'] as const).map((page) => (
              <Anchor key={page} component={Link} to={`/${page}`} size="sm" c="dimmed">
                {t(`footer.${page}`)}
              </Anchor>
            ))}
          </Group>
        </Container>
      </AppShell.Main>
      {/* Connection and version notices stay at the bottom, clear of the toast at the top. */}
      <Stack
        gap="xs"
        style={{ position: 'fixed', bottom: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 900, maxWidth: 500 }}
      >
        <OfflineNotice />
        <UpdateNotice />
      </Stack>
      <ReloginDialog />
    </AppShell>
  );
}
