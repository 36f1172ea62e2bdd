import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from '../../lib/translation';
import { useMatch } from 'react-router';
import { useOnlineStatus } from './use-online-status';

/**
 * Shown for as long as the browser reports no connection (spec section 1). Not on a judge's
 * scorecard: it keeps working offline, says so in its own status line, and the notice would
 * cover its buttons.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const scorecard = useMatch('/races/:raceId/scorecard');
  if (online || scorecard) return null;
  return (
    <Alert role="status" color="gray" variant="filled" icon={<IconWifiOff aria-hidden />} data-testid="offline-notice">
      {t('pwa.offline')}
    </Alert>
  );
}
