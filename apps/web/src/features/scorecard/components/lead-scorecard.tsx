import { parseTime, type LeadRouteOperation, type LeadRouteValue } from '@climbing/domain';
import { Badge, Button, Checkbox, Group, NumberInput, Paper, SegmentedControl, Stack, Switch, TextInput } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { formatLeadRoute } from '../model/lead-marks';
import { useEntryForm } from '../model/use-entry-form';
import { formatLeadEntryTime } from '../../../lib/format-entry-time';
import { useTranslation } from '../../../lib/translation';
import type { LeadRoute, RacerWithRound, Round } from '../api/racer-list';
import { useQueueSnapshot, useScoreQueue } from '../sync/score-queue';
import { QueueNotices } from './queue-notices';
import { RacerCardHeader } from './racer-heading';
import { ClosedRoundNote, RoundStateBadge } from './round-state-badge';

interface LeadForm {
  hold: number | '';
  plus: boolean;
  top: boolean;
  time: string;
}

const formOf = (route: Pick<LeadRoute, 'hold' | 'plus' | 'top' | 'time'> | undefined, language: string): LeadForm => ({
  hold: route?.hold ?? '',
  plus: route?.plus ?? false,
  top: route?.top ?? false,
  time: route?.time === null || route?.time === undefined ? '' : formatLeadEntryTime(route.time, language),
});

/** Two forms that save the same route value ("83,25" and "83.250" are one time). */
const sameForm = (a: LeadForm, b: LeadForm): boolean => {
  if (a.hold !== b.hold || a.plus !== b.plus || a.top !== b.top) return false;
  if (a.time.trim() === b.time.trim()) return true;
  const time = parseTime(a.time);
  return time !== null && time === parseTime(b.time);
};

interface LeadScorecardProps {
  raceId: number;
  racer: RacerWithRound;
  round: Round;
  /** The route on screen (from 0); the form is filled from it when the card is drawn. */
  routeIndex: number;
  onRouteChange: (index: number) => void;
  /** The judge's entries that somebody else changed since (ChangedEntries), at the top of the card. */
  changedEntries?: ReactNode;
}

/**
 * Lead: hold, plus, top and time per route; any route can be corrected while the round is open.
 * Each save is one entry of the device's queue (kept at once, sent in order); the routes show the
 * stored values with the entries still on their way.
 */
export function LeadScorecard({ raceId, racer, round, routeIndex, onRouteChange, changedEntries }: LeadScorecardProps) {
  const { t, i18n } = useTranslation();
  const queue = useScoreQueue();
  const { operations } = useQueueSnapshot();
  const mine = useMemo(() => operations.filter((op): op is LeadRouteOperation => op.kind === 'LEAD_ROUTE' && op.roundId === round.id), [operations, round.id]);
  const routes = round.routes.map((route) => {
    const entries = mine.filter((op) => op.status !== 'REFUSED' && op.routeId === route.id);
    const newest = entries.at(-1);
    return { ...route, ...(newest ? newest.value : {}), waiting: entries.length > 0 };
  });
  const route = routes[routeIndex];
  const shownForm = formOf(route, i18n.language);
  // Follows a newer stored value while untouched; saves on the version it rests on (useEntryForm).
  const { form, setForm, base } = useEntryForm(shownForm, route?.version ?? 0, route?.waiting ?? false, sameForm);
  const parsedTime = form.time.trim() === '' ? null : parseTime(form.time);
  const timeInvalid = form.time.trim() !== '' && parsedTime === null;

  const save = () => {
    const stored = round.routes[routeIndex];
    if (!stored?.id || timeInvalid) return;
    const hold = form.hold === '' ? null : Number(form.hold);
    void queue
      .enqueue({
        kind: 'LEAD_ROUTE',
        raceId,
        stage: round.stage,
        racerId: racer.id,
        roundId: round.id,
        routeId: stored.id,
        value: { hold, plus: form.top ? false : form.plus, top: form.top, time: parsedTime },
        baseVersion: base,
      })
      .then(() => {
        if (navigator.onLine) void queue.flush();
      });
  };

  const closed = round.state === 'CLOSED';

  return (
    <Stack gap="sm" data-testid="lead-scorecard">
      <RacerCardHeader badge={<RoundStateBadge state={round.state} />}>
            {racer.racerNumber} · {racer.fullName}
      </RacerCardHeader>
      <ClosedRoundNote state={round.state} />
      <QueueNotices
        operations={mine.filter((op) => op.status !== 'PENDING')}
        targetOf={(op) => t('scorecard.routeTitle', { number: round.routes.findIndex((item) => item.id === (op as LeadRouteOperation).routeId) + 1 })}
        valueOf={(value) => formatLeadRoute(value as LeadRouteValue)}
      />
      {changedEntries}
      <SegmentedControl
        fullWidth
        aria-label={t('scorecard.routes')}
        value={String(routeIndex)}
        onChange={(value) => onRouteChange(Number(value))}
        data={routes.map((item, index) => ({ value: String(index), label: `${t('scorecard.routeShort', { number: index + 1 })} ${formatLeadRoute(item)}` }))}
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
            // Plain seconds ("170") are shown as the results will show them ("2:50") once the judge leaves the field.
            onBlur={() => {
              if (parsedTime !== null) setForm({ ...form, time: formatLeadEntryTime(parsedTime, i18n.language) });
            }}
          />
          <Button size="xl" h={72} onClick={save} disabled={closed || !route?.id || timeInvalid}>
            {t('scorecard.saveRoute')}
          </Button>
        </Stack>
      </Paper>
      {route?.waiting && (
        <Badge color="orange" variant="light" size="lg" data-testid="route-waiting">
          {t('scorecard.notSent')}
        </Badge>
      )}
    </Stack>
  );
}
