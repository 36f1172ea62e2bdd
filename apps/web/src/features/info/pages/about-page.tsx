import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';

export function AboutPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{t('about.title')}</Title>
      <Text>{t('about.intro')}</Text>
      <Title order={2} size="h3">
        {t('about.forWhomTitle')}
      </Title>
      <List spacing="xs">
        <List.Item>{t('about.forOrganizers')}</List.Item>
        <List.Item>{t('about.forRacers')}</List.Item>
        <List.Item>{t('about.forJudges')}</List.Item>
        <List.Item>{t('about.forSpectators')}</List.Item>
      </List>
      <Text>
        {t('about.contactPrompt')}{' '}
        <Anchor component={Link} to="/contact">
          {t('footer.contact')}
        </Anchor>
      </Text>
    </Stack>
  );
}
