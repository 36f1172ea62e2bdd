import type { ScoreOperation } from '@climbing/domain';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconCloudCheck, IconCloudUpload, IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/translation';
import { useOnlineStatus } from '../../../app/pwa/use-online-status';
import { formatClockTime } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { useQueueSnapshot } from '../sync/score-queue';

/**
 * What the judge can trust, on every scorecard screen: online or offline, how many entries wait
 * on this device, or that everything is stored and when the last entry was; a conflict or a
 * refused entry elsewhere on the device gets a button to open it.
 */
export function SyncStatus({ onOpen }: { onOpen?: (op: ScoreOperation) => void }) {
  const { t, i18n } = useTranslation();
  const online = useOnlineStatus();
  const queue = useQueueSnapshot();
  const language = currentLanguage(i18n);
  const waiting = queue.operations.filter((op) => op.status === 'PENDING').length;
  const attention = queue.operations.filter((op) => op.status !== 'PENDING');
  return (
    // Sticky under the app header: the judge sees it wherever the card is scrolled.
    <Group
      gap="xs"
      wrap="wrap"
      data-testid="sync-status"
      role="status"
      aria-live="polite"
      py={6}
      style={{ position: 'sticky', top: 60, zIndex: 50, background: 'var(--mantine-color-body)', borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Badge color={online ? 'green' : 'gray'} variant={online ? 'light' : 'filled'} leftSection={online ? <IconWifi size={14} aria-hidden /> : <IconWifiOff size={14} aria-hidden />} data-testid="sync-connection">
        {online ? t('sync.online') : t('sync.offline')}
      </Badge>
      {waiting > 0 ? (
        <Text size="sm" fw={600} c="orange.8" data-testid="sync-waiting">
          <IconCloudUpload size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> {t('sync.waiting', { count: waiting })}
          {queue.blocked?.reason === 'AUTH' ? ` ${t('sync.login')}` : ''}
        </Text>
      ) : queue.lastSavedAt ? (
        <Text size="sm" c="green.8" data-testid="sync-saved">
          <IconCloudCheck size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> {t('sync.allSaved', { time: formatClockTime(queue.lastSavedAt, language) })}
        </Text>
      ) : attention.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="sync-saved">
          {t('sync.nothingYet')}
        </Text>
      ) : null}
      {queue.unstored && (
        <Text size="sm" fw={600} c="red.8" data-testid="sync-unstored">
          {t('sync.unstored')}
        </Text>
      )}
      {attention.length > 0 && onOpen && (
        <Button size="compact-sm" color="yellow" variant="light" onClick={() => attention[0] && onOpen(attention[0])} data-testid="sync-attention">
          {t('sync.attention', { count: attention.length })}
        </Button>
      )}
    </Group>
  );
}
