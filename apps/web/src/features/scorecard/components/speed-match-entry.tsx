import type { SpeedMatchOperation, SpeedMatchValue } from '@climbing/domain';
import { Alert, Badge, Button, Checkbox, Group, Input, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSelector } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useSpeedBracket, type SpeedMatch, type SpeedMatchRacer } from '../../results/api/speed-bracket';
import { laneFormOf, readMatchEntry, runValue, sameLaneForm, type LaneForm, type LaneProblem, type LaneRun } from '../model/speed-entry';
import { speedMatchTitle } from '../model/speed-final-matches';
import { useEntryForm } from '../model/use-entry-form';
import { useQueueSnapshot, useScoreQueue } from '../sync/score-queue';
import type { ChangeTarget } from '../model/changed-targets';
import { sameEntryValue } from '../sync/undo-journal';
import { ChangedEntries } from './changed-entries';
import { QueueNotices } from './queue-notices';
import { submitEntry, useUnsavedEntry, useUnsavedEntryGuard, type EntryCheck } from './unsaved-entry';
import classes from './speed-match-entry.module.css';

const racerLabel = (racer: SpeedMatchRacer | null): string => (racer ? `${racer.racerNumber} · ${racer.fullName}` : '?');

/** An option of the match list: the done mark first, the match, both racers by name ("✓ Semi-final 1: Adam Skalný – Cyril Pevný"). */
export const matchOptionLabel = (match: SpeedMatch, title: string): string =>
  `${match.state === 'CLOSED' ? '✓ ' : ''}${title}: ${match.racerA?.fullName ?? '?'} – ${match.racerB?.fullName ?? '?'}`;

interface MatchPickerProps {
  matches: readonly SpeedMatch[];
  selected: SpeedMatch;
  title: (match: SpeedMatch) => string;
  onPick: (matchId: number) => void;
}

/**
 * The judge's choice of match. A native select (the phone's own list to pick from), drawn as a box
 * that shows the chosen match on two lines which wrap: a narrow phone cut the one-line label of a
 * plain select ("Štvrťfinále 1: 5 · Emil Vrtký – 2 ·"). The select lies over the box, invisible, so
 * a tap anywhere on it opens the list, and it is what assistive technology reads.
 */
function MatchPicker({ matches, selected, title, onPick }: MatchPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Input.Wrapper label={t('speed.match')} size="md" labelElement="label" labelProps={{ htmlFor: id }}>
      <div className={classes.picker} data-testid="match-picker">
        <div aria-hidden>
          <Text fw={700} className={classes.line}>
            {selected.state === 'CLOSED' ? '✓ ' : ''}
            {title(selected)}
          </Text>
          {/* Each racer wraps as a whole: "3 · Cyril Pevný –" above "7 · Gabriel Horolezec", not a name split. */}
          <Text className={classes.line}>
            <span className={classes.racer}>{racerLabel(selected.racerA)} –</span> <span className={classes.racer}>{racerLabel(selected.racerB)}</span>
          </Text>
        </div>
        <IconSelector size={18} aria-hidden className={classes.chevron} />
        <select id={id} className={classes.select} value={String(selected.id)} onChange={(event) => onPick(Number(event.currentTarget.value))}>
          {matches.map((match) => (
            <option key={match.id} value={String(match.id)}>
              {matchOptionLabel(match, title(match))}
            </option>
          ))}
        </select>
      </div>
    </Input.Wrapper>
  );
}

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

/**
 * The match to enter after saving `savedId`: the next one in bracket order that is neither closed
 * nor waiting in the device's queue, else the first such one before it; null when none is left
 * (the judge stays on the saved match).
 */
export function nextMatchToEnter(matches: readonly SpeedMatch[], savedId: number, entered: ReadonlySet<number>): SpeedMatch | null {
  const open = (match: SpeedMatch) => match.id !== savedId && match.state !== 'CLOSED' && !entered.has(match.id);
  const at = matches.findIndex((match) => match.id === savedId);
  return matches.slice(at + 1).find(open) ?? matches.slice(0, Math.max(at, 0)).find(open) ?? null;
}

const NO_RUN: LaneRun = { time: null, fall: false, falseStart: false };

/** A final match as stored now, for "Another judge changed your entry": the lanes that differ, each with its racer's run. */
interface MatchTarget extends ChangeTarget {
  matchId: number;
}

