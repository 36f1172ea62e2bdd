import { Badge, type MantineSize } from '@mantine/core';
import { useTranslation } from '../../../lib/translation';
import type { LiveStatus } from '../api/use-live-results';

const COLORS: Record<LiveStatus, string> = { connecting: 'gray', live: 'green', reconnecting: 'yellow', ended: 'red' };

export function LiveStatusBadge({ status, size }: { status: LiveStatus; size?: MantineSize }) {
  const { t } = useTranslation();
  return (
    <Badge size={size} color={COLORS[status]} variant={status === 'live' ? 'filled' : 'light'} style={{ flexShrink: 0, overflow: 'visible' }} role="status" data-testid="live-status" data-status={status}>
      {t(`live.status.${status}`)}
    </Badge>
  );
}
