import type { ScoreOperation } from '@climbing/domain';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import wrapping from '../../../components/ui/wrapping/wrapping-button.module.css';
import { useTranslation } from '../../../lib/translation';
import { NoticeText } from './notice-text';
import { useScoreQueue } from '../sync/score-queue';

interface QueueNoticesProps {
  /** The entries of this card that wait for the judge: conflicts and refused ones. */
  operations: readonly ScoreOperation[];
  /** "Boulder 2", "Route 1", "Lane A": what the entry was about. */
  targetOf: (op: ScoreOperation) => string;
  /** A value in words: "T2 Z1 (3)", "28+", "6.850". */
  valueOf: (value: NonNullable<ScoreOperation['theirs']>) => string;
  /** A sentence more about a conflict (an undo that met another judge's change), or null. */
  noteOf?: (op: ScoreOperation) => string | null;
  /** The judge took theirs: the entry is dropped, the stored value stays. */
  onTakeTheirs?: (op: ScoreOperation) => void;
}

/**
 * Conflicts and refused entries of one scorecard, shown at the top of the card so they are on
 * screen without scrolling: a conflict puts the judge's value and the stored one side by side
 * (keep mine / take theirs); a refused entry says why and can be dismissed.
 */
export function QueueNotices({ operations, targetOf, valueOf, noteOf, onTakeTheirs }: QueueNoticesProps) {
  const { t } = useTranslation();
  const queue = useScoreQueue();
  if (operations.length === 0) return null;
  return (
    <Stack gap="xs">
      {operations.map((op) => {
        const note = op.status === 'CONFLICT' ? (noteOf?.(op) ?? null) : null;
        return op.status === 'CONFLICT' && op.theirs ? (
          <Alert key={op.id} color="yellow" icon={<IconAlertTriangle aria-hidden />} role="alert" p="xs" data-testid="conflict-card">
            <Text size="sm" fw={600}>
              {t('scorecard.conflictTitle', { target: targetOf(op) })}
            </Text>
            {note && (
              <Text size="sm" data-testid="conflict-note">
                {note}
              </Text>
            )}
            <SimpleGrid cols={2} spacing="xs" mt={6}>
              <Paper withBorder p={6} radius="sm" data-testid="conflict-mine">
                <Text size="xs" c="dimmed">
                  {t('scorecard.mine')}
                </Text>
                <Text fw={700}>{valueOf(op.value)}</Text>
              </Paper>
              <Paper withBorder p={6} radius="sm" data-testid="conflict-theirs">
                <Text size="xs" c="dimmed">
                  {t('scorecard.theirs')}
                </Text>
                <Text fw={700}>{valueOf(op.theirs)}</Text>
              </Paper>
              {/* Neither answer is the default: "mine" may be the older value (an entry made offline). */}
              <Button size="sm" variant="default" classNames={{ root: wrapping.root, label: wrapping.label }} onClick={() => void queue.keepMine(op.id).then(() => queue.flush())}>
                {t('scorecard.keepMine')}
              </Button>
              <Button
                size="sm"
                variant="default"
                classNames={{ root: wrapping.root, label: wrapping.label }}
                onClick={() => {
                  onTakeTheirs?.(op);
                  void queue.drop(op.id);
                }}
              >
                {t('scorecard.takeTheirs')}
              </Button>
            </SimpleGrid>
          </Alert>
        ) : (
          <Alert key={op.id} color="red" icon={<IconAlertTriangle aria-hidden />} role="alert" p="xs" data-testid="refused-entry">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">
                {t('scorecard.refused', { target: targetOf(op), value: valueOf(op.value) })} <NoticeText notice={{ kind: 'refused', code: op.refusedCode ?? 'UNEXPECTED_ERROR', details: op.refusedDetails }} />
              </Text>
              {/* Never squeezed by a long reason: at 360 px it was cut to "Za". */}
              <Button size="compact-sm" variant="light" color="red" style={{ flexShrink: 0 }} onClick={() => void queue.drop(op.id)}>
                {t('scorecard.dismiss')}
              </Button>
            </Group>
          </Alert>
        );
      })}
    </Stack>
  );
}
