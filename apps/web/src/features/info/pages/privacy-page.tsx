import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/translation';

const SECTIONS = ['data', 'purpose', 'public', 'retention', 'rights'] as const;

export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{t('privacy.title')}</Title>
      <Text>{t('privacy.intro')}</Text>
      {SECTIONS.map((section) => (
        <Stack key={section} gap={4}>
          <Title order={2} size="h4">
            {t(`privacy.${section}Title`)}
          </Title>
          <Text>{t(`privacy.${section}Text`)}</Text>
        </Stack>
      ))}
    </Stack>
  );
}
