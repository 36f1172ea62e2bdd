import { Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useScoreQueue } from '../../scorecard/sync/score-queue';
import { useLogOutAndTell } from '../hooks/use-log-out-and-tell';

/**
 * The menus' log-out (the account menu's and the judge menu's): `item` is their "Log out" entry,
 * `dialog` goes beside the menu (a menu's dropdown closes on the click). With entries of this
 * device not sent yet it asks first. The queue sends them with whatever login the device has, so
 * after a log-out the next judge to log in on this phone would send them under their own name;
 * the judge stays logged in until the status says all is saved, or logs out knowing that.
 */
export function useGuardedLogout(): { item: ReactNode; dialog: ReactNode } {
  const { t } = useTranslation();
  const logOut = useLogOutAndTell();
  const queue = useScoreQueue();
  const [waiting, setWaiting] = useState(0);
  const request = () => {
    const count = queue.snapshot().waiting;
    if (count > 0) setWaiting(count);
    else void logOut();
  };
  const item = (
    <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={request}>
      {t('auth.logout')}
    </Menu.Item>
  );
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
  return { item, dialog };
}
