import { Badge, type MantineSize } from '@mantine/core';
import { useTranslation } from '../../../lib/translation';
import type { LiveStatus } from '../api/use-live-results';

const COLORS: Record<LiveStatus, string> = { connecting: 'gray', live: 'green', reconnecting: 'yellow', ended: 'red' };

/** The stream's state; once the race is finished a connected stream says so instead of "Live" (nothing more will come). */
export function LiveStatusBadge({ status, size, finished = false }: { status: LiveStatus; size?: MantineSize; finished?: boolean }) {
  const { t } = useTranslation();
  const over = finished && status === 'live';
  return (
    <Badge
      size={size}
      color={over ? 'gray' : COLORS[status]}
      variant={status === 'live' && !over ? 'filled' : 'light'}
      style={{ flexShrink: 0, overflow: 'visible' }}
      role="status"
      data-testid="live-status"
      data-status={over ? 'finished' : status}
    >
      {over ? t('live.raceState.FINISHED') : t(`live.status.${status}`)}
    </Badge>
  );
}
