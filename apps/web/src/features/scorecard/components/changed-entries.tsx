import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../../lib/translation';
import { usePrincipal } from '../api/principal';
import type { ChangeTarget } from '../model/changed-targets';
import { useQueueSnapshot } from '../sync/score-queue';
import { acknowledgeChange, journalPlaceOf, undoOwnerOf, useChangesAfterOwnWrites, type JournalPlace } from '../sync/undo-journal';

interface ChangedEntriesProps<Target extends ChangeTarget> {
  /** The entries of the screen as stored now (model/changed-targets.ts): a stage's boulders, lead routes or speed runs, a bracket's matches. */
  entries: readonly Target[];
  /** Opens the racer's card (the match) on that entry. */
  onOpen: (entry: Target) => void;
  /** The entry is on screen already (its card is open): it needs no "Open". */
  isOpen: (entry: Target) => boolean;
}

const placeKey = ({ scope, target }: JournalPlace) => `${scope}|${target}`;

/**
 * Tells the judge which of their stored entries (a boulder, a lead route, a speed run or match)
 * somebody else changed afterwards (another judge who kept their own value in a conflict, a head
 * judge's correction): the scorecard would otherwise just show the new value, and a judge who had
 * moved on to the next racer would never know. Each change is told once, until the judge confirms
 * it; a later change is told again. One component for every discipline: the entries bring their
 * own words.
 */
export function ChangedEntries<Target extends ChangeTarget>({ entries, onOpen, isOpen }: ChangedEntriesProps<Target>) {
  const { t } = useTranslation();
  const owner = undoOwnerOf(usePrincipal().data);
  const { operations } = useQueueSnapshot();
  const waitingKeys = useMemo(() => new Set(operations.flatMap((op) => (op.status !== 'REFUSED' ? [placeKey(journalPlaceOf(op))] : []))), [operations]);
  const waiting = useCallback((place: JournalPlace) => waitingKeys.has(placeKey(place)), [waitingKeys]);
  const changes = useChangesAfterOwnWrites(owner, entries, waiting);
  if (changes.length === 0) return null;
  return (
    <Alert color="yellow" icon={<IconInfoCircle aria-hidden />} role="status" p="xs" data-testid="changed-entries">
      <Text size="sm" fw={600}>
        {t('scorecard.changedTitle', { count: changes.length })}
      </Text>
      <Stack gap={6} mt={6}>
        {changes.map(({ entry, own }) => {
          const words = entry.describe(own, entry.value);
          return (
            <Group key={placeKey(entry)} justify="space-between" wrap="nowrap" gap="xs" data-testid="changed-entry">
              <Text size="sm">{t('scorecard.changedEntry', { racer: entry.racer, target: entry.title, mine: words.mine, now: words.now })}</Text>
              <Group gap={4} wrap="nowrap">
                {!isOpen(entry) && (
                  <Button size="compact-sm" variant="light" color="yellow" onClick={() => onOpen(entry)}>
                    {t('scorecard.changedOpen')}
                  </Button>
                )}
                <Button size="compact-sm" variant="default" onClick={() => acknowledgeChange(owner, entry, entry.version)}>
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
