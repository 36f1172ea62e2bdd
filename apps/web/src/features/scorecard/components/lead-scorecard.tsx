import { LEAD_HOLD_MAX, parseTime, type LeadRouteOperation, type LeadRouteValue } from '@climbing/domain';
import { Badge, Button, Checkbox, Group, Paper, SegmentedControl, Stack, Switch, TextInput } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { formatLeadRoute } from '../model/lead-marks';
import { holdText, readHold, type HoldProblem } from '../model/lead-entry';
import { useEntryForm } from '../model/use-entry-form';
import { formatLeadEntryTime } from '../../../lib/format-entry-time';
import { useTranslation } from '../../../lib/translation';
import type { LeadRoute, RacerWithRound, Round } from '../api/racer-list';
import { useQueueSnapshot, useScoreQueue } from '../sync/score-queue';
import { QueueNotices } from './queue-notices';
import { RacerCardHeader } from './racer-heading';
import { ClosedRoundNote, RoundStateBadge } from './round-state-badge';
import { submitEntry, useUnsavedEntry, useUnsavedEntryGuard, type EntryCheck } from './unsaved-entry';

/** The form as the judge types it: the hold as text, so a garbled one is refused, not emptied. */
interface LeadForm {
  hold: string;
  plus: boolean;
  top: boolean;
  time: string;
}

const formOf = (route: Pick<LeadRoute, 'hold' | 'plus' | 'top' | 'time'> | undefined, language: string): LeadForm => ({
  hold: holdText(route?.hold, language),
  plus: route?.plus ?? false,
  top: route?.top ?? false,
  time: route?.time === null || route?.time === undefined ? '' : formatLeadEntryTime(route.time, language),
});

/** Two hold fields that save the same height ("26,5" and "26.5"). */
const sameHold = (a: string, b: string): boolean => {
  if (a.trim() === b.trim()) return true;
  const x = readHold(a);
  const y = readHold(b);
  return x.ok && y.ok && x.hold === y.hold;
};

/** Two forms that save the same route value ("83,25" and "83.250" are one time). */
const sameForm = (a: LeadForm, b: LeadForm): boolean => {
  if (!sameHold(a.hold, b.hold) || a.plus !== b.plus || a.top !== b.top) return false;
  if (a.time.trim() === b.time.trim()) return true;
  const time = parseTime(a.time);
  return time !== null && time === parseTime(b.time);
};

const HOLD_MESSAGES: Record<HoldProblem, string> = { invalid: 'scorecard.holdInvalid', negative: 'scorecard.holdNegative', tooHigh: 'scorecard.holdTooHigh' };

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
  const guard = useUnsavedEntryGuard();
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
  const holdEntry = readHold(form.hold);
  // Said under the field as the judge types, as the time is: "abc", "-5" and 1000 are never saved.
  const holdProblem = holdEntry.ok ? null : t(HOLD_MESSAGES[holdEntry.problem], { max: LEAD_HOLD_MAX });
  const closed = round.state === 'CLOSED';
  const racerName = `${racer.racerNumber} · ${racer.fullName}`;
  const routeTitle = t('scorecard.routeTitle', { number: routeIndex + 1 });
  const storedHeight = route ? formatLeadRoute(route) : '–';

  /** What Save does with the form as it is (the card's button and the question on leaving the card). */
  const check = (): EntryCheck => {
    const routeId = round.routes[routeIndex]?.id;
    if (closed || !routeId) return { kind: 'invalid', problem: t('scorecard.roundClosedNote') };
    if (!holdEntry.ok) return { kind: 'invalid', problem: holdProblem ?? '' };
    if (timeInvalid) return { kind: 'invalid', problem: t('scorecard.timeInvalid') };
    const value = { hold: holdEntry.hold, plus: form.top ? false : form.plus, top: form.top, time: parsedTime };
    const commit = () =>
      void queue.enqueue({ kind: 'LEAD_ROUTE', raceId, stage: round.stage, racerId: racer.id, roundId: round.id, routeId, value, baseVersion: base }).then(() => {
        if (navigator.onLine) void queue.flush();
      });
    // An emptied field erases the stored height only when the judge says so.
    const clears = value.hold === null && !value.top && route !== undefined && (route.hold !== null || route.top);
    if (clears) {
      const question = {
        text: t('scorecard.clearHeightConfirm', { height: storedHeight, racer: racerName }),
        yes: t('scorecard.clearHeightYes'),
        no: t('scorecard.clearHeightNo', { height: storedHeight }),
        testId: 'lead-clear-height',
      };
      return { kind: 'ask', question, commit };
    }
    return { kind: 'ready', commit };
  };

  /** The form as the judge left it, in the dialog that asks before the card goes: "36+ · 2:50", or what was typed. */
  const typedValue = () => {
    const height = holdEntry.ok ? formatLeadRoute({ hold: holdEntry.hold, plus: form.plus && !form.top, top: form.top }) : form.hold.trim();
    return form.time.trim() === '' ? height : `${height} · ${form.time.trim()}`;
  };
  useUnsavedEntry(route !== undefined && !sameForm(form, shownForm) ? { racer: racerName, target: routeTitle, value: typedValue(), check } : null);

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
        onChange={(value) => guard.leave(() => onRouteChange(Number(value)))}
        data={routes.map((item, index) => ({ value: String(index), label: `${t('scorecard.routeShort', { number: index + 1 })} ${formatLeadRoute(item)}` }))}
      />
      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          <TextInput
            label={t('scorecard.hold')}
            size="lg"
            inputMode="decimal"
            autoComplete="off"
            maxLength={8}
            value={form.hold}
            // A refused height stays open to correct, top or not.
            disabled={closed || (form.top && holdProblem === null)}
            error={holdProblem ?? undefined}
            onChange={(event) => setForm({ ...form, hold: event.currentTarget.value })}
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
          <Button size="xl" h={72} onClick={() => submitEntry(guard, check())} disabled={closed || !route?.id || timeInvalid || holdProblem !== null}>
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
