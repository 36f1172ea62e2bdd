import { Button, Menu, Text } from '@mantine/core';
import { IconCalendarEvent, IconChevronDown, IconGavel, IconLogout } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { useToast } from '../../components/ui/toast/toast-context';
import { apiRequest } from '../../lib/api-client';
import { UserMenu } from '../../features/auth/components/user-menu';
import { useLogout, useSession } from '../../features/auth/hooks/use-session';
import { principalQueryOptions } from '../../features/scorecard/api/principal';

const eventNameSchema = z.object({ name: z.string(), displayName: z.string().nullish() });

/**
 * The header's account corner: a user's account menu, or for an event's judge login (which has no
 * user, only a token; `GET /api/token` says JUDGE_ACCOUNT) its event and a log-out, so a judge on a
 * shared phone sees who is logged in and can end it (issue 10, item 8).
 */
export function AccountArea() {
  const { user, loading } = useSession();
  const principal = useQuery({ ...principalQueryOptions, enabled: !loading && user === null });
  const judgeEventId = !loading && user === null && principal.data?.kind === 'JUDGE_ACCOUNT' ? principal.data.eventId : null;
  return judgeEventId === null ? <UserMenu /> : <JudgeMenu eventId={judgeEventId} />;
}

function JudgeMenu({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const { notify } = useToast();
  const event = useQuery({
    queryKey: ['judge-event', eventId] as const,
    queryFn: ({ signal }) => apiRequest(`/api/event/${eventId}`, { schema: eventNameSchema, signal }),
    staleTime: 10 * 60_000,
  });
  const eventName = event.data ? event.data.displayName || event.data.name : `#${eventId}`;

  const handleLogout = async () => {
    await logout();
    notify({ type: 'success', message: t('auth.loggedOut') });
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          aria-label={t('judgeMenu.label', { event: eventName })}
          leftSection={<IconGavel size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          px={{ base: 'xs', sm: 'md' }}
          data-testid="judge-menu"
        >
          <Text span inherit visibleFrom="sm" maw={220} truncate>
            {eventName}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('judgeMenu.title', { event: eventName })}</Menu.Label>
        <Menu.Item component={Link} to={`/events/${eventId}`} leftSection={<IconCalendarEvent size={16} aria-hidden />}>
          {t('judgeMenu.event')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void handleLogout()}>
          {t('auth.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
