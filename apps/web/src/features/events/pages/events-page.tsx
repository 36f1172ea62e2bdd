import { Button, EmptyState, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalendarOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../auth/hooks/use-session';
import { EVENT_PERIODS, useEvents, type EventFilters, type EventPeriod } from '../api/get-events';
import { EventFiltersBar } from '../components/event-filters';
import { EventList } from '../components/event-list';
import { filtersFromParams, filtersToParams } from '../model/event-filter-params';

export function EventsPage({ period }: { period: EventPeriod }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  // Typing in the search waits for a pause before asking the server.
  const [debounced] = useDebouncedValue(filters, 300);
  const events = useEvents(period, { ...debounced, mine: debounced.mine && user !== null });
  const setFilters = (next: EventFilters) => setParams(filtersToParams(next), { replace: true });

  return (
    <Stack gap="md">
      <Title order={1}>{t('events.title')}</Title>
      <Tabs value={period} onChange={(value) => value && void navigate({ pathname: `/events/${value}`, search: params.toString() })}>
        {/* On a phone the four periods wrap onto a second line: scrolled sideways, "Open registration" (the racer's tab) was cut to "Open re". */}
        <Tabs.List aria-label={t('events.periodLabel')} style={{ flexWrap: 'wrap' }}>
          {EVENT_PERIODS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`events.${value === 'open-registration' ? 'openRegistration' : value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <EventFiltersBar value={filters} onChange={setFilters} loggedIn={user !== null} />

      {events.isPending && <Loader role="progressbar" aria-label={t('app.loading')} mx="auto" />}

      {events.isError && (
        <EmptyState role="alert" icon={<IconCalendarOff aria-hidden />} title={t('events.loadFailed')}>
          <EmptyState.Actions>
            <Button variant="light" onClick={() => void events.refetch()}>
              {t('errors.retry')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      )}

      {events.isSuccess && events.data.length === 0 && (
        <EmptyState icon={<IconCalendarOff aria-hidden />} title={t('events.empty')} description={t('events.emptyDescription')} />
      )}

      {events.isSuccess && events.data.length > 0 && (
        <>
          <Text role="status" data-testid="events-summary">
            {t('events.found', { count: events.data.length })}
          </Text>
          <EventList events={events.data} />
        </>
      )}
    </Stack>
  );
}
