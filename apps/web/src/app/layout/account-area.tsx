import { Button, Text } from '@mantine/core';
import { IconChevronDown, IconGavel } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation';
import { guard as g } from '@climbing/domain';
import { DeferredMenu } from '../../components/ui/deferred-menu/deferred-menu';
import { apiRequest } from '../../lib/api-client';
import { UserMenu } from '../../features/auth/components/user-menu';
import { useSession } from '../../features/auth/hooks/use-session';
import { principalQueryOptions } from '../../features/scorecard/api/principal';

const loadJudgeMenu = async () => (await import('./judge-menu')).default;

const eventNameSchema = g.object({ name: g.string(), displayName: g.nullish(g.string()) });

/**
 * The header's account corner: a user's account menu, or for an event's judge login (which has no
 * user, only a token; `GET /api/token` says JUDGE_ACCOUNT) its event and a log-out, so a judge on a
 * shared phone sees who is logged in and can end it (issue 10, item 8).
 */
export function AccountArea() {
  const { user, loading } = useSession();
  const principal = useQuery({ ...principalQueryOptions, enabled: !loading && user === null });
  const judgeEventId = !loading && user === null && principal.data?.kind === 'JUDGE_ACCOUNT' ? principal.data.eventId : null;
  return judgeEventId === null ? <UserMenu /> : <JudgeAccount eventId={judgeEventId} />;
}

function JudgeAccount({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const event = useQuery({
    queryKey: ['judge-event', eventId] as const,
    queryFn: ({ signal }) => apiRequest(`/api/event/${eventId}`, { schema: eventNameSchema, signal }),
    staleTime: 10 * 60_000,
  });
  const eventName = event.data ? event.data.displayName || event.data.name : `#${eventId}`;

  return (
    <DeferredMenu
      load={loadJudgeMenu}
      menuProps={{ eventId, eventName }}
      trigger={
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
      }
    />
  );
}
