import { Alert, Button, Checkbox, Group, Loader, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, NetworkError } from '../../../lib/api-error';
import { currentMatchOf, saveSpeedMatch, speedBracketQueryOptions, useSpeedBracket, type SpeedMatch, type SpeedMatchRacer } from '../../results/api/speed-bracket';
import { laneFormOf, readMatchEntry, type LaneForm, type LaneProblem } from '../model/speed-entry';
import type { ScorecardNotice } from '../model/scorecard-reducer';
import { NoticeText } from './notice-text';

const racerLabel = (racer: SpeedMatchRacer | null): string => (racer ? `${racer.racerNumber} · ${racer.fullName}` : '?');

interface LaneProps {
  label: string;
  racer: SpeedMatchRacer | null;
  form: LaneForm;
  problem: LaneProblem | undefined;
  onChange: (form: LaneForm) => void;
}

function LaneInput({ label, racer, form, problem, onChange }: LaneProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Text fw={600}>
          {label}: {racerLabel(racer)}
        </Text>
        <TextInput
          label={t('speed.time')}
          description={t('speed.timeHint')}
          size="md"
          inputMode="decimal"
          autoComplete="off"
          value={form.time}
          onChange={(event) => onChange({ ...form, time: event.currentTarget.value })}
          error={problem ? t(problem === 'invalid' ? 'speed.timeInvalid' : 'speed.timeRequired') : undefined}
        />
        <Group gap="lg">
          <Checkbox label={t('speed.fall')} checked={form.fall} onChange={(event) => onChange({ ...form, fall: event.currentTarget.checked })} />
          <Checkbox label={t('speed.falseStart')} checked={form.falseStart} onChange={(event) => onChange({ ...form, falseStart: event.currentTarget.checked })} />
        </Group>
      </Stack>
    </Paper>
  );
}

/** Judge's entry of one speed elimination match: pick the match, both lanes, save with the version. */
export function SpeedMatchEntry({ raceId }: { raceId: number }) {
  const { t } = useTranslation();
  const bracket = useSpeedBracket(raceId);
  const [matchId, setMatchId] = useState<number | null>(null);
  if (bracket.isPending) return <Loader mx="auto" aria-label={t('app.loading')} />;
  if (bracket.isError) return <Alert color="red">{t('speed.loadFailed')}</Alert>;
  const matches = bracket.data.matches;
  const severalBrackets = bracket.data.brackets.length > 1;
  if (matches.length === 0) return <Alert color="gray">{t('speed.noBracket')}</Alert>;
  const selected = matches.find((match) => match.id === matchId) ?? matches.find((match) => match.state !== 'CLOSED') ?? matches[0];
  return (
    <Stack gap="sm">
      <Select
        label={t('speed.match')}
        size="md"
        allowDeselect={false}
        value={selected ? String(selected.id) : null}
        onChange={(value) => value && setMatchId(Number(value))}
        data={matches.map((match) => ({
          value: String(match.id),
          // One bracket per sex in a mixed race ranked apart: the label says whose bracket it is.
          label: `${severalBrackets ? `${t(`raceGender.${match.gender}`)} · ` : ''}${t(`speed.stage.${match.stage}`)} ${match.stageIndex + 1}: ${racerLabel(match.racerA)} – ${racerLabel(match.racerB)}${match.state === 'CLOSED' ? ' ✓' : ''}`,
        }))}
      />
      {selected && <MatchForm key={selected.id} raceId={raceId} match={selected} onSaved={setMatchId} />}
    </Stack>
  );
}

function MatchForm({ raceId, match, onSaved }: { raceId: number; match: SpeedMatch; onSaved: (matchId: number) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [laneA, setLaneA] = useState(() => laneFormOf(match.racerA?.run));
  const [laneB, setLaneB] = useState(() => laneFormOf(match.racerB?.run));
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<ScorecardNotice | null>(null);
  const [touched, setTouched] = useState(false);
  const entry = readMatchEntry(laneA, laneB);
  const problems = touched && !entry.ok ? entry.problems : {};

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: speedBracketQueryOptions(raceId).queryKey });
    void queryClient.invalidateQueries({ queryKey: ['results', raceId] });
  };

  const save = async (confirmed: boolean) => {
    setTouched(true);
    setNotice(null);
    if (!entry.ok) return;
    if (entry.sameTime && !confirmed) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    setSaving(true);
    try {
      const saved = await saveSpeedMatch(match.id, match.version, entry.racerA, entry.racerB);
      queryClient.setQueryData(speedBracketQueryOptions(raceId).queryKey, (bracket) =>
        bracket ? { ...bracket, matches: bracket.matches.map((item) => (item.id === saved.id ? saved : item)) } : bracket,
      );
      onSaved(saved.id);
      setNotice({ kind: 'saved' });
      refresh();
    } catch (error) {
      const current = error instanceof ApiError && error.code === 'VERSION_CONFLICT' ? currentMatchOf(error.details) : null;
      if (current) {
        setLaneA(laneFormOf(current.racerA?.run));
        setLaneB(laneFormOf(current.racerB?.run));
        setNotice({ kind: 'conflict' });
        refresh();
      } else if (error instanceof ApiError) setNotice({ kind: error.status === 409 ? 'refused' : 'failed', code: error.code });
      else setNotice({ kind: 'failed', code: error instanceof NetworkError ? 'NETWORK' : 'UNEXPECTED_ERROR' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="speed-match-form">
      <LaneInput label={t('speed.laneA')} racer={match.racerA} form={laneA} problem={problems.racerA} onChange={setLaneA} />
      <LaneInput label={t('speed.laneB')} racer={match.racerB} form={laneB} problem={problems.racerB} onChange={setLaneB} />
      {confirming && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          <Stack gap="xs">
            <Text size="sm">{t('speed.sameTimeConfirm')}</Text>
            <Group gap="xs">
              <Button size="xs" onClick={() => void save(true)}>
                {t('speed.sameTimeYes')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                {t('speed.sameTimeNo')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <Button size="lg" onClick={() => void save(false)} loading={saving} disabled={confirming}>
        {t('speed.save')}
      </Button>
      {notice && (
        <Alert color={notice.kind === 'saved' ? 'green' : notice.kind === 'conflict' ? 'yellow' : 'red'} icon={notice.kind === 'saved' ? <IconCheck size={18} aria-hidden /> : undefined} role="status">
          <NoticeText notice={notice} />
        </Alert>
      )}
    </Stack>
  );
}
