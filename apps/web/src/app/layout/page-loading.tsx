import { Center, Text } from '@mantine/core';
import { useTranslation } from '../../lib/translation';

/** The centred loading text of the shell, shown while a lazily loaded page arrives. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Center mih="40vh">
      <Text role="status" size="lg" c="dimmed">
        {t('app.loading')}
      </Text>
    </Center>
  );
}
