import { Anchor, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { Link, useParams, useSearchParams } from 'react-router';
import { parseIdParam } from '../../../lib/race-info';
import { eventQuery } from '../api/event';
import { raceQuery } from '../api/race';
import { LoadError } from '../components/load-error';
import { RaceEditForm } from '../components/race-edit-form';
import { RacersPanel } from '../components/racers-panel';
import { GroupStateButtons, RaceStateButtons } from '../components/race-state-buttons';
import { SpeedFinalPlan } from '../components/speed-final-plan';
import { StartingListPanel } from '../components/starting-list-panel';

const TABS = ['racers', 'starting-list', 'settings'] as const;

/** Race management: state buttons, registered racers, groups, starting list and the race settings. */
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