/** Judge's entry of one speed elimination match: pick the match, both lanes, save with the version. */
export function SpeedMatchEntry({ raceId }: { raceId: number }) {
  const { t, i18n } = useTranslation();
  const bracket = useSpeedBracket(raceId);
  const guard = useUnsavedEntryGuard();
  const { operations } = useQueueSnapshot();
  const [matchId, setMatchId] = useState<number | null>(null);
  /** The match saved last, while the judge has moved on from it: a button leads back to it. */
  const [savedId, setSavedId] = useState<number | null>(null);
  /**
   * Saved with no other match to enter yet (the last semi-final: the finals are made from it): the
   * entry moves on once the bracket brings the next match, unless the judge picked another meanwhile.
   */
  const [waitingAfter, setWaitingAfter] = useState<number | null>(null);
  const loaded = bracket.data?.matches;
  useEffect(() => {
    if (waitingAfter === null || !loaded) return;
    const next = nextMatchToEnter(loaded, waitingAfter, new Set([waitingAfter]));
    if (!next) return;
    setWaitingAfter(null);
    setMatchId(next.id);
    setSavedId(waitingAfter);
  }, [loaded, waitingAfter]);
  // The same names as the rounds page and the server's messages: "Quarter-final 3", "Big final".
  const matchTitle = useCallback((match: SpeedMatch) => speedMatchTitle(t, match, (bracket.data?.brackets.length ?? 0) > 1), [bracket.data?.brackets.length, t]);
  const storedMatches = useMemo(
    () =>
      (loaded ?? []).map(
        (match): MatchTarget => ({
          scope: `match:${match.id}`,
          target: 'match',
          version: match.version,
          value: { racerA: match.racerA?.run ?? NO_RUN, racerB: match.racerB?.run ?? NO_RUN },
          matchId: match.id,
          racer: `${racerLabel(match.racerA)} – ${racerLabel(match.racerB)}`,
          title: matchTitle(match),
          describe: (own, now) => {
            const mine = own as SpeedMatchValue;
            const stored = now as SpeedMatchValue;
            const lanes = (['racerA', 'racerB'] as const).filter((lane) => !sameEntryValue(stored[lane], mine[lane]));
            const words = (value: SpeedMatchValue) =>
              (lanes.length > 0 ? lanes : (['racerA', 'racerB'] as const))
                .map((lane) => `${t(lane === 'racerA' ? 'speed.laneA' : 'speed.laneB')} ${runValue(t, value[lane], i18n.language)}`)
                .join(' · ');
            return { mine: words(mine), now: words(stored) };
          },
        }),
      ),
    [loaded, matchTitle, t, i18n.language],
  );
  if (bracket.isPending) return <Loader mx="auto" role="progressbar" aria-label={t('app.loading')} />;
  if (bracket.isError) return <Alert color="red">{t('speed.loadFailed')}</Alert>;
  const matches = bracket.data.matches;
  if (matches.length === 0) return <Alert color="gray">{t('speed.noBracket')}</Alert>;
  const selected = matches.find((match) => match.id === matchId) ?? matches.find((match) => match.state !== 'CLOSED') ?? matches[0];
  const title = matchTitle;
  const saved = savedId !== null && savedId !== selected?.id ? matches.find((match) => match.id === savedId) : undefined;
  const onSaved = (id: number) => {
    // Entries still in the queue count as entered: the bracket learns them when they are sent.
    const entered = new Set([...operations.filter((op) => op.kind === 'SPEED_MATCH' && op.status !== 'REFUSED').map((op) => (op as SpeedMatchOperation).matchId), id]);
    const next = nextMatchToEnter(matches, id, entered);
    setMatchId(next?.id ?? id);
    setSavedId(next ? id : null);
    setWaitingAfter(next ? null : id);
  };
  return (
    <Stack gap="sm">
      {/* The judge's matches somebody else changed since: above the match list and the open match. */}
      <ChangedEntries
        entries={storedMatches}
        isOpen={(entry) => entry.matchId === selected?.id}
        onOpen={(entry) =>
          guard.leave(() => {
            setMatchId(entry.matchId);
            setSavedId(null);
            setWaitingAfter(null);
          })
        }
      />
      {selected && (
        <MatchPicker
          matches={matches}
          selected={selected}
          title={title}
          onPick={(id) =>
            guard.leave(() => {
              setMatchId(id);
              setSavedId(null);
              setWaitingAfter(null);
            })
          }
        />
      )}
      {saved && (
        <Group gap="xs" justify="space-between" wrap="nowrap" data-testid="match-saved">
          <Text size="sm" c="dimmed">
            {t('speed.matchSaved', { match: title(saved) })}
          </Text>
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() =>
              guard.leave(() => {
                setMatchId(saved.id);
                setSavedId(null);
                setWaitingAfter(null);
              })
            }
          >
            {t('speed.openSaved')}
          </Button>
        </Group>
      )}
      {selected && <MatchForm key={selected.id} raceId={raceId} match={selected} title={title(selected)} onSaved={onSaved} />}
    </Stack>
  );
}

