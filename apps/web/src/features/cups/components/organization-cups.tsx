import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { formatDate } from '../../../lib/format-date';
import { organizationCupsQuery } from '../api/cup';

/** The admin's entry to cups: the organization's cups (to their settings) and "New cup". */
export function OrganizationCups({ organizationId }: { organizationId: number }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const cups = useQuery(organizationCupsQuery(organizationId));
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('cups.organizationCups')}
          </Title>
          <Button component={Link} to={`/admin/organization/${organizationId}/cups/new`} variant="light">
            {t('cups.newCup')}
          </Button>
        </Group>
        {cups.data?.length === 0 && <Text c="dimmed">{t('cups.empty')}</Text>}
        {cups.data?.map((cup) => (
          <Group key={cup.id} gap="xs">
            <Anchor component={Link} to={`/admin/cups/${cup.id}`}>
              {cup.displayName || cup.name}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t('cups.dateRange', { start: formatDate(cup.startDate, language), end: formatDate(cup.endDate, language) })}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
