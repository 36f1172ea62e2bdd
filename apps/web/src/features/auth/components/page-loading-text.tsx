import { Center, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/translation';

/** The centred loading text while the start-up session check is still running. */
export function PageLoadingText() {
  const { t } = useTranslation();
  return (
    <Center mih="40vh">
      <Text role="status" size="lg" c="dimmed">
        {t('app.loading')}
      </Text>
    </Center>
  );
}
