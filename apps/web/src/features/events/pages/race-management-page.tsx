import { Anchor, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { Link, useParams, useSearchParams } from 'react-router';
import { parseIdParam } from '../../../lib/race-info';
import { eventQuery } from '../api/event';
import { raceQuery } from '../api/race';
import { LoadError } from '../components/load-error';
import { isLiveState } from '../model/race-state-view';
import { RaceEditForm } from '../components/race-edit-form';
import { RacersPanel } from '../components/racers-panel';
import { GroupStateButtons, RaceStateButtons } from '../components/race-state-buttons';
import { SpeedFinalPlan } from '../components/speed-final-plan';
import { StartingListPanel } from '../components/starting-list-panel';

const TABS = ['racers', 'starting-list', 'settings'] as const;

/** Race management: links to the race day's other pages, state buttons, registered racers, groups, starting list and the race settings. */
export function RaceManagementPage() {
  const { t } = useTranslation();
  const raceId = parseIdParam(useParams().raceId) ?? 0;
  const [params, setParams] = useSearchParams();
  const race = useQuery(raceQuery(raceId));
  const event = useQuery({ ...eventQuery(race.data?.eventId ?? 0), enabled: race.data !== undefined });
  const tab = TABS.find((value) => value === params.get('tab')) ?? 'racers';

  if (race.isError) return <LoadError error={race.error} onRetry={() => void race.refetch()} />;
  if (!race.data || !event.data) return <Text c="dimmed">{t('app.loading')}</Text>;
  const data = race.data;

  return (
    <Stack gap="md">
      <div>
        <Anchor component={Link} to={`/admin/events/${data.eventId}`} size="sm">
          {event.data.displayName || event.data.name}
        </Anchor>
        <Title order={1}>{data.name}</Title>
      </div>
      {/* Race day goes from here to the desk, the rounds (reopening after an appeal), the judges' card and what the public sees. */}
      <Group gap="xs" wrap="wrap" data-testid="race-day-links">
        <Button component={Link} to={`/admin/events/${data.eventId}/desk`} size="xs" variant="light">
          {t('desk.open')}
        </Button>
        <Button component={Link} to={`/admin/races/${data.id}/rounds`} size="xs" variant="light">
          {t('rounds.title')}
        </Button>
        <Button component={Link} to={`/races/${data.id}/scorecard`} size="xs" variant="light">
          {t('scorecard.title')}
        </Button>
        <Button component={Link} to={`/races/${data.id}/results`} size="xs" variant="subtle">
          {t('race.results')}
        </Button>
        {isLiveState(data.state) && (
          <>
            <Button component={Link} to={`/live/race/${data.id}`} size="xs" variant="subtle" color="red">
              {t('live.nav')}
            </Button>
            <Button component={Link} to={`/live/race/${data.id}/projector`} size="xs" variant="subtle">
              {t('live.projector.open')}
            </Button>
          </>
        )}
      </Group>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <RaceStateButtons race={data} />
          <GroupStateButtons race={data} />
          <SpeedFinalPlan race={data} />
        </Stack>
      </Paper>
      <Tabs value={tab} onChange={(value) => value && setParams({ tab: value }, { replace: true })} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`race.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="racers" pt="md">
          <RacersPanel race={data} organizationId={event.data.organizationId} />
        </Tabs.Panel>
        <Tabs.Panel value="starting-list" pt="md">
          <StartingListPanel race={data} />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <RaceEditForm key={data.id} race={data} organizationId={event.data.organizationId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
