import { Menu } from '@mantine/core';
import { IconBuildingCommunity, IconLayoutDashboard, IconMail, IconShield, IconUser } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import type { LoadedMenuProps } from '../../../components/ui/deferred-menu/deferred-menu';
import type { CurrentUser } from '../api/current-user';
import { useGuardedLogout } from './guarded-logout';

/** The logged-in user's account menu, loaded on the first click of their name (user-menu.tsx). */
export default function AccountMenu({ user, trigger, defaultOpened }: LoadedMenuProps & { user: CurrentUser }) {
  const { t } = useTranslation();
  const logout = useGuardedLogout();

  return (
    <>
      <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
        <Menu.Target>{trigger}</Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} aria-hidden />}>
            {t('userMenu.profile')}
          </Menu.Item>
          <Menu.Item component={Link} to="/my-board" leftSection={<IconLayoutDashboard size={16} aria-hidden />}>
            {t('userMenu.myBoard')}
          </Menu.Item>
          {user.orgAdmin && user.organizationId != null && (
            <Menu.Item component={Link} to={`/admin/organization/${user.organizationId}/members`} leftSection={<IconBuildingCommunity size={16} aria-hidden />}>
              {t('userMenu.manageOrganization')}
            </Menu.Item>
          )}
          {user.superAdmin && (
            <>
              <Menu.Label>{t('userMenu.superAdmin')}</Menu.Label>
              <Menu.Item component={Link} to="/admin/organizations" leftSection={<IconShield size={16} aria-hidden />}>
                {t('userMenu.allOrganizations')}
              </Menu.Item>
              <Menu.Item component={Link} to="/admin/outbox" leftSection={<IconMail size={16} aria-hidden />}>
                {t('userMenu.outbox')}
              </Menu.Item>
            </>
          )}
          <Menu.Divider />
          {logout.item}
        </Menu.Dropdown>
      </Menu>
      {logout.dialog}
    </>
  );
}
