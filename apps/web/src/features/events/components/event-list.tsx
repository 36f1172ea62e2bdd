import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { formatDate } from '../../../lib/format-date';
import type { EventSummary } from '../api/get-events';
import { useCountryName } from '../api/countries';
import { formatAddress } from '../../../lib/format-address';
import { eventStatus, type EventStatus } from '../model/event-status';
import classes from './event-list.module.css';

const STATUS_COLORS: Record<EventStatus['kind'], string> = { LIVE: 'red', REGISTRATION: 'green', FINISHED: 'dark' };

export function EventList({ events }: { events: readonly EventSummary[] }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const country = useCountryName();

  const dates = (event: EventSummary): string => {
    const start = formatDate(event.startingDate, language);
    if (!event.closingDate || event.closingDate === event.startingDate) return start;
    return t('events.dateRange', { start, end: formatDate(event.closingDate, language) });
  };

  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {events.map((event) => {
        const status = eventStatus(event.races ?? []);
        return (
          <Card component="li" key={event.id} withBorder radius="md" padding="md" className={classes.card} data-status={status?.kind}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Title order={2} size="h4">
                <Anchor component={Link} to={`/events/${event.id}`} inherit className={classes.link}>
                  {event.displayName || event.name}
                </Anchor>
              </Title>
              <Group gap={4} wrap="nowrap">
                {status && (
                  <Badge color={STATUS_COLORS[status.kind]} variant="light" data-testid="event-status">
                    {t(`events.status.${status.kind}`)}
                  </Badge>
                )}
                {event.isHidden && <Badge color="gray">{t('event.hidden')}</Badge>}
              </Group>
            </Group>
            <Group gap="xs" c="dimmed" mt={4}>
              <Text size="sm">{dates(event)}</Text>
              {event.city && (
                <Group gap={4}>
                  <IconMapPin size={14} aria-hidden />
                  <Text size="sm">{formatAddress({ city: event.city, country: event.country }, country)}</Text>
                </Group>
              )}
              {event.organizationName && <Text size="sm">{event.organizationName}</Text>}
            </Group>
            {event.races && event.races.length > 0 && (
              <Text size="sm" mt={4}>
                {event.races.map((race) => `${race.name} (${t(`discipline.${race.discipline}`)})`).join(' · ')}
              </Text>
            )}
            {status?.kind === 'LIVE' && (
              // Above the card's own link (the title's, stretched over the card).
              <Anchor component={Link} to={`/live/race/${status.raceId}`} size="sm" mt={4} className={classes.liveLink}>
                {t('events.liveResults')}
              </Anchor>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
