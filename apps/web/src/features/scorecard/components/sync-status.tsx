import type { ScoreOperation } from '@climbing/domain';
import { Badge, Button, Group, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { IconCloudCheck, IconCloudUpload, IconWifi, IconWifiOff } from '@tabler/icons-react';
import wrapping from '../../../components/ui/wrapping/wrapping-button.module.css';
import { useTranslation } from '../../../lib/translation';
import { useOnlineStatus } from '../../../app/pwa/use-online-status';
import { formatClockTime } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { useQueueSnapshot } from '../sync/score-queue';

/**
 * What the judge can trust, on every scorecard screen: online, offline or the server out of reach,
 * how many entries wait on this device, or that everything is stored and when the last entry was
 * ("All saved" only when nothing waits and nothing needs the judge), or, when the last answer was a
 * refusal the judge has dismissed, that nothing waits and when that entry was refused ("Nothing
 * entered yet" only when no entry was ever stored or refused); the conflicts and refused
 * entries left of this race get a button that opens the first of them, those of other races on the
 * device (another category the judge scored) a button of their own, so the count is never one the
 * cards of this race cannot clear.
 */
/** The status bar's height, for what sticks under it (the opened racer's name, `RacerCardHeader`). */
export const STATUS_HEIGHT_VAR = '--scorecard-status-height';

export function SyncStatus({ raceId, onOpen }: { raceId: number; onOpen?: (op: ScoreOperation) => void }) {
  const { t, i18n } = useTranslation();
  const bar = useRef<HTMLDivElement>(null);
  // Its height changes with what it says (one line "All saved", two with "3 entries waiting" and a button).
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(STATUS_HEIGHT_VAR, `${element.getBoundingClientRect().height}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(STATUS_HEIGHT_VAR);
    };
  }, []);
  const online = useOnlineStatus();
  const queue = useQueueSnapshot();
  const language = currentLanguage(i18n);
  const pending = queue.operations.filter((op) => op.status === 'PENDING');
  const waiting = pending.length;
  // Every tap is an entry: "9 entries waiting" after four racers did not match the judge's sheet, so the racers are counted too.
  const waitingRacers = new Set(pending.map((op) => (op.kind === 'SPEED_MATCH' ? `match-${op.matchId}` : `racer-${op.racerId}`))).size;
  const attention = queue.operations.filter((op) => op.status !== 'PENDING');
  const attentionHere = attention.filter((op) => op.raceId === raceId);
  const attentionElsewhere = attention.filter((op) => op.raceId !== raceId);
  // A refusal after the last save (ISO times sort in time order) is what the line reports once nothing waits.
  const refusedLast = queue.lastRefusedAt !== null && (queue.lastSavedAt === null || queue.lastRefusedAt > queue.lastSavedAt) ? queue.lastRefusedAt : null;
  // Online by the browser's word, but the last send found no server (a dead hall Wi-Fi, a proxy down).
  const reachable = online && !(queue.blocked?.reason === 'RETRY' && queue.blocked.code === 'NETWORK');
  return (
    // Sticky under the app header: the judge sees it wherever the card is scrolled.
    <Group
      ref={bar}
      gap="xs"
      wrap="wrap"
      data-testid="sync-status"
      role="status"
      aria-live="polite"
      py={6}
      style={{ position: 'sticky', top: 60, zIndex: 50, background: 'var(--mantine-color-body)', borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Badge
        color={reachable ? 'green' : online ? 'orange' : 'gray'}
        variant={reachable ? 'light' : 'filled'}
        leftSection={reachable ? <IconWifi size={14} aria-hidden /> : <IconWifiOff size={14} aria-hidden />}
        data-testid="sync-connection"
      >
        {reachable ? t('sync.online') : online ? t('sync.serverUnreachable') : t('sync.offline')}
      </Badge>
      {waiting > 0 ? (
        <Text size="sm" fw={600} c="orange.8" data-testid="sync-waiting">
          <IconCloudUpload size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> {t('sync.waiting', { count: waiting })}
          {waitingRacers > 1 && waitingRacers < waiting ? ` ${t('sync.waitingRacers', { count: waitingRacers })}` : ''}
          {queue.blocked?.reason === 'AUTH' ? ` ${t('sync.login')}` : ''}
        </Text>
      ) : attention.length > 0 ? null : refusedLast ? (
        // The last answer was a refusal the judge has dismissed: entries were made, just not stored.
        <Text size="sm" c="dimmed" data-testid="sync-saved">
          {t('sync.lastRefused', { time: formatClockTime(refusedLast, language) })}
        </Text>
      ) : queue.lastSavedAt ? (
        <Text size="sm" c="green.8" data-testid="sync-saved">
          <IconCloudCheck size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> {t('sync.allSaved', { time: formatClockTime(queue.lastSavedAt, language) })}
        </Text>
      ) : (
        <Text size="sm" c="dimmed" data-testid="sync-saved">
          {t('sync.nothingYet')}
        </Text>
      )}
      {queue.unstored && (
        <Text size="sm" fw={600} c="red.8" data-testid="sync-unstored">
          {t('sync.unstored')}
        </Text>
      )}
      {attentionHere.length > 0 && onOpen && (
        <Button size="sm" mih={44} color="yellow" variant="filled" onClick={() => attentionHere[0] && onOpen(attentionHere[0])} data-testid="sync-attention">
          {t('sync.attention', { count: attentionHere.length })}
        </Button>
      )}
      {attentionElsewhere.length > 0 && onOpen && (
        <Button size="sm" mih={44} color="yellow" variant="light" classNames={{ root: wrapping.root, label: wrapping.label }} onClick={() => attentionElsewhere[0] && onOpen(attentionElsewhere[0])} data-testid="sync-attention-elsewhere">
          {t('sync.attentionElsewhere', { count: attentionElsewhere.length })}
        </Button>
      )}
    </Group>
  );
}
