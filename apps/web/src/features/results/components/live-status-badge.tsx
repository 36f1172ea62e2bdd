import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LiveStatus } from '../api/use-live-results';

const COLORS: Record<LiveStatus, string> = { connecting: 'gray', live: 'green', reconnecting: 'yellow', ended: 'red' };

export function LiveStatusBadge({ status }: { status: LiveStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant={status === 'live' ? 'filled' : 'light'} style={{ flexShrink: 0, overflow: 'visible' }} role="status" data-testid="live-status" data-status={status}>
      {t(`live.status.${status}`)}
    </Badge>
  );
}
