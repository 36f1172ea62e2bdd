import { type SpeedRunOperation } from '@climbing/domain';
import { formatEntryTime } from '../../../lib/format-entry-time';
import { Alert, Badge, Button, Checkbox, Group, NativeSelect, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import { roundOf, type RacerWithRound, type Round } from '../api/racer-list';
import { laneFormOf, readRunEntry, runLabel, runsAreLanes, runValue, sameLaneForm, sameTimeRacers, type LaneForm, type LaneRun } from '../model/speed-entry';
import { useEntryForm } from '../model/use-entry-form';
import { useQueueSnapshot, useScoreQueue } from '../sync/score-queue';
import { QueueNotices } from './queue-notices';
import { RacerCardHeader } from './racer-heading';
import { ClosedRoundNote, RoundStateBadge } from './round-state-badge';
import { submitEntry, useUnsavedEntry, useUnsavedEntryGuard, type EntryCheck } from './unsaved-entry';

const racerName = (racer: Pick<RacerWithRound, 'racerNumber' | 'fullName'>) => `${racer.racerNumber} · ${racer.fullName}`;

interface SpeedQualificationScorecardProps {
  raceId: number;
  racer: RacerWithRound;
  round: Round;
  /** Every racer of the stage, for the same-time confirmation. */
  racers: readonly RacerWithRound[];
  speedType: string | null | undefined;
  /** The run on screen (from 0); the form is filled from it when the card is drawn. */
  runIndex: number;
  onRunChange: (index: number) => void;
  /** The judge's entries that somebody else changed since (ChangedEntries), at the top of the card. */
  changedEntries?: ReactNode;
}

/**
 * Speed qualification: one run at a time (time, fall, false start); any run can be corrected while
 * the round is open. Each save is one entry of the device's queue, kept at once and sent in order.
 */
export function SpeedQualificationScorecard({ raceId, racer, round, racers, speedType, runIndex, onRunChange, changedEntries }: SpeedQualificationScorecardProps) {
  const { t, i18n } = useTranslation();
  const queue = useScoreQueue();
  const guard = useUnsavedEntryGuard();
  const { operations } = useQueueSnapshot();
  const mine = useMemo(() => operations.filter((op): op is SpeedRunOperation => op.kind === 'SPEED_RUN' && op.roundId === round.id), [operations, round.id]);
  const runs = round.speedRoutes.map((stored) => {
    const entries = mine.filter((op) => op.status !== 'REFUSED' && op.runId === stored.id);
    const newest = entries.at(-1);
    return { ...stored, ...(newest ? newest.value : {}), waiting: entries.length > 0 };
  });
  const shownForm = laneFormOf(runs[runIndex], i18n.language);
  const current = runs[runIndex];
  // Follows a newer stored value while untouched; saves on the version it rests on (useEntryForm).
  const { form, setForm, base } = useEntryForm(shownForm, current?.version ?? 0, current?.waiting ?? false, sameLaneForm);
  const [touched, setTouched] = useState(false);
  const run = runs[runIndex];
  const lanes = runsAreLanes(speedType, runs);
  const entry = readRunEntry(form);
  const problem = touched && !entry.ok ? entry.problem : null;
  const closed = round.state === 'CLOSED';

  const edit = (next: LaneForm) => setForm(next);

  /** Another run: the card is drawn again with its form filled from that run (the page's key); a typed time is asked about first. */
  const selectRun = (index: number) => guard.leave(() => onRunChange(index));

  /**
   * What Save does with the form as it is (the card's button and the question on leaving the
   * card): a time equal to another racer's best asks first (spec 5), as a dialog on screen.
   */
  const check = (): EntryCheck => {
    setTouched(true);
    const runId = round.speedRoutes[runIndex]?.id;
    if (closed || !runId) return { kind: 'invalid', problem: t('scorecard.roundClosedNote') };
    if (!entry.ok) return { kind: 'invalid', problem: t(entry.problem === 'invalid' ? 'speed.timeInvalid' : 'speed.timeRequired') };
    const value = entry.run;
    const commit = () =>
      void queue.enqueue({ kind: 'SPEED_RUN', raceId, stage: round.stage, racerId: racer.id, roundId: round.id, runId, value, baseVersion: base }).then(() => {
        if (navigator.onLine) void queue.flush();
      });
    const others = racers.map((item) => ({ ...item, runs: roundOf(item)?.speedRoutes ?? [] }));
    const same = sameTimeRacers(value, racer.id, others);
    if (same.length === 0 || value.time === null) return { kind: 'ready', commit };
    const question = {
      text: t('speed.sameTimeRacerConfirm', { time: formatEntryTime(value.time, i18n.language), racers: same.map(racerName).join(', ') }),
      yes: t('speed.sameTimeYes'),
      no: t('speed.sameTimeNo'),
      testId: 'speed-same-time',
    };
    return { kind: 'ask', question, commit };
  };

  /** The run as the judge left it, in the dialog that asks before the card goes: "6.900", "Fall", or what was typed. */
  const typedValue = () =>
    entry.ok ? runValue(t, entry.run, i18n.language) : [form.time.trim(), form.fall && t('speed.fall'), form.falseStart && t('speed.falseStart')].filter(Boolean).join(' · ') || '–';
  useUnsavedEntry(run !== undefined && !sameLaneForm(form, shownForm) ? { racer: racerName(racer), target: runLabel(t, run, lanes), value: typedValue(), check } : null);

  if (runs.length === 0) return <Alert color="gray">{t('speed.noRuns')}</Alert>;
  const options = runs.map((item, index) => ({ value: String(index), label: `${runLabel(t, item, lanes)} · ${runValue(t, item, i18n.language)}` }));

  return (
    <Stack gap="sm" data-testid="speed-qualification-scorecard">
      <RacerCardHeader badge={<RoundStateBadge state={round.state} />}>
            {racerName(racer)}
      </RacerCardHeader>
      <ClosedRoundNote state={round.state} />
      <QueueNotices
        operations={mine.filter((op) => op.status !== 'PENDING')}
        targetOf={(op) => {
          const target = round.speedRoutes.find((item) => item.id === (op as SpeedRunOperation).runId);
          return target ? runLabel(t, target, lanes) : '';
        }}
        valueOf={(value) => runValue(t, value as LaneRun, i18n.language)}
      />
      {changedEntries}
      {runs.length > 1 &&
        (lanes ? (
          <SegmentedControl fullWidth aria-label={t('speed.runs')} value={String(runIndex)} onChange={(value) => selectRun(Number(value))} data={options} />
        ) : (
          <NativeSelect label={t('speed.run')} size="md" value={String(runIndex)} onChange={(event) => selectRun(Number(event.currentTarget.value))} data={options} />
        ))}
      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          {run && (
            <Text fw={600} data-testid="speed-run-label">
              {runLabel(t, run, lanes)}
            </Text>
          )}
          <TextInput
            label={t('speed.time')}
            description={t('speed.timeHint')}
            size="lg"
            inputMode="decimal"
            autoComplete="off"
            maxLength={12}
            value={form.time}
            disabled={closed}
            error={problem ? t(problem === 'invalid' ? 'speed.timeInvalid' : 'speed.timeRequired') : undefined}
            onChange={(event) => edit({ ...form, time: event.currentTarget.value })}
          />
          <Group gap="lg">
            <Checkbox size="lg" label={t('speed.fall')} checked={form.fall} disabled={closed} onChange={(event) => edit({ ...form, fall: event.currentTarget.checked })} />
            <Checkbox size="lg" label={t('speed.falseStart')} checked={form.falseStart} disabled={closed} onChange={(event) => edit({ ...form, falseStart: event.currentTarget.checked })} />
          </Group>
          <Button size="xl" h={72} onClick={() => submitEntry(guard, check())} disabled={closed || !run?.id}>
            {t('speed.saveRun')}
          </Button>
        </Stack>
      </Paper>
      {run?.waiting && (
        <Badge color="orange" variant="light" size="lg" data-testid="run-waiting">
          {t('scorecard.notSent')}
        </Badge>
      )}
    </Stack>
  );
}
