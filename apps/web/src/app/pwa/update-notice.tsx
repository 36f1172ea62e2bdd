import { Button, Group, Notification } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from '../../lib/translation';
import { useRegisterSW } from 'virtual:pwa-register/react';

/**
 * Registers the service worker and, when a new version has been deployed and downloaded,
 * offers to switch to it. registerType 'prompt' keeps the running version until the user agrees.
 */
export function UpdateNotice() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();

  if (!needRefresh) return null;
  return (
    <Notification
      role="status"
      color="blue"
      icon={<IconRefresh size={18} aria-hidden />}
      title={t('pwa.updateAvailable')}
      withCloseButton={false}
      withBorder
      data-testid="update-notice"
    >
      <Group gap="xs" mt="xs">
        <Button size="xs" onClick={() => void updateServiceWorker(true)}>
          {t('pwa.reload')}
        </Button>
        <Button size="xs" variant="default" onClick={() => setNeedRefresh(false)}>
          {t('pwa.later')}
        </Button>
      </Group>
    </Notification>
  );
}
