import { Menu } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from '../../lib/translation';
import { Link } from 'react-router';
import type { LoadedMenuProps } from '../../components/ui/deferred-menu/deferred-menu';
import { useGuardedLogout } from '../../features/auth/components/guarded-logout';

/** An event judge login's menu: its event and a log-out, loaded on the first click (account-area.tsx). */
export default function JudgeMenu({ eventId, eventName, trigger, defaultOpened }: LoadedMenuProps & { eventId: number; eventName: string }) {
  const { t } = useTranslation();
  const logout = useGuardedLogout();

  return (
    <>
      <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
        <Menu.Target>{trigger}</Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('judgeMenu.title', { event: eventName })}</Menu.Label>
          <Menu.Item component={Link} to={`/events/${eventId}`} leftSection={<IconCalendarEvent size={16} aria-hidden />}>
            {t('judgeMenu.event')}
          </Menu.Item>
          <Menu.Divider />
          {logout.item}
        </Menu.Dropdown>
      </Menu>
      {logout.dialog}
    </>
  );
}
