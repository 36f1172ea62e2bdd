import { STAGES, type Stage } from '@climbing/domain';
import { Alert, Button, Chip, Collapse, Group, MultiSelect, NumberInput, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { parseIdParam } from '../../../lib/race-info';
import { useLiveRaces } from '../api/live-races';
import { LiveRaceBoard } from '../components/live-race-board';

export const DEFAULT_ROTATE_SECONDS = 15;
const MIN_ROTATE_SECONDS = 5;

const idsOf = (value: string | null): number[] =>
  (value ?? '')
    .split(',')
    .map((part) => parseIdParam(part.trim()))
    .filter((id): id is number => id !== null);

/**
 * /live/race/:raceId — results that update themselves. Options live in the address, so a big
 * screen can be set up once and bookmarked: `stages`, `races` (more races to rotate through),
 * `rotate` (seconds per race) and `large` (large type).
 */
export function LiveRacePage() {
  const { t } = useTranslation();
  const raceId = parseIdParam(useParams().raceId);
  if (raceId === null) return <Alert color="red">{t('scorecard.badRace')}</Alert>;
  return <LiveRace raceId={raceId} />;
}

function LiveRace({ raceId }: { raceId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [optionsOpen, setOptionsOpen] = useState(false);
  const liveRaces = useLiveRaces();
  const racesParam = params.get('races');
  const stagesParam = params.get('stages');
  const raceIds = useMemo(() => [...new Set([raceId, ...idsOf(racesParam)])], [raceId, racesParam]);
  const stages = useMemo(() => (stagesParam ?? '').split(',').filter((value): value is Stage => (STAGES as readonly string[]).includes(value)), [stagesParam]);
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
      <Group justify="space-between">
        <Button component={Link} to="/live" variant="subtle" size="xs" px={0}>
          {t('live.backToList')}
        </Button>
        <Group gap="xs">
          {rotating && (
            <Text size="sm" c="dimmed" data-testid="live-rotation">
              {t('live.rotation', { current: current + 1, total: raceIds.length, seconds: rotateSeconds })}
            </Text>
          )}
          <Button variant="light" size="xs" leftSection={<IconAdjustments size={16} aria-hidden />} onClick={() => setOptionsOpen((open) => !open)} aria-expanded={optionsOpen}>
            {t('live.options')}
          </Button>
        </Group>
      </Group>

      <Collapse expanded={optionsOpen}>
        <Paper withBorder p="sm">
          <Stack gap="sm">
            <div>
              <Text size="sm" fw={500} mb={4}>
                {t('live.stages')}
              </Text>
              <Chip.Group multiple value={stages} onChange={(values) => set('stages', STAGES.filter((stage) => values.includes(stage)).join(','))}>
                <Group gap={6}>
                  {STAGES.map((stage) => (
                    <Chip key={stage} value={stage} size="sm">
                      {t(`results.stage.${stage}`)}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              <Text size="xs" c="dimmed" mt={4}>
                {t('live.stagesHint')}
              </Text>
            </div>
            <MultiSelect
              label={t('live.moreRaces')}
              description={t('live.moreRacesHint')}
              data={raceOptions}
              value={idsOf(racesParam).filter((id) => id !== raceId).map(String)}
              onChange={(values) => set('races', values.join(','))}
              searchable
              clearable
            />
            <NumberInput
              label={t('live.rotateSeconds')}
              min={MIN_ROTATE_SECONDS}
              max={600}
              w={200}
              value={rotateSeconds}
              onChange={(value) => set('rotate', String(value))}
            />
            <Switch label={t('live.large')} checked={large} onChange={(event) => set('large', event.currentTarget.checked ? '1' : null)} />
          </Stack>
        </Paper>
      </Collapse>

      {raceIds.map((id, index) => (
        <LiveRaceBoard key={id} raceId={id} stages={stages} large={large} hidden={index !== current} />
      ))}
    </Stack>
  );
}
