import { formatTime } from '@climbing/domain';
import { Alert, Badge, Button, Checkbox, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '../../../lib/api-error';
import { racerListQueryOptions, roundOf, type RacerWithRound, type Round, type SpeedRoute } from '../api/racer-list';
import { currentRoundOf, saveSpeedRun } from '../api/save-scores';
import type { ScorecardNotice } from '../model/scorecard-reducer';
import { laneFormOf, readRunEntry, sameTimeRacers, type LaneForm, type LaneProblem, type LaneRun } from '../model/speed-entry';
import { NoticeText } from './notice-text';
import { RoundStateBadge } from './round-state-badge';

/**
 * World-cup qualification runs are the two lanes; the nomination type numbers routes and
 * attempts. Without the race settings, a round of at most two single-attempt runs reads as lanes.
 */
export const runsAreLanes = (speedType: string | null | undefined, runs: readonly SpeedRoute[]): boolean =>
  speedType ? speedType === 'WORLD_CUP' : runs.length <= 2 && runs.every((run) => run.attemptIndex === 0);

/** "Lane A" / "Lane B", or "Route 2, attempt 1" for the nomination type. */
export const runLabel = (t: TFunction, run: Pick<SpeedRoute, 'routeIndex' | 'attemptIndex'>, lanes: boolean): string =>
  lanes ? t(run.routeIndex === 0 ? 'speed.laneA' : 'speed.laneB') : t('speed.routeAttempt', { route: run.routeIndex + 1, attempt: run.attemptIndex + 1 });

/** A stored run in words: "6.850", "Fall", "False start (5.121)", "–" before entry. */
export const runValue = (t: TFunction, run: LaneRun): string => {
  const time = run.time === null ? null : formatTime(run.time);
  const failure = run.falseStart ? t('speed.falseStart') : run.fall ? t('speed.fall') : null;
  if (failure) return time ? `${failure} (${time})` : failure;
  return time ?? '–';
};

const racerName = (racer: Pick<RacerWithRound, 'racerNumber' | 'fullName'>) => `${racer.racerNumber} · ${racer.fullName}`;

interface SpeedQualificationScorecardProps {
  raceId: number;
  racer: RacerWithRound;
  round: Round;
  /** Every racer of the stage, for the same-time confirmation. */
  racers: readonly RacerWithRound[];
  speedType: string | null | undefined;
}

/** Speed qualification: one run at a time (time, fall, false start), saved with the round's version. */
export function SpeedQualificationScorecard({ raceId, racer, round: initialRound, racers, speedType }: SpeedQualificationScorecardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [round, setRound] = useState(initialRound);
  const [runIndex, setRunIndex] = useState(0);
  const [form, setForm] = useState<LaneForm>(() => laneFormOf(initialRound.speedRoutes[0]));
  const [touched, setTouched] = useState(false);
  const [serverProblem, setServerProblem] = useState<LaneProblem | null>(null);
  const [confirming, setConfirming] = useState<RacerWithRound[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<ScorecardNotice | null>(null);
  const runs = round.speedRoutes;
  const run = runs[runIndex];
  const lanes = runsAreLanes(speedType, runs);
  const entry = readRunEntry(form);
  const problem = (touched && !entry.ok ? entry.problem : null) ?? serverProblem;
  const closed = round.state === 'CLOSED';

  const show = (fresh: Round, index = runIndex) => {
    setRound(fresh);
    setForm(laneFormOf(fresh.speedRoutes[index]));
    setTouched(false);
    setServerProblem(null);
    queryClient.setQueryData(racerListQueryOptions(raceId, fresh.stage).queryKey, (list) =>
      list?.map((item) => (item.id === fresh.racerId ? { ...item, rounds: [fresh] } : item)),
    );
  };

  const edit = (next: LaneForm) => {
    setForm(next);
    setConfirming(null);
    setServerProblem(null);
  };

  const selectRun = (index: number) => {
    setRunIndex(index);
    setForm(laneFormOf(runs[index]));
    setTouched(false);
    setServerProblem(null);
    setConfirming(null);
    setNotice(null);
  };

  const save = async (confirmed: boolean) => {
    setTouched(true);
    setNotice(null);
    if (!run?.id || !entry.ok) return;
    if (!confirmed) {
      const others = racers.map((item) => ({ ...item, runs: roundOf(item)?.speedRoutes ?? [] }));
      const same = sameTimeRacers(entry.run, racer.id, others);
      if (same.length > 0) {
        setConfirming(same);
        return;
      }
    }
    setConfirming(null);
    setSaving(true);
    try {
      show(await saveSpeedRun(racer.id, run.id, round.version, entry.run));
      setNotice({ kind: 'saved' });
      void queryClient.invalidateQueries({ queryKey: ['results', raceId] });
    } catch (error) {
      const current = error instanceof ApiError && error.code === 'VERSION_CONFLICT' ? currentRoundOf(error.details) : null;
      if (current) {
        show(current);
        setNotice({ kind: 'conflict' });
      } else if (error instanceof ApiError && error.status === 400 && error.fields?.time === 'validation.required') {
        setServerProblem('required');
      } else if (error instanceof ApiError) {
        if (error.code === 'ROUND_CLOSED') setRound({ ...round, state: 'CLOSED' });
        setNotice({ kind: error.status === 409 ? 'refused' : 'failed', code: error.code });
      } else setNotice({ kind: 'failed', code: error instanceof NetworkError ? 'NETWORK' : 'UNEXPECTED_ERROR' });
    } finally {
      setSaving(false);
    }
  };

  if (runs.length === 0) return <Alert color="gray">{t('speed.noRuns')}</Alert>;
  const options = runs.map((item, index) => ({ value: String(index), label: `${runLabel(t, item, lanes)} · ${runValue(t, item)}` }));
  const sameTime = entry.ok && entry.run.time !== null ? formatTime(entry.run.time) : '';

  return (
    <Stack gap="sm" data-testid="speed-qualification-scorecard">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={700} size="lg">
          {racerName(racer)}
        </Text>
        <RoundStateBadge state={round.state} />
      </Group>
      {runs.length > 1 &&
        (lanes ? (
          <SegmentedControl fullWidth aria-label={t('speed.runs')} value={String(runIndex)} onChange={(value) => selectRun(Number(value))} data={options} />
        ) : (
          <Select label={t('speed.run')} size="md" allowDeselect={false} value={String(runIndex)} onChange={(value) => value && selectRun(Number(value))} data={options} />
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
          <Button size="xl" h={72} onClick={() => void save(false)} loading={saving} disabled={closed || !run?.id || confirming !== null}>
            {t('speed.saveRun')}
          </Button>
        </Stack>
      </Paper>
      {confirming && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" data-testid="speed-same-time">
          <Stack gap="xs">
            <Text size="sm">{t('speed.sameTimeRacerConfirm', { time: sameTime, racers: confirming.map(racerName).join(', ') })}</Text>
            <Group gap="xs" grow>
              <Button size="md" onClick={() => void save(true)}>
                {t('speed.sameTimeYes')}
              </Button>
              <Button size="md" variant="default" onClick={() => setConfirming(null)}>
                {t('speed.sameTimeNo')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {notice?.kind === 'saved' && (
        <Badge color="green" variant="light" size="lg" leftSection={<IconCheck size={14} aria-hidden />} role="status">
          {t('scorecard.saved')}
        </Badge>
      )}
      {notice && notice.kind !== 'saved' && (
        <Alert color={notice.kind === 'conflict' ? 'yellow' : 'red'} icon={<IconAlertTriangle aria-hidden />} role="alert">
          <NoticeText notice={notice} />
          {notice.kind === 'conflict' && run && (
            <Text size="sm" mt={4} data-testid="speed-conflict-current">
              {t('speed.currentValue', { run: runLabel(t, run, lanes), value: runValue(t, run) })}
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}
