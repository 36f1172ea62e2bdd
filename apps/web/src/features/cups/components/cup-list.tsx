import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { currentLanguage } from '../../../lib/i18n';
import { formatDate } from '../../../lib/format-date';
import type { CupSummary } from '../api/get-cups';

export function CupList({ cups }: { cups: readonly CupSummary[] }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);

  const dates = (cup: CupSummary): string => {
    const start = formatDate(cup.startDate, language);
    if (!cup.endDate) return start;
    return t('cups.dateRange', { start, end: formatDate(cup.endDate, language) });
  };

  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {cups.map((cup) => (
        <Card component="li" key={cup.id} withBorder radius="md" padding="md">
          <Title order={2} size="h4">
            <Anchor component={Link} to={`/cups/${cup.id}`} inherit>
              {cup.displayName || cup.name}
            </Anchor>
          </Title>
          <Group gap="xs" c="dimmed" mt={4}>
            <Text size="sm">{dates(cup)}</Text>
            {cup.organizationName && <Text size="sm">{cup.organizationName}</Text>}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
