import { Alert, List, Text } from '@mantine/core';
import { IconDeviceMobileExclamation } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/translation';
import { formatClockTime } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { useScoringDevices } from '../api/scoring-devices';

/** The organiser's view of judges' devices that still hold entries the server has not received. */
export function DeviceQueueAlert({ raceId }: { raceId: number }) {
  const { t, i18n } = useTranslation();
  const devices = useScoringDevices(raceId);
  const waiting = (devices.data ?? []).filter((device) => device.pending > 0);
  if (waiting.length === 0) return null;
  const language = currentLanguage(i18n);
  return (
    <Alert color="orange" icon={<IconDeviceMobileExclamation aria-hidden />} title={t('rounds.devices')} data-testid="device-queues">
      <List size="sm" spacing={2}>
        {waiting.map((device) => (
          <List.Item key={device.deviceId}>
            <Text size="sm" span>
              {t('rounds.deviceWaiting', {
                count: device.pending,
                who: device.judgeLogin ?? device.userName ?? device.deviceId,
                since: device.oldestPendingAt ? formatClockTime(device.oldestPendingAt, language) : t('rounds.deviceNoSince'),
                seen: formatClockTime(device.lastSeenAt, language),
              })}
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
