import type { BoulderOperation, BoulderValue, ScoreOperation } from '@climbing/domain';
import { useQueryClient } from '@tanstack/react-query';
import { ActionIcon, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowBackUp, IconMinus, IconPencil, IconPlus, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import { formatBoulderMarks, formatMarksWithAttempts } from '../../../lib/format-boulder-marks';
import { racerListQueryOptions, roundOf, type RacerWithRound, type Round } from '../api/racer-list';
import { applyMark, clearMark, eventForKey, sameBoulderValue, stepMark, type MarkAction, type MarkField } from '../model/boulder-marks';
import { useQueueSnapshot, useScoreQueue } from '../sync/score-queue';
import { useShortcutsEnabled } from '../model/shortcut-setting';
import { acknowledgeChange, forgetUndoBoulder, forgetUndoRound, markUndoOperation, ownWriteOf, recordUndoEntry, takeLastUndoEntry, undoOwnerOf, useUndoJournal } from '../sync/undo-journal';
import { usePrincipal } from '../api/principal';
import { QueueNotices } from './queue-notices';
import { ShortcutSettings } from './shortcut-settings';
import { RacerCardHeader } from './racer-heading';
import { ClosedRoundNote, RoundStateBadge } from './round-state-badge';
import { thumbButton } from './thumb-button';
import { useUnsavedEntry, useUnsavedEntryGuard } from './unsaved-entry';

/** Keys typed into a field belong to the field, not to the scorecard shortcuts. */
const typingInField = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The round's boulders as the judge sees them: the stored marks with this device's newest entry over each. */
const boulderViews = (round: Round, operations: readonly ScoreOperation[]) => {
  const mine = operations.filter((op): op is BoulderOperation => op.kind === 'BOULDER' && op.roundId === round.id && op.status !== 'REFUSED');
  return round.boulders.map((boulder) => {
    const entries = mine.filter((op) => op.boulderIndex === boulder.boulderIndex);
    const newest = entries.at(-1);
    return { ...boulder, ...(newest ? newest.value : {}), waiting: entries.length > 0 };
  });
};

interface BoulderScorecardProps {
  raceId: number;
  racer: RacerWithRound;
  round: Round;
  boulderIndex: number;
  onBoulderChange: (index: number) => void;
  /** What the page tells about the judge's entries changed by somebody else, shown under the card's own notices. */
  changedEntries?: ReactNode;
}

/**
 * The judge's card for one racer's round: big buttons for the chosen boulder, the other boulders
 * as a strip to switch to, an editor to correct any boulder. Every tap is one entry of the
 * device's queue, kept at once and sent in order; the card shows the stored round with the
 * entries still on their way, so nothing the judge tapped ever disappears from the screen.
 */
export function BoulderScorecard({ raceId, racer, round, boulderIndex, onBoulderChange, changedEntries }: BoulderScorecardProps) {
  const { t } = useTranslation();
  const queue = useScoreQueue();
  const guard = useUnsavedEntryGuard();
  const queryClient = useQueryClient();
  const { operations } = useQueueSnapshot();
  /**
   * The judge's taps and corrections of this round on this device, newest last, kept on the device
   * (sync/undo-journal.ts): undo puts the value before the last one back, after a reload too. Each
   * undo takes its entry off the journal at once, so two quick undos each take their own. Kept per
   * login: another judge logged in on this phone cannot undo this judge's entries.
   */
  const undoOwner = undoOwnerOf(usePrincipal().data);
  const journal = useUndoJournal(undoOwner, round.id);
  const canUndo = journal.entries > 0;
  /** The correction being made, with the boulder it was opened on: another boulder chosen meanwhile closes it. */
  const [correction, setCorrection] = useState<{ boulderIndex: number; value: BoulderValue } | null>(null);
  // Another boulder chosen (after the judge said what becomes of an unsaved correction) closes it for good.
  if (correction !== null && correction.boulderIndex !== boulderIndex) setCorrection(null);
  const editing = correction?.boulderIndex === boulderIndex ? correction.value : null;
  const setEditing = (value: BoulderValue | null) => setCorrection(value ? { boulderIndex, value } : null);
  const [shortcutsOn, setShortcutsOn] = useShortcutsEnabled();

  const mine = useMemo(() => operations.filter((op): op is BoulderOperation => op.kind === 'BOULDER' && op.roundId === round.id), [operations, round.id]);
  const boulders = boulderViews(round, operations);
  const boulder = boulders[boulderIndex];

  /**
   * The boulders as they are at the moment of a tap, not as last rendered: a second tap can come
   * before the first one's render, and a saved entry leaves the queue before its round reaches
   * this component. Both are read from where they are kept (the queue, the cached racer list).
   */
  const storedNow = () => {
    const cached = queryClient
      .getQueryData(racerListQueryOptions(raceId, round.stage).queryKey)
      ?.map(roundOf)
      .find((each) => each?.id === round.id);
    return cached && cached.version >= round.version ? cached : round;
  };
  const bouldersNow = () => boulderViews(storedNow(), queue.snapshot().operations);
  const editable = round.state !== 'CLOSED';
  const done = boulder?.topAttempts !== null;

  // A closed round takes no entries: nothing of it is left to undo.
  useEffect(() => {
    if (round.state === 'CLOSED') forgetUndoRound(round.id);
  }, [round.id, round.state]);

  /** Puts one entry into the queue; `exactBase` keeps the base as given (an undo), see the queue. */
  const enter = (index: number, { topAttempts, zoneAttempts, currentAttempt }: BoulderValue, baseVersion: number | null, exactBase = false) =>
    queue
      .enqueue({ kind: 'BOULDER', raceId, stage: round.stage, racerId: racer.id, roundId: round.id, boulderIndex: index, value: { topAttempts, zoneAttempts, currentAttempt }, baseVersion }, { exactBase })
      .then((op) => {
        if (navigator.onLine) void queue.flush();
        return op;
      });

  const change = (index: number, value: BoulderValue) => {
    const current = bouldersNow()[index];
    if (!current || !editable || sameBoulderValue(current, value)) return;
    const { topAttempts, zoneAttempts, currentAttempt } = current;
    recordUndoEntry(undoOwner, round.id, { boulderIndex: index, before: { topAttempts, zoneAttempts, currentAttempt }, after: value, base: current.version, at: Date.now() });
    void enter(index, value, current.version);
  };

  const mark = (index: number, action: MarkAction) => {
    const current = bouldersNow()[index];
    if (current) change(index, applyMark(current, action));
  };

  /**
   * Puts the value before the judge's last entry back. While entries of that boulder wait in the
   * queue, it joins their chain. Otherwise it is based on the version the judge's own value was
   * stored at (or, not known, the one the entry was based on), never on a newer one: when somebody
   * else changed the boulder since, the server refuses it and the card shows both values.
   */
  const undo = () => {
    if (!editable) return;
    const last = takeLastUndoEntry(undoOwner, round.id);
    if (!last) return;
    // The judge sees what undo changed: the card moves to that boulder.
    if (last.boulderIndex !== boulderIndex) onBoulderChange(last.boulderIndex);
    const own = ownWriteOf(undoOwner, round.id, last.boulderIndex);
    const stored = storedNow().boulders.find((each) => each.boulderIndex === last.boulderIndex);
    const base = own && sameBoulderValue(own.value, last.after) ? own.version : stored && sameBoulderValue(stored, last.after) ? stored.version : last.base;
    void enter(last.boulderIndex, last.before, base, true).then((op) => markUndoOperation(undoOwner, round.id, op.id));
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!shortcutsOn || editing || event.ctrlKey || event.metaKey || event.altKey || typingInField(event.target)) return;
      const action = eventForKey(event.key, boulderIndex);
      if (action === null) return;
      event.preventDefault();
      if (action.type === 'UNDO') undo();
      else mark(action.boulderIndex, action.action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const notices = mine.filter((op) => op.status !== 'PENDING');

  /** The correction in the editor, while it differs from the boulder: leaving the card (or the boulder) asks first. */
  const correcting = editing !== null && boulder !== undefined && !sameBoulderValue(boulder, editing) ? { index: boulderIndex, value: editing } : null;
  const saveCorrection = (index: number, value: BoulderValue) => {
    change(index, value);
    setCorrection(null);
  };
  useUnsavedEntry(
    correcting
      ? {
          racer: `${racer.racerNumber} · ${racer.fullName}`,
          target: t('scorecard.boulderTitle', { number: correcting.index + 1 }),
          // "Z1 · 3 attempts", "1 attempt": the conflict cards' "– (1)" said too little in a question.
          value: [formatBoulderMarks(correcting.value), t('scorecard.attempt', { count: correcting.value.currentAttempt })].filter(Boolean).join(' · '),
          check: () => (editable ? { kind: 'ready', commit: () => saveCorrection(correcting.index, correcting.value) } : { kind: 'invalid', problem: t('scorecard.roundClosedNote') }),
        }
      : null,
  );

  return (
    <Stack gap="sm" data-testid="boulder-scorecard">
      {/* A direct child of the card, so it sticks under the status bar while the card scrolls. */}
      <RacerCardHeader badge={<RoundStateBadge state={round.state} />}>
        {racer.racerNumber} · {racer.fullName}
      </RacerCardHeader>
      <ClosedRoundNote state={round.state} />
      <Text size="sm" c="dimmed" mt={-6} data-testid="racer-facts">
        {/* The qualification group only in the qualification: a semifinal or final climbs the same boulders. */}
        {[racer.club, racer.country, round.stage === 'QUALIFICATION' && racer.qualificationGroup && t('scorecard.group', { name: racer.qualificationGroup })].filter(Boolean).join(' · ')}
      </Text>

      <QueueNotices
        operations={notices}
        noteOf={(op) => (journal.isUndo(op.id) ? t('scorecard.undoConflict') : null)}
        onTakeTheirs={(op) => {
          const index = (op as BoulderOperation).boulderIndex;
          forgetUndoBoulder(undoOwner, round.id, index);
          // Taking theirs is seeing their change: it is not told again (ChangedEntries).
          const stored = storedNow().boulders.find((each) => each.boulderIndex === index);
          if (stored) acknowledgeChange(undoOwner, { scope: round.id, target: String(index) }, stored.version);
        }}
        targetOf={(op) => t('scorecard.boulderTitle', { number: (op as BoulderOperation).boulderIndex + 1 })}
        valueOf={(value) => formatMarksWithAttempts(value as BoulderValue)}
      />
      {changedEntries}

      <SimpleGrid cols={{ base: 4, xs: 6 }} spacing={6} role="group" aria-label={t('scorecard.boulders')}>
        {boulders.map((item, index) => {
          const selected = index === boulderIndex;
          return (
            <UnstyledButton
              key={item.boulderIndex}
              onClick={() =>
                guard.leave(() => {
                  onBoulderChange(index);
                  setEditing(null);
                })
              }
              aria-pressed={selected}
              aria-label={t('scorecard.boulderMarks', { number: index + 1, marks: formatBoulderMarks(item) || (item.currentAttempt > 0 ? t('scorecard.tileAttempts', { count: item.currentAttempt }) : t('scorecard.noMarks')) })}
              p={6}
              data-testid={`boulder-tile-${index + 1}`}
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                border: `2px ${item.waiting ? 'dashed' : 'solid'} var(--mantine-color-${selected ? 'blue-6' : item.waiting ? 'orange-5' : 'gray-3'})`,
                textAlign: 'center',
                minHeight: 48,
              }}
            >
              <Text size="xs" c="dimmed">
                {t('scorecard.boulderTitle', { number: index + 1 })}
              </Text>
              {/* Attempts without a zone are something entered too: "2 att.", not the "–" of an untouched boulder. */}
              <Text size="sm" fw={600}>
                {formatBoulderMarks(item) || (item.currentAttempt > 0 ? t('scorecard.tileAttempts', { count: item.currentAttempt }) : '–')}
              </Text>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>

      {boulder && (
        <Paper withBorder p="sm" radius="md">
          {/* The marks have the first line to themselves: beside the Edit button ("Upraviť") they wrapped at 360 px. */}
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
              {t('scorecard.boulderTitle', { number: boulderIndex + 1 })}
            </Text>
            <Text size="xl" fw={700} data-testid="scorecard-marks" style={{ whiteSpace: 'nowrap' }}>
              {formatBoulderMarks(boulder) || '–'}
            </Text>
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
            <Group gap="xs" style={{ minWidth: 0 }}>
              <Text role="status" aria-live="polite" data-testid="scorecard-attempt" size="lg">
                {t('scorecard.attempt', { count: boulder.currentAttempt })}
              </Text>
              {boulder.waiting && (
                <Badge color="orange" variant="light" data-testid="boulder-waiting">
                  {t('scorecard.notSent')}
                </Badge>
              )}
            </Group>
            <Button
              size="md"
              {...thumbButton}
              variant="light"
              leftSection={<IconPencil size={16} aria-hidden />}
              style={{ flexShrink: 0 }}
              disabled={!editable}
              onClick={() => setEditing(editing ? null : { topAttempts: boulder.topAttempts, zoneAttempts: boulder.zoneAttempts, currentAttempt: boulder.currentAttempt })}
              aria-expanded={editing !== null}
            >
              {t('scorecard.edit')}
            </Button>
          </Group>
        </Paper>
      )}

      {editing && boulder ? (
        <BoulderEditor
          number={boulderIndex + 1}
          value={editing}
          onChange={setEditing}
          onCancel={() => setEditing(null)}
          onSave={() => saveCorrection(boulderIndex, editing)}
        />
      ) : (
        <SimpleGrid cols={2} spacing="sm">
          <Button
            size="xl"
            h={88}
            style={{ gridColumn: 'span 2' }}
            leftSection={<IconPlus aria-hidden />}
            disabled={!editable || done}
            onClick={() => mark(boulderIndex, 'ATTEMPT')}
            aria-keyshortcuts={shortcutsOn ? 'A + Space' : undefined}
          >
            {t('scorecard.addAttempt')}
          </Button>
          <Button size="xl" h={88} color="yellow" disabled={!editable || done || boulder?.zoneAttempts !== null} onClick={() => mark(boulderIndex, 'ZONE')} aria-keyshortcuts={shortcutsOn ? 'Z' : undefined}>
            {t('scorecard.zone')}
          </Button>
          <Button size="xl" h={88} color="green" disabled={!editable || done} onClick={() => mark(boulderIndex, 'TOP')} aria-keyshortcuts={shortcutsOn ? 'T /' : undefined}>
            {t('scorecard.top')}
          </Button>
          <Button
            size="lg"
            h={64}
            variant="default"
            style={{ gridColumn: 'span 2' }}
            leftSection={<IconArrowBackUp aria-hidden />}
            disabled={!editable || !canUndo}
            onClick={undo}
            aria-keyshortcuts={shortcutsOn ? 'U Backspace' : undefined}
          >
            {t('scorecard.undo')}
          </Button>
        </SimpleGrid>
      )}

      <ShortcutSettings enabled={shortcutsOn} onChange={setShortcutsOn} />
    </Stack>
  );
}

interface BoulderEditorProps {
  number: number;
  value: BoulderValue;
  onChange: (value: BoulderValue) => void;
  onSave: () => void;
  onCancel: () => void;
}

/** Corrects one boulder to any valid value: steppers for attempts, zone and top; a top can be removed. */
function BoulderEditor({ number, value, onChange, onSave, onCancel }: BoulderEditorProps) {
  const { t } = useTranslation();
  const rows: { field: MarkField; label: string; testId: string }[] = [
    { field: 'currentAttempt', label: t('scorecard.attempts'), testId: 'edit-attempts' },
    { field: 'zoneAttempts', label: t('scorecard.zoneOn'), testId: 'edit-zone' },
    { field: 'topAttempts', label: t('scorecard.topOn'), testId: 'edit-top' },
  ];
  return (
    <Paper withBorder p="sm" radius="md" data-testid="boulder-editor">
      <Stack gap="xs">
        <Text fw={700}>{t('scorecard.editTitle', { number })}</Text>
        {rows.map(({ field, label, testId }) => {
          const current = value[field];
          return (
            <Group key={field} justify="space-between" wrap="nowrap">
              <Text>{label}</Text>
              <Group gap={6} wrap="nowrap">
                <ActionIcon size={44} variant="default" aria-label={t('scorecard.less', { field: label })} onClick={() => onChange(stepMark(value, field, -1))}>
                  <IconMinus aria-hidden />
                </ActionIcon>
                <Text fw={700} w={44} ta="center" data-testid={testId}>
                  {current === null ? t('scorecard.none') : current}
                </Text>
                <ActionIcon size={44} variant="default" aria-label={t('scorecard.more', { field: label })} onClick={() => onChange(stepMark(value, field, 1))}>
                  <IconPlus aria-hidden />
                </ActionIcon>
                {field === 'currentAttempt' ? (
                  <span style={{ width: 44 }} />
                ) : (
                  <ActionIcon
                    size={44}
                    variant="subtle"
                    color="red"
                    aria-label={t('scorecard.clear', { field: label })}
                    disabled={current === null || (field === 'zoneAttempts' && value.topAttempts !== null)}
                    onClick={() => onChange(clearMark(value, field))}
                  >
                    <IconX aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            </Group>
          );
        })}
        <Group gap="xs" wrap="nowrap">
          <Button size="md" {...thumbButton} style={{ flex: 1 }} onClick={onSave}>
            {t('scorecard.saveCorrection')}
          </Button>
          <Button size="md" {...thumbButton} variant="default" onClick={onCancel}>
            {t('scorecard.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

