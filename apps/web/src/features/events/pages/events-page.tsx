import { Button, EmptyState, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EVENT_PERIODS, useEvents, type EventPeriod } from '../api/get-events';
import { EventList } from '../components/event-list';

export function EventsPage({ period }: { period: EventPeriod }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const events = useEvents(period);

  return (
    <Stack gap="md">
      <Title order={1}>{t('events.title')}</Title>
      <Tabs value={period} onChange={(value) => value && void navigate(`/events/${value}`)}>
        <Tabs.List aria-label={t('events.periodLabel')}>
          {EVENT_PERIODS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`events.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      {events.isPending && <Loader aria-label={t('app.loading')} mx="auto" />}

      {events.isError && (
        <EmptyState
          role="alert"
          icon={<IconCalendarOff aria-hidden />}
          title={t('events.loadFailed')}
        >
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
