import { Button, Loader, Menu, Text } from '@mantine/core';
import { IconBuildingCommunity, IconChevronDown, IconLayoutDashboard, IconLogout, IconMail, IconShield, IconUser, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useToast } from '../../../components/ui/toast/toast-context';
import { displayName } from '../api/current-user';
import { useLogout, useSession } from '../hooks/use-session';

/** Header login button, or the logged-in user's name opening the account menu. */
export function UserMenu() {
  const { t } = useTranslation();
  const { user, loading } = useSession();
  const logout = useLogout();
  const { notify } = useToast();

  if (loading) return <Loader size="sm" aria-label={t('app.loading')} />;

  if (user === null) {
    return (
      <Button
        component={Link}
        to="/login"
        variant="light"
        px={{ base: 'xs', sm: 'md' }}
        aria-label={t('auth.login')}
        leftSection={<IconUserCircle size={18} aria-hidden />}
      >
        {/* Phones show the icon only; the label above keeps the accessible name. */}
        <Text span inherit visibleFrom="sm">
          {t('auth.login')}
        </Text>
      </Button>
    );
  }

  const handleLogout = async () => {
    await logout();
    notify({ type: 'success', message: t('auth.loggedOut') });
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          aria-label={`${t('auth.accountMenu')}: ${displayName(user)}`}
          leftSection={<IconUserCircle size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          px={{ base: 'xs', sm: 'md' }}
        >
          <Text span inherit visibleFrom="sm">
            {displayName(user)}
          </Text>
        </Button>
      </Menu.Target>
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
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void handleLogout()}>
          {t('auth.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
