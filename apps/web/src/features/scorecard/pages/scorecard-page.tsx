import { STAGES, shownStageOf, type ScoreOperation, type Stage } from '@climbing/domain';
import { Alert, Button, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { parseIdParam, raceStages, raceTitle, useRaceInfo } from '../../../lib/race-info';
import { raceStateOf } from '../../../lib/race-state';
import { usePrincipal } from '../api/principal';
import { racerListQueryOptions, roundOf, useRacerList, type RacerWithRound } from '../api/racer-list';
import { BoulderScorecard } from '../components/boulder-scorecard';
import { RacerPicker } from '../components/racer-picker';
import { ChangedEntries } from '../components/changed-entries';
import { SegmentedRadios } from '../../../components/ui/segmented-radios/segmented-radios';
import { thumbButton } from '../components/thumb-button';
import { SyncStatus } from '../components/sync-status';
import { revealBelowStickyBars } from '../components/racer-heading';
import { UnsavedEntryProvider, useUnsavedEntryHost } from '../components/unsaved-entry';
import { useQueueReport } from '../sync/score-queue';
import { useLiveRefresh } from '../sync/use-live-refresh';
import { roundTargets, type RoundTarget } from '../model/changed-targets';

/** How long an entry's card is waited for to be drawn before the status bar's button gives up bringing it on screen. */
const REVEAL_WAIT_MS = 5_000;
/** Taps on "Next racer" closer together than this count as one. */
const NEXT_GUARD_MS = 700;

/*
 * What only some judges need is fetched when it is needed, so a judge's first visit downloads the
 * bouldering card and the racer list, not every discipline's inputs (issue 14, item 5): the lead
 * card (its number input), the speed cards and the login card (its password input). The race's
 * discipline starts the download of its card before a racer is opened; the service worker keeps
 * every part for offline use.
 */
const loadLead = () => import('../components/lead-scorecard');
const loadSpeedQualification = () => import('../components/speed-qualification-scorecard');
const loadSpeedMatch = () => import('../components/speed-match-entry');
const LeadScorecard = lazy(() => loadLead().then((module) => ({ default: module.LeadScorecard })));
const SpeedQualificationScorecard = lazy(() => loadSpeedQualification().then((module) => ({ default: module.SpeedQualificationScorecard })));
const SpeedMatchEntry = lazy(() => loadSpeedMatch().then((module) => ({ default: module.SpeedMatchEntry })));
const JudgeLoginCard = lazy(() => import('../components/judge-login-card').then((module) => ({ default: module.JudgeLoginCard })));

const isStage = (value: string | null): value is Stage => value !== null && (STAGES as readonly string[]).includes(value);

/** /races/:raceId/scorecard — the judge's page, made for a phone held in one hand. */
export function ScorecardPage() {
  const { t } = useTranslation();
  const raceId = parseIdParam(useParams().raceId);
  if (raceId === null) return <Alert color="red">{t('app.badRace')}</Alert>;
  return <Scorecard raceId={raceId} />;
}

function Scorecard({ raceId }: { raceId: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const race = useRaceInfo(raceId);
  const principal = usePrincipal();
  const stages = raceStages(race.data);
  const stageParam = params.get('stage');
  // Without a chosen stage the card opens on the one the race is in (a judge logging in during the
  // final landed on the closed qualification), the last one once the race is finished.
  const raceState = raceStateOf(race.data);
  const shownStage = raceState ? shownStageOf(raceState, stages) : null;
  const stage: Stage = isStage(stageParam) && stages.includes(stageParam) ? stageParam : (shownStage ?? stages[0] ?? 'QUALIFICATION');
  /** The open card's boulder, lead route or speed run (from 0): each its own URL parameter, so "Open" of a changed entry can lead to it. */
  const indexParam = (name: RoundTarget['param']) => Math.max(0, Number(params.get(name) ?? '1') - 1) || 0;
  const boulderIndex = indexParam('boulder');
  const routeIndex = indexParam('route');
  const runIndex = indexParam('run');
  const racerId = Number(params.get('racer') ?? '');
  // Speed finals are entered per elimination match, not per racer.
  const speedFinal = race.data?.discipline === 'SPEED' && stage === 'FINAL';
  const racers = useRacerList(raceId, stage);
  useQueueReport(raceId);
  useLiveRefresh(raceId, stage);
  /**
   * A value typed on the open card and not saved is never dropped silently: whatever takes the card
   * away (another racer, stage, boulder, a changed entry's "Open", a link, the back button) asks
   * first, naming the racer and the value (components/unsaved-entry.tsx).
   */
  const { guard, dialog } = useUnsavedEntryHost();

  // The card of the race's discipline downloads while the racer list loads, not when a racer is opened.
  const raceDiscipline = race.data?.discipline;
  useEffect(() => {
    if (raceDiscipline === 'LEAD') void loadLead();
    if (raceDiscipline === 'SPEED') void (speedFinal ? loadSpeedMatch() : loadSpeedQualification());
  }, [raceDiscipline, speedFinal]);

  // Every stage's racer list is kept on the device, so the judge can switch stage offline.
  const stagesKey = stages.join(',');
  useEffect(() => {
    for (const each of stagesKey.split(',') as Stage[]) void queryClient.prefetchQuery(racerListQueryOptions(raceId, each));
  }, [queryClient, raceId, stagesKey]);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const list = useMemo(() => racers.data ?? [], [racers.data]);
  const selected = list.find((racer) => racer.id === racerId);
  const selectedRound = selected ? roundOf(selected) : undefined;
  const firstRound = list.map(roundOf).find((round) => round !== undefined);
  const discipline = race.data?.discipline ?? undefined;
  const lead = discipline === 'LEAD' || (discipline === undefined && (firstRound?.routes.length ?? 0) > 0);
  // Speed qualification (and a speed race's other stages before the bracket): runs per racer.
  const speed = !lead && (discipline === 'SPEED' || (discipline === undefined && (firstRound?.speedRoutes.length ?? 0) > 0));
  const problemCount = firstRound ? (lead ? firstRound.routes.length : firstRound.boulders.length) : 0;

  /**
   * The judge's entries that somebody else changed since (boulders, lead routes, speed runs): above
   * the list, or at the top of the open card (on screen there).
   */
  const speedType = race.data?.speed?.type;
  const storedEntries = useMemo(() => roundTargets(list, t, i18n.language, speedType), [list, t, i18n.language, speedType]);
  const openIndex = { boulder: boulderIndex, route: routeIndex, run: runIndex };
  const changedEntries = (
    <ChangedEntries
      entries={storedEntries}
      isOpen={(entry) => entry.racerId === selected?.id && entry.index === openIndex[entry.param]}
      onOpen={(entry) => guard.leave(() => update({ racer: String(entry.racerId), [entry.param]: String(entry.index + 1) }))}
    />
  );

  /**
   * The entry whose card is to be brought on screen once it is drawn (the status bar's "entries
   * need you"): looked for on each frame, as the racer's list or a discipline's card may still be
   * loading, for a few seconds at most.
   */
  const [revealing, setRevealing] = useState<string | null>(null);
  useEffect(() => {
    if (revealing === null) return;
    let frame = 0;
    const until = Date.now() + REVEAL_WAIT_MS;
    const look = () => {
      const card = document.querySelector(`[data-operation="${CSS.escape(revealing)}"]`);
      if (card instanceof HTMLElement) {
        revealBelowStickyBars(card);
        card.focus({ preventScroll: true });
        setRevealing(null);
      } else if (Date.now() < until) frame = requestAnimationFrame(look);
      else setRevealing(null);
    };
    look();
    return () => cancelAnimationFrame(frame);
  }, [revealing]);

  /**
   * Opens the scorecard an entry of the queue belongs to (a conflict or a refused entry) and brings
   * its card on screen below the sticky bars; an entry of another race opens that race's scorecard.
   */
  const openOperation = (op: ScoreOperation) => {
    const place = op.kind === 'SPEED_MATCH' ? { stage: op.stage } : { stage: op.stage, racer: String(op.racerId), ...(op.kind === 'BOULDER' ? { boulder: String(op.boulderIndex + 1) } : {}) };
    const open = () => {
      if (op.raceId !== raceId) {
        void navigate(`/races/${op.raceId}/scorecard?${new URLSearchParams(place).toString()}`);
        return;
      }
      update({ racer: null, ...place });
      setRevealing(op.id);
    };
    // An entry of the open card keeps the card (and what is typed on it); anything else leaves it.
    const sameCard = op.raceId === raceId && op.kind !== 'SPEED_MATCH' && op.stage === stage && op.racerId === selected?.id && (op.kind !== 'BOULDER' || op.boulderIndex === boulderIndex);
    if (sameCard) open();
    else guard.leave(open);
  };

  const selectRacer = (racer: RacerWithRound | null) => {
    // Another racer's lead card opens on route 1 and speed card on its first run, as before they
    // had URL parameters (a speed judge enters lane A, then lane B); a boulder judge stays on theirs.
    guard.leave(() => update({ racer: racer ? String(racer.id) : null, route: null, run: null }));
  };

  /**
   * The next racer this judge scores: after the open one in starting order, in the qualification in
   * the same qualification group (a group climbs its own boulders; a semifinal or final is one
   * field whatever group its racers came from), and not in a closed round.
   */
  const following = selected
    ? list
        .slice(list.indexOf(selected) + 1)
        .find((racer) => (stage !== 'QUALIFICATION' || racer.qualificationGroup === selected.qualificationGroup) && roundOf(racer)?.state !== 'CLOSED')
    : undefined;
  /** When "Next racer" was last tapped: a second tap within NEXT_GUARD_MS is a chalky double tap, not a wish to skip a racer. */
  const lastNext = useRef(0);
  const nextRacer = () => {
    const now = Date.now();
    if (now - lastNext.current < NEXT_GUARD_MS) return;
    lastNext.current = now;
    if (following) selectRacer(following);
  };

  const page = (
    <Stack gap="sm" maw={560} mx="auto">
      <div>
        <Title order={1} size="h2">
          {t('scorecard.title')}
        </Title>
        <Text c="dimmed" size="sm" data-testid="race-title">
          {race.isPending ? t('app.loading') : raceTitle(race.data, raceId)}
        </Text>
      </div>
      <SyncStatus raceId={raceId} onOpen={openOperation} />

      {principal.isSuccess && principal.data === null && (
        <Suspense fallback={<Loading />}>
          <JudgeLoginCard />
        </Suspense>
      )}
      {principal.data?.kind === 'JUDGE_ACCOUNT' && race.data?.eventId && principal.data.eventId !== race.data.eventId && (
        <Alert color="yellow">{t('scorecard.otherEvent')}</Alert>
      )}

      {stages.length > 1 && (
        <SegmentedRadios
          fullWidth
          label={t('scorecard.stage')}
          value={stage}
          onChange={(value) => guard.leave(() => update({ stage: value, racer: null }))}
          options={stages.map((value) => ({ value, label: t(`results.stage.${value}`) }))}
        />
      )}

      {speedFinal ? (
        <Suspense fallback={<Loading />}>
          <SpeedMatchEntry raceId={raceId} />
        </Suspense>
      ) : (
        <>
          {problemCount > 0 && !lead && !speed && (
            <NativeSelect
              label={t('scorecard.boulder')}
              size="md"
              value={String(boulderIndex + 1)}
              onChange={(event) => {
                const boulder = event.currentTarget.value;
                guard.leave(() => update({ boulder }));
              }}
              data={Array.from({ length: problemCount }, (_, index) => ({ value: String(index + 1), label: t('scorecard.boulderTitle', { number: index + 1 }) }))}
            />
          )}

          {racers.isPending && <Loading />}
          {racers.isError && (
            <Alert color="red" role="alert">
              {t('scorecard.loadFailed')}
              <Button ml="sm" size="xs" variant="light" onClick={() => void racers.refetch()}>
                {t('errors.retry')}
              </Button>
            </Alert>
          )}
          {racers.isSuccess && list.length === 0 && <Alert color="gray">{t('scorecard.noRacers')}</Alert>}

          {racers.isSuccess && list.length > 0 && !selected && (
            <RacerPicker
              racers={list}
              stage={stage}
              kind={lead ? 'LEAD' : speed ? 'SPEED' : 'BOULDER'}
              boulderIndex={boulderIndex}
              groupParam={params.get('group')}
              onGroupChange={(group) => update({ group })}
              onSelect={selectRacer}
              changedEntries={changedEntries}
            />
          )}

          {selected && (
            <Group grow gap="xs">
              <Button variant="light" size="md" {...thumbButton} onClick={() => selectRacer(null)}>
                {t('scorecard.changeRacer')}
              </Button>
              <Button variant="default" size="md" {...thumbButton} onClick={nextRacer} disabled={!following}>
                {t('scorecard.nextRacer')}
              </Button>
            </Group>
          )}
          {selected && !selectedRound && <Alert color="gray">{t('scorecard.noRound')}</Alert>}
          {selected && selectedRound && lead && (
            <Suspense fallback={<Loading />}>
              {/* A new route is a new form, filled from what is stored (the key). */}
              <LeadScorecard
                key={`${selectedRound.id}:${routeIndex}`}
                raceId={raceId}
                racer={selected}
                round={selectedRound}
                routeIndex={Math.min(routeIndex, Math.max(0, selectedRound.routes.length - 1))}
                onRouteChange={(index) => update({ route: String(index + 1) })}
                changedEntries={changedEntries}
              />
            </Suspense>
          )}
          {selected && selectedRound && speed && (
            <Suspense fallback={<Loading />}>
              <SpeedQualificationScorecard
                key={`${selectedRound.id}:${runIndex}`}
                raceId={raceId}
                racer={selected}
                round={selectedRound}
                racers={list}
                speedType={speedType}
                runIndex={Math.min(runIndex, Math.max(0, selectedRound.speedRoutes.length - 1))}
                onRunChange={(index) => update({ run: String(index + 1) })}
                changedEntries={changedEntries}
              />
            </Suspense>
          )}
          {selected && selectedRound && !lead && !speed && selectedRound.boulders.length > 0 && (
            <BoulderScorecard
              key={selectedRound.id}
              raceId={raceId}
              racer={selected}
              round={selectedRound}
              boulderIndex={Math.min(boulderIndex, selectedRound.boulders.length - 1)}
              onBoulderChange={(index) => update({ boulder: String(index + 1) })}
              changedEntries={changedEntries}
            />
          )}
          {selected && selectedRound && !lead && !speed && selectedRound.boulders.length === 0 && <Alert color="gray">{t('scorecard.unsupported')}</Alert>}
        </>
      )}

      <Group justify="center" gap="md" mt="md">
        <Button component={Link} to={`/races/${raceId}/results`} variant="subtle" size="xs">
          {t('results.title')}
        </Button>
        <Button component={Link} to={`/live/race/${raceId}`} variant="subtle" size="xs">
          {t('live.title')}
        </Button>
      </Group>
      {dialog}
    </Stack>
  );
  return <UnsavedEntryProvider guard={guard}>{page}</UnsavedEntryProvider>;
}

/** The spinner while a list or a part of the page loads. */
function Loading() {
  const { t } = useTranslation();
  return <Loader mx="auto" role="progressbar" aria-label={t('app.loading')} />;
}
