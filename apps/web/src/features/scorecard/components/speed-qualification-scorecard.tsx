import { type SpeedRunOperation } from '@climbing/domain';
import { formatEntryTime } from '../../../lib/format-entry-time';
import { Alert, Badge, Button, Checkbox, Group, NativeSelect, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import { roundOf, type RacerWithRound, type Round } from '../api/racer-list';
import { laneFormOf, readRunEntry, runLabel, runsAreLanes, runValue, sameLaneForm, sameTimeRacers, type LaneForm, type LaneRun } from '../model/speed-entry';
import { useEntryForm } from '../model/use-entry-form';
import { useQueueSnapshot, useScoreQueue } from '../sync/score-queue';
import { QueueNotices } from './queue-notices';
import { RacerCardHeader } from './racer-heading';
import { ClosedRoundNote, RoundStateBadge } from './round-state-badge';

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
  const [confirming, setConfirming] = useState<RacerWithRound[] | null>(null);
  const run = runs[runIndex];
  const lanes = runsAreLanes(speedType, runs);
  const entry = readRunEntry(form);
  const problem = touched && !entry.ok ? entry.problem : null;
  const closed = round.state === 'CLOSED';

  const edit = (next: LaneForm) => {
    setForm(next);
    setConfirming(null);
  };

  /** Another run: the card is drawn again with its form filled from that run (the page's key). */
  const selectRun = (index: number) => onRunChange(index);

  const save = (confirmed: boolean) => {
    setTouched(true);
    const stored = round.speedRoutes[runIndex];
    if (!stored?.id || !entry.ok) return;
    if (!confirmed) {
      const others = racers.map((item) => ({ ...item, runs: roundOf(item)?.speedRoutes ?? [] }));
      const same = sameTimeRacers(entry.run, racer.id, others);
      if (same.length > 0) {
        setConfirming(same);
        return;
      }
    }
    setConfirming(null);
    void queue
      .enqueue({ kind: 'SPEED_RUN', raceId, stage: round.stage, racerId: racer.id, roundId: round.id, runId: stored.id, value: entry.run, baseVersion: base })
      .then(() => {
        if (navigator.onLine) void queue.flush();
      });
  };

  if (runs.length === 0) return <Alert color="gray">{t('speed.noRuns')}</Alert>;
  const options = runs.map((item, index) => ({ value: String(index), label: `${runLabel(t, item, lanes)} · ${runValue(t, item, i18n.language)}` }));
  const sameTime = entry.ok && entry.run.time !== null ? formatEntryTime(entry.run.time, i18n.language) : '';

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
          <Button size="xl" h={72} onClick={() => save(false)} disabled={closed || !run?.id || confirming !== null}>
            {t('speed.saveRun')}
          </Button>
        </Stack>
      </Paper>
      {confirming && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" data-testid="speed-same-time">
          <Stack gap="xs">
            <Text size="sm">{t('speed.sameTimeRacerConfirm', { time: sameTime, racers: confirming.map(racerName).join(', ') })}</Text>
            {/* The buttons wrap rather than cut their words ("Áno, ulo" at 360 px with `grow`). */}
            <Group gap="xs">
              <Button size="md" style={{ flex: '1 1 auto' }} onClick={() => save(true)}>
                {t('speed.sameTimeYes')}
              </Button>
              <Button size="md" style={{ flex: '1 1 auto' }} variant="default" onClick={() => setConfirming(null)}>
                {t('speed.sameTimeNo')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {run?.waiting && (
        <Badge color="orange" variant="light" size="lg" data-testid="run-waiting">
          {t('scorecard.notSent')}
        </Badge>
      )}
    </Stack>
  );
}
