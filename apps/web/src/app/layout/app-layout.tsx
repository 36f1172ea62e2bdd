import { Anchor, Container, Group, Stack } from '@mantine/core';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/translation';
import { Link, Outlet } from 'react-router';
import { useReloginRequest } from '../../features/auth/model/relogin-request';
import { useAdminPath } from '../admin-path';
import { useWidePage } from '../wide-page';
import { OfflineNotice } from '../pwa/offline-notice';
import { UpdateNotice } from '../pwa/update-notice';
import { AppHeader } from './app-header';
import classes from './app-layout.module.css';
import { PageLoading } from './page-loading';
import { useFocusHeadingOnNavigation } from './use-focus-heading';

const ReloginDialog = lazy(() => import('../../features/auth/components/relogin-dialog').then((module) => ({ default: module.ReloginDialog })));

/**
 * The "log in again" dialog is downloaded the first time a session ends, not with every page
 * (issue 14, item 5); once there it stays mounted, so it closes like any dialog.
 */
function ReloginWhenAsked() {
  const request = useReloginRequest();
  const [asked, setAsked] = useState(false);
  if (request !== null && !asked) setAsked(true);
  if (!asked && request === null) return null;
  return (
    <Suspense fallback={null}>
      <ReloginDialog />
    </Suspense>
  );
}

/** The shell around every page: header, page content with its loading fallback, notices. */
export function AppLayout() {
  const { t, i18n } = useTranslation();
  const adminPath = useAdminPath();
  const size = useWidePage() ? 'xl' : 'md';
  useFocusHeadingOnNavigation('main-content');

  useEffect(() => {
    document.title = t('app.title');
  }, [t, i18n.language]);

  return (
    <div data-admin-path={adminPath || undefined}>
      <header className={`${classes.header} app-header`}>
        <AppHeader />
      </header>
      <main className={`${classes.main} app-main`}>
        <Container size={size} id="main-content">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Container>
        <Container size={size} component="footer" mt="xl" pt="md" pb="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Group component="nav" aria-label={t('footer.label')} gap="md" justify="center">
            {(['about', 'contact', 'privacy'] as const).map((page) => (
              <Anchor key={page} component={Link} to={`/${page}`} size="sm" c="dimmed">
                {t(`footer.${page}`)}
              </Anchor>
            ))}
          </Group>
        </Container>
      </main>
      {/* Connection and version notices stay at the bottom, clear of the toast at the top. */}
      <Stack
        gap="xs"
        style={{ position: 'fixed', bottom: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 900, maxWidth: 500 }}
      >
        <OfflineNotice />
        <UpdateNotice />
      </Stack>
      <ReloginWhenAsked />
    </div>
  );
}
