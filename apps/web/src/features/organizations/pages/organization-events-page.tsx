import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { Link, useParams } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { formatDate } from '../../../lib/format-date';
import { organizationEventsQuery } from '../api/organization-events';
import { LoadFailure } from '../components/load-failure';

/** Organization management: its events (hidden ones too) and "New event". */
export function OrganizationEventsPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().organizationId);
  const events = useQuery(organizationEventsQuery(id));
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Text c="dimmed" size="sm">
            {t('event.organizationEventsIntro')}
          </Text>
          <Button component={Link} to={`/admin/organization/${id}/events/new`}>
            {t('event.new')}
          </Button>
        </Group>
        {events.isError && <LoadFailure error={events.error} onRetry={() => void events.refetch()} />}
        {events.data?.length === 0 && <Text c="dimmed">{t('events.empty')}</Text>}
        {events.data && events.data.length > 0 && (
          <div style={{ overflowX: 'auto' }}>
            <Table striped>
              <Table.Tbody>
                {events.data.map((event) => (
                  <Table.Tr key={event.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/events/${event.id}`} fw={600}>
                        {event.displayName || event.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatDate(event.startingDate, currentLanguage(i18n))}</Table.Td>
                    <Table.Td>
                      {event.isHidden && <Badge color="gray">{t('event.hidden')}</Badge>}
                      {!event.isPublic && <Badge color="orange">{t('event.internal')}</Badge>}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
