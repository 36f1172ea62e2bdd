import type { ScoreOperation } from '@climbing/domain';
import { Alert, Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import wrapping from '../../../components/ui/wrapping/wrapping-button.module.css';
import { useTranslation } from '../../../lib/translation';
import { NoticeText } from './notice-text';
import { useScoreQueue } from '../sync/score-queue';
import { usePrincipal } from '../api/principal';
import { acknowledgeChange, journalPlaceOf, undoOwnerOf } from '../sync/undo-journal';

/** Refusals that a reopened round or stage would have taken: the advice says so. */
const CLOSED_CODES: ReadonlySet<string> = new Set(['ROUND_CLOSED', 'STAGE_CLOSED']);

/** What the judge should do about a refused entry: by why it was refused. */
const refusedAdviceKey = (code: string | null): string => {
  if (code === 'ENTITY_NOT_FOUND') return 'scorecard.refusedGoneAdvice';
  return CLOSED_CODES.has(code ?? '') ? 'scorecard.refusedClosedAdvice' : 'scorecard.refusedAdvice';
};

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
 * (keep mine / take theirs); a refused entry says why, what to do about it (tell the head judge or
 * the organiser, who can enter the value shown) and can be dismissed. Each card carries its entry's
 * id (`data-operation`), so the status bar's "entries need you" can bring it on screen.
 */
export function QueueNotices({ operations, targetOf, valueOf, noteOf, onTakeTheirs }: QueueNoticesProps) {
  const { t } = useTranslation();
  const queue = useScoreQueue();
  const owner = undoOwnerOf(usePrincipal().data);
  if (operations.length === 0) return null;
  return (
    <Stack gap="xs">
      {operations.map((op) => {
        const note = op.status === 'CONFLICT' ? (noteOf?.(op) ?? null) : null;
        return op.status === 'CONFLICT' && op.theirs ? (
          <Alert key={op.id} color="yellow" icon={<IconAlertTriangle aria-hidden />} role="alert" p="xs" data-testid="conflict-card" data-operation={op.id} tabIndex={-1}>
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
                  // Taking theirs is seeing their change: it is not told again (ChangedEntries), in any discipline.
                  if (op.conflictVersion !== null) acknowledgeChange(owner, journalPlaceOf(op), op.conflictVersion);
                  void queue.drop(op.id);
                }}
              >
                {t('scorecard.takeTheirs')}
              </Button>
            </SimpleGrid>
          </Alert>
        ) : (
          <Alert key={op.id} color="red" icon={<IconAlertTriangle aria-hidden />} role="alert" p="xs" data-testid="refused-entry" data-operation={op.id} tabIndex={-1}>
            {/* The close button under the words, not beside them: beside them at 360 px it was cut to "Zav". */}
            <Stack gap={6}>
              <Text size="sm">
                {t('scorecard.refused', { target: targetOf(op), value: valueOf(op.value) })}{' '}
                {/* A score write's 404: the racer's round is gone (taken out of the starting order, or the round reset), not "an entity". */}
                {op.refusedCode === 'ENTITY_NOT_FOUND' ? t('scorecard.refusedGone') : <NoticeText notice={{ kind: 'refused', code: op.refusedCode ?? 'UNEXPECTED_ERROR', details: op.refusedDetails }} />}
              </Text>
              {/* What now: only someone allowed can enter it (a closed round must be reopened first, a racer taken out checked in again); the value is above. */}
              <Text size="sm" fw={600} data-testid="refused-advice">
                {t(refusedAdviceKey(op.refusedCode))}
              </Text>
              <Button size="sm" mih={44} variant="default" classNames={{ root: wrapping.root, label: wrapping.label }} style={{ alignSelf: 'flex-end' }} onClick={() => void queue.drop(op.id)}>
                {t('scorecard.dismiss')}
              </Button>
            </Stack>
          </Alert>
        );
      })}
    </Stack>
  );
}
