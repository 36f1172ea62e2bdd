import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from './use-online-status';

/** Shown for as long as the browser reports no connection (spec section 1). */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <Alert role="status" color="gray" variant="filled" icon={<IconWifiOff aria-hidden />} data-testid="offline-notice">
      {t('pwa.offline')}
    </Alert>
  );
}
