import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { organizationQuery } from '../api/organizations';
import { LoadFailure } from './load-failure';

/** The events come second: an organiser opens them most (they were last, and cut off at the screen's edge). */
export const ORGANIZATION_ADMIN_TABS = ['members', 'events', 'invitations', 'settings', 'age-categories', 'cup-categories', 'race-settings', 'cup-settings'] as const;

/** Organization management: the organization's name and one tab per admin screen. */
export function OrganizationAdminLayout() {
  const { t } = useTranslation();
  const id = Number(useParams().organizationId);
  const organization = useQuery(organizationQuery(id));
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = ORGANIZATION_ADMIN_TABS.find((tab) => pathname.endsWith(`/${tab}`)) ?? 'members';

  if (organization.isError) return <LoadFailure error={organization.error} onRetry={() => void organization.refetch()} />;
  return (
    <Stack gap="md">
      <div>
        <Text size="sm" c="dimmed">
          {t('organizationAdmin.title')}
        </Text>
        <Title order={1}>{organization.data?.name ?? t('app.loading')}</Title>
      </div>
      <Tabs value={current} onChange={(tab) => tab && void navigate(`/admin/organization/${id}/${tab}`)} keepMounted={false}>
        {/* Eight tabs do not fit one line on a phone (nor at 1366 px): they wrap rather than scroll out of sight. */}
        <Tabs.List>
          {ORGANIZATION_ADMIN_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`organizationAdmin.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
