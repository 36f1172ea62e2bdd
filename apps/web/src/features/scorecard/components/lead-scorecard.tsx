import { formatTime, parseTime } from '@climbing/domain';
import { Alert, Badge, Button, Checkbox, Group, NumberInput, Paper, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, NetworkError } from '../../../lib/api-error';
import { racerListQueryOptions, type LeadRoute, type RacerWithRound, type Round } from '../api/racer-list';
import { currentRoundOf, saveLeadRoute } from '../api/save-scores';
import type { ScorecardNotice } from '../model/scorecard-reducer';
import { NoticeText } from './notice-text';
import { RoundStateBadge } from './round-state-badge';

interface LeadForm {
  hold: number | '';
  plus: boolean;
  top: boolean;
  time: string;
}

const formOf = (route: LeadRoute | undefined): LeadForm => ({
  hold: route?.hold ?? '',
  plus: route?.plus ?? false,
  top: route?.top ?? false,
  time: route?.time === null || route?.time === undefined ? '' : formatTime(route.time),
});

/** "28+", "TOP", "–": a lead route as the results show it. */
export const formatLeadRoute = (route: Pick<LeadRoute, 'hold' | 'plus' | 'top'>): string =>
  route.top ? 'TOP' : route.hold === null ? '–' : `${route.hold}${route.plus ? '+' : ''}`;

interface LeadScorecardProps {
  raceId: number;
  racer: RacerWithRound;
  round: Round;
}

/** Lead: hold, plus, top and time per route; each route is saved with the round's version. */
export function LeadScorecard({ raceId, racer, round: initialRound }: LeadScorecardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [round, setRound] = useState(initialRound);
  const [routeIndex, setRouteIndex] = useState(0);
  const [form, setForm] = useState<LeadForm>(() => formOf(initialRound.routes[0]));
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<ScorecardNotice | null>(null);
  const route = round.routes[routeIndex];
  const parsedTime = form.time.trim() === '' ? null : parseTime(form.time);
  const timeInvalid = form.time.trim() !== '' && parsedTime === null;

  const show = (fresh: Round, index = routeIndex) => {
    setRound(fresh);
    setForm(formOf(fresh.routes[index]));
    queryClient.setQueryData(racerListQueryOptions(raceId, fresh.stage).queryKey, (list) =>
      list?.map((item) => (item.id === fresh.racerId ? { ...item, rounds: [fresh] } : item)),
    );
  };

  const selectRoute = (index: number) => {
    setRouteIndex(index);
    setForm(formOf(round.routes[index]));
    setNotice(null);
  };

  const save = async () => {
    if (!route?.id || timeInvalid) return;
    setSaving(true);
    setNotice(null);
    try {
      const hold = form.hold === '' ? null : Number(form.hold);
      show(await saveLeadRoute(racer.id, route.id, round.version, { hold, plus: form.top ? false : form.plus, top: form.top, time: parsedTime }));
      setNotice({ kind: 'saved' });
    } catch (error) {
      const current = error instanceof ApiError && error.code === 'VERSION_CONFLICT' ? currentRoundOf(error.details) : null;
      if (current) {
        show(current);
        setNotice({ kind: 'conflict' });
      } else if (error instanceof ApiError) setNotice({ kind: error.status === 409 ? 'refused' : 'failed', code: error.code });
      else setNotice({ kind: 'failed', code: error instanceof NetworkError ? 'NETWORK' : 'UNEXPECTED_ERROR' });
    } finally {
      setSaving(false);
    }
  };

  const closed = round.state === 'CLOSED';

  return (
    <Stack gap="sm" data-testid="lead-scorecard">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={700} size="lg">
          {racer.racerNumber} · {racer.fullName}
        </Text>
        <RoundStateBadge state={round.state} />
      </Group>
      <SegmentedControl
        fullWidth
        aria-label={t('scorecard.routes')}
        value={String(routeIndex)}
        onChange={(value) => selectRoute(Number(value))}
        data={round.routes.map((item, index) => ({ value: String(index), label: `${t('scorecard.routeShort', { number: index + 1 })} ${formatLeadRoute(item)}` }))}
      />
      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          <NumberInput
            label={t('scorecard.hold')}
            size="lg"
            min={0}
            max={999}
            decimalScale={1}
            inputMode="decimal"
            value={form.hold}
            disabled={closed || form.top}
            onChange={(value) => setForm({ ...form, hold: value === '' ? '' : Number(value) })}
          />
          <Group grow>
            <Checkbox size="lg" label={t('scorecard.plus')} checked={form.plus && !form.top} disabled={closed || form.top} onChange={(event) => setForm({ ...form, plus: event.currentTarget.checked })} />
            <Switch size="lg" label={t('scorecard.top')} checked={form.top} disabled={closed} onChange={(event) => setForm({ ...form, top: event.currentTarget.checked })} />
          </Group>
          <TextInput
            label={t('scorecard.time')}
            description={t('scorecard.timeHint')}
            size="lg"
            inputMode="decimal"
            maxLength={12}
            value={form.time}
            disabled={closed}
            error={timeInvalid ? t('scorecard.timeInvalid') : undefined}
            onChange={(event) => setForm({ ...form, time: event.currentTarget.value })}
          />
          <Button size="xl" h={72} onClick={() => void save()} loading={saving} disabled={closed || !route?.id || timeInvalid}>
            {t('scorecard.saveRoute')}
          </Button>
        </Stack>
      </Paper>
      {notice?.kind === 'saved' && (
        <Badge color="green" variant="light" size="lg" leftSection={<IconCheck size={14} aria-hidden />} role="status">
          {t('scorecard.saved')}
        </Badge>
      )}
      {notice && notice.kind !== 'saved' && (
        <Alert color={notice.kind === 'conflict' ? 'yellow' : 'red'} icon={<IconAlertTriangle aria-hidden />} role="alert">
          <NoticeText notice={notice} />
        </Alert>
      )}
    </Stack>
  );
}
