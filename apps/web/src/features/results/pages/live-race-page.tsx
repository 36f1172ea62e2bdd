import { Alert, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAdjustments, IconPresentation } from '@tabler/icons-react';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageLoading } from '../../../app/layout/page-loading';
import { parseStageList } from '@climbing/domain';
import { parseIdParam } from '../../../lib/race-info';
import { useLiveRaces } from '../api/live-races';
import { LiveRaceBoard } from '../components/live-race-board';
import { MIN_ROTATE_SECONDS, idsOf } from '../model/live-options';
import classes from './live-race-page.module.css';

// The options' inputs (multi-select, number input) are downloaded when the panel is first opened.
const LiveOptions = lazy(() => import('../components/live-options').then((module) => ({ default: module.LiveOptions })));

export const DEFAULT_ROTATE_SECONDS = 15;

/**
 * /live/race/:raceId — results that update themselves. Options live in the address, so a big
 * screen can be set up once and bookmarked: `stages`, `races` (more races to rotate through),
 * `rotate` (seconds per race) and `large` (large type).
 */
export function LiveRacePage() {
  const { t } = useTranslation();
  const raceId = parseIdParam(useParams().raceId);
  if (raceId === null) return <Alert color="red">{t('app.badRace')}</Alert>;
  return <LiveRace raceId={raceId} />;
}

function LiveRace({ raceId }: { raceId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [optionsLoaded, setOptionsLoaded] = useState(false);
  if (optionsOpen && !optionsLoaded) setOptionsLoaded(true);
  const liveRaces = useLiveRaces();
  const racesParam = params.get('races');
  const stagesParam = params.get('stages');
  const raceIds = useMemo(() => [...new Set([raceId, ...idsOf(racesParam)])], [raceId, racesParam]);
  // Read as router.tsx reads them for the stream it opens early.
  const stages = useMemo(() => parseStageList(stagesParam), [stagesParam]);
  const rotateSeconds = Math.max(MIN_ROTATE_SECONDS, Number(params.get('rotate')) || DEFAULT_ROTATE_SECONDS);
  const large = params.get('large') === '1';
  const [shownIndex, setShownIndex] = useState(0);
  const rotating = raceIds.length > 1;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setShownIndex((index) => (index + 1) % raceIds.length), rotateSeconds * 1000);
    return () => clearInterval(timer);
  }, [rotating, rotateSeconds, raceIds.length]);

  const set = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const current = shownIndex % raceIds.length;
  const raceOptions = (liveRaces.data ?? []).filter((race) => race.id !== raceId).map((race) => ({ value: String(race.id), label: `${race.name} · ${race.eventDisplayName ?? race.eventName}` }));

  return (
    <Stack gap="md">
      {/* The races' names head their boards (h2); the page's own heading is for screen readers. */}
      <VisuallyHidden component="h1">{t('live.title')}</VisuallyHidden>
      <Group justify="space-between">
        <Button component={Link} to="/live" variant="subtle" size="xs" px={0} className={classes.action}>
          {t('live.backToList')}
        </Button>
        <Group gap="xs">
          {rotating && (
            <Text size="sm" c="dimmed" data-testid="live-rotation">
              {t('live.rotation', { current: current + 1, total: raceIds.length, seconds: rotateSeconds })}
            </Text>
          )}
          {/* A projector is driven from a laptop: on a phone the button only pushed the results down. */}
          <Button component={Link} to={`/live/race/${raceId}/projector${stages.length === 1 ? `?stage=${stages[0]}` : ''}`} variant="light" size="xs" leftSection={<IconPresentation size={16} aria-hidden />} className={classes.action} visibleFrom="sm">
            {t('live.projector.open')}
          </Button>
          <Button variant="light" size="xs" leftSection={<IconAdjustments size={16} aria-hidden />} className={classes.action} onClick={() => setOptionsOpen((open) => !open)} aria-expanded={optionsOpen}>
            {t('live.options')}
          </Button>
        </Group>
      </Group>

      {/* Shown or hidden at once (Mantine's Collapse animates, at 1.4 KB for this page); kept mounted once loaded. */}
      <div hidden={!optionsOpen}>
        {optionsLoaded && (
          <Suspense fallback={<PageLoading />}>
            <LiveOptions raceId={raceId} racesParam={racesParam} stages={stages} rotateSeconds={rotateSeconds} large={large} raceOptions={raceOptions} set={set} />
          </Suspense>
        )}
      </div>

      {raceIds.map((id, index) => (
        <LiveRaceBoard key={id} raceId={id} stages={stages} large={large} hidden={index !== current} />
      ))}
    </Stack>
  );
}
