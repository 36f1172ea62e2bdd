import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useScoreQueue } from '../../scorecard/sync/score-queue';
import { useLogOutAndTell } from '../hooks/use-log-out-and-tell';

/**
 * The menus' log-out: with entries of this device not sent yet it asks first. The queue sends them
 * with whatever login the device has, so after a log-out the next judge to log in on this phone
 * would send them under their own name; the judge stays logged in until the status says all is
 * saved, or logs out knowing that.
 */
export function useGuardedLogout(): { request: () => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const logOut = useLogOutAndTell();
  const queue = useScoreQueue();
  const [waiting, setWaiting] = useState(0);
  const request = () => {
    const count = queue.snapshot().waiting;
    if (count > 0) setWaiting(count);
    else void logOut();
  };
  const dialog = (
    <Modal opened={waiting > 0} onClose={() => setWaiting(0)} title={t('logoutGuard.title')}>
      <Stack>
        <Text>{t('logoutGuard.text', { count: waiting })}</Text>
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              setWaiting(0);
              void logOut();
            }}
          >
            {t('logoutGuard.anyway')}
          </Button>
          <Button onClick={() => setWaiting(0)} data-autofocus>
            {t('logoutGuard.stay')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { request, dialog };
}