/** Two lane pairs that save the same match. */
const sameLanes = (x: { a: LaneForm; b: LaneForm }, y: { a: LaneForm; b: LaneForm }): boolean => sameLaneForm(x.a, y.a) && sameLaneForm(x.b, y.b);

function MatchForm({ raceId, match, title, onSaved }: { raceId: number; match: SpeedMatch; title: string; onSaved: (matchId: number) => void }) {
  const { t, i18n } = useTranslation();
  const queue = useScoreQueue();
  const guard = useUnsavedEntryGuard();
  const { operations } = useQueueSnapshot();
  const mine = useMemo(() => operations.filter((op): op is SpeedMatchOperation => op.kind === 'SPEED_MATCH' && op.matchId === match.id), [operations, match.id]);
  const entries = mine.filter((op) => op.status !== 'REFUSED');
  const newest = entries.at(-1);
  const shownA = laneFormOf(newest?.value.racerA ?? match.racerA?.run, i18n.language);
  const shownB = laneFormOf(newest?.value.racerB ?? match.racerB?.run, i18n.language);
  // Both lanes as one form: follows a newer stored match while untouched; saves on the version it rests on (useEntryForm).
  const { form: lanes, setForm: setLanes, base } = useEntryForm({ a: shownA, b: shownB }, match.version, entries.length > 0, sameLanes);
  const laneA = lanes.a;
  const laneB = lanes.b;
  const [touched, setTouched] = useState(false);
  const entry = readMatchEntry(laneA, laneB);
  const problems = touched && !entry.ok ? entry.problems : {};
  const runText = (run: LaneRun) => runValue(t, run, i18n.language);

  /** What Save does with both lanes as they are (the button and the question on leaving the match); two equal times ask first, as a dialog. */
  const check = (): EntryCheck => {
    setTouched(true);
    if (!entry.ok) {
      const problem = entry.problems.racerA ?? entry.problems.racerB;
      return { kind: 'invalid', problem: t(problem === 'invalid' ? 'speed.timeInvalid' : 'speed.timeRequired') };
    }
    const value = { racerA: entry.racerA, racerB: entry.racerB };
    const commit = () =>
      void queue.enqueue({ kind: 'SPEED_MATCH', raceId, stage: 'FINAL', matchId: match.id, value, baseVersion: base }).then(() => {
        onSaved(match.id);
        if (navigator.onLine) void queue.flush();
      });
    if (!entry.sameTime) return { kind: 'ready', commit };
    return { kind: 'ask', question: { text: t('speed.sameTimeConfirm'), yes: t('speed.sameTimeYes'), no: t('speed.sameTimeNo'), testId: 'speed-match-same-time' }, commit };
  };
  const typedLane = (lane: LaneForm) => [lane.time.trim(), lane.fall && t('speed.fall'), lane.falseStart && t('speed.falseStart')].filter(Boolean).join(' · ') || '–';
  useUnsavedEntry(
    sameLanes(lanes, { a: shownA, b: shownB })
      ? null
      : {
          racer: `${racerLabel(match.racerA)} – ${racerLabel(match.racerB)}`,
          target: title,
          value: `${t('speed.laneA')}: ${typedLane(laneA)} · ${t('speed.laneB')}: ${typedLane(laneB)}`,
          check,
        },
  );

  return (
    <Stack gap="sm" data-testid="speed-match-form">
      <QueueNotices
        operations={mine.filter((op) => op.status !== 'PENDING')}
        targetOf={() => t('speed.match')}
        valueOf={(value) => {
          const runs = value as SpeedMatchValue;
          return `${t('speed.laneA')}: ${runText(runs.racerA)} · ${t('speed.laneB')}: ${runText(runs.racerB)}`;
        }}
      />
      <LaneInput label={t('speed.laneA')} racer={match.racerA} form={laneA} problem={problems.racerA} onChange={(lane) => setLanes({ ...lanes, a: lane })} />
      <LaneInput label={t('speed.laneB')} racer={match.racerB} form={laneB} problem={problems.racerB} onChange={(lane) => setLanes({ ...lanes, b: lane })} />
      <Button size="lg" onClick={() => submitEntry(guard, check())}>
        {t('speed.save')}
      </Button>
      {mine.some((op) => op.status === 'PENDING') && (
        <Badge color="orange" variant="light" size="lg" data-testid="match-waiting">
          {t('scorecard.notSent')}
        </Badge>
      )}
    </Stack>
  );
}
