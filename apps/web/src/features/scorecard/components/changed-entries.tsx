import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { formatMarksWithAttempts } from '../../../lib/format-boulder-marks';
import { useTranslation } from '../../../lib/translation';
import { usePrincipal } from '../api/principal';
import { roundOf, type RacerWithRound } from '../api/racer-list';
import { useQueueSnapshot } from '../sync/score-queue';
import { acknowledgeChange, undoOwnerOf, useChangesAfterOwnWrites } from '../sync/undo-journal';

interface ChangedEntriesProps {
  /** The racers of the stage on screen, as stored now. */
  racers: readonly RacerWithRound[];
  /** Opens the racer's card on that boulder. */
  onOpen: (racerId: number, boulderIndex: number) => void;
  /** The card on screen, if any: a change of its boulder needs no "Open". */
  open?: { racerId: number; boulderIndex: number } | undefined;
}

/**
 * Tells the judge which of their stored boulder entries somebody else changed afterwards (another
 * judge who kept their own value in a conflict, a head judge's correction): the scorecard would
 * otherwise just show the new value, and a judge who had moved on to the next racer would never
 * know. Each change is told once, until the judge confirms it; a later change is told again.
 */
export function ChangedEntries({ racers, onOpen, open }: ChangedEntriesProps) {
  const { t } = useTranslation();
  const owner = undoOwnerOf(usePrincipal().data);
  const { operations } = useQueueSnapshot();
  const rounds = useMemo(() => racers.flatMap((racer) => roundOf(racer) ?? []), [racers]);
  const racerOfRound = useMemo(() => new Map(racers.flatMap((racer) => (roundOf(racer) ? [[roundOf(racer)!.id, racer] as const] : []))), [racers]);
  const waitingKeys = useMemo(() => new Set(operations.flatMap((op) => (op.kind === 'BOULDER' && op.status !== 'REFUSED' ? [`${op.roundId}:${op.boulderIndex}`] : []))), [operations]);
  const waiting = useCallback((roundId: number, boulderIndex: number) => waitingKeys.has(`${roundId}:${boulderIndex}`), [waitingKeys]);
  const changes = useChangesAfterOwnWrites(owner, rounds, waiting);
  if (changes.length === 0) return null;
  return (
    <Alert color="yellow" icon={<IconInfoCircle aria-hidden />} role="status" p="xs" data-testid="changed-entries">
      <Text size="sm" fw={600}>
        {t('scorecard.changedTitle', { count: changes.length })}
      </Text>
      <Stack gap={6} mt={6}>
        {changes.map((change) => {
          const racer = racerOfRound.get(change.roundId);
          return (
            <Group key={`${change.roundId}:${change.boulderIndex}`} justify="space-between" wrap="nowrap" gap="xs" data-testid="changed-entry">
              <Text size="sm">
                {t('scorecard.changedEntry', {
                  racer: racer ? `${racer.racerNumber} · ${racer.fullName}` : '',
                  target: t('scorecard.boulderTitle', { number: change.boulderIndex + 1 }),
                  mine: formatMarksWithAttempts(change.own),
                  now: formatMarksWithAttempts(change.now),
                })}
              </Text>
              <Group gap={4} wrap="nowrap">
                {racer && (racer.id !== open?.racerId || change.boulderIndex !== open.boulderIndex) && (
                  <Button size="compact-sm" variant="light" color="yellow" onClick={() => onOpen(racer.id, change.boulderIndex)}>
                    {t('scorecard.changedOpen')}
                  </Button>
                )}
                <Button size="compact-sm" variant="default" onClick={() => acknowledgeChange(owner, change.roundId, change.boulderIndex, change.version)}>
                  {t('scorecard.changedSeen')}
                </Button>
              </Group>
            </Group>
          );
        })}
      </Stack>
      <Text size="xs" c="dimmed" mt={6}>
        {t('scorecard.changedHint')}
      </Text>
    </Alert>
  );
}
