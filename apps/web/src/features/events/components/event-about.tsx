import { Anchor, Badge, Group, Image, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFile, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { imageUrl, pdfUrl } from '../../../lib/file-url';
import { currentLanguage } from '../../../lib/i18n';
import { formatDate } from '../../../lib/format-date';
import type { EventDetail } from '../api/event';
import { useCountryName } from '../api/countries';
import { formatAddress } from '../../../lib/format-address';
import { todayIso } from '../../../lib/form-fields';
import { eventTakesRegistrations } from '../model/takes-registrations';

/** About the event: poster, dates, place, organiser, description and attachments. */
export function EventAbout({ event }: { event: EventDetail }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const country = useCountryName();
  const start = formatDate(event.startingDate, language);
  const dates = event.closingDate === event.startingDate ? start : t('events.dateRange', { start, end: formatDate(event.closingDate, language) });
  const address = event.address;
  const place = address ? formatAddress(address, country) : '';
  const takesRegistrations = eventTakesRegistrations(event, todayIso());

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Stack gap="sm">
        {/* Only while some race takes registrations: not on an event whose registration closed and races run. */}
        {(event.isHidden || !event.isPublic || takesRegistrations) && (
          <Group gap="xs">
            {event.isHidden && <Badge color="gray">{t('event.hidden')}</Badge>}
            {!event.isPublic && <Badge color="orange">{t('event.internal')}</Badge>}
            {takesRegistrations && (
              <Badge color="green" variant="light">
                {t('event.onlineRegistration')}
              </Badge>
            )}
          </Group>
        )}
        {event.poster !== null && <Image src={imageUrl(event.poster)} alt={t('event.posterAlt', { name: event.name })} radius="md" mah={480} fit="contain" />}
        <dl style={{ margin: 0 }}>
          <Text component="dt" fw={600} size="sm">
            {t('event.dates')}
          </Text>
          <Text component="dd" m={0} mb="xs">
            {dates}
          </Text>
          {place && (
            <>
              <Text component="dt" fw={600} size="sm">
                {t('event.place')}
              </Text>
              <Text component="dd" m={0} mb="xs">
                {place}
              </Text>
            </>
          )}
          <Text component="dt" fw={600} size="sm">
            {t('event.organizer')}
          </Text>
          <Text component="dd" m={0}>
            <Anchor component={Link} to={`/organizations/${event.organization.id}`}>
              {event.organization.name}
            </Anchor>
          </Text>
        </dl>
        {event.description && (
          <>
            <Title order={2} size="h4">
              {t('event.about')}
            </Title>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{event.description}</Text>
          </>
        )}
        {event.attachments.length > 0 && (
          <>
            <Title order={2} size="h4">
              {t('event.attachments')}
            </Title>
            <List spacing={4} listStyleType="none" p={0}>
              {event.attachments.map((file) => {
                const pdf = file.type.includes('pdf');
                return (
                  <List.Item key={file.id} icon={pdf ? <IconFile size={16} aria-hidden /> : <IconPhoto size={16} aria-hidden />}>
                    <Anchor href={pdf ? pdfUrl(file.id) : imageUrl(file.id)} target="_blank" rel="noopener">
                      {file.name}
                    </Anchor>
                  </List.Item>
                );
              })}
            </List>
          </>
        )}
      </Stack>
    </Paper>
  );
}
