import { Button, Loader, Text } from '@mantine/core';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/translation';
import { Link, useLocation } from 'react-router';
import { headerLoginPath } from '../../../lib/return-path';
import { DeferredMenu } from '../../../components/ui/deferred-menu/deferred-menu';
import { displayName } from '../api/current-user';
import { useSession } from '../hooks/use-session';

const loadAccountMenu = async () => (await import('./account-menu')).default;

/** Header login button (back to this page after logging in), or the logged-in user's name opening the account menu. */
export function UserMenu() {
  const { t } = useTranslation();
  const { user, loading } = useSession();
  const { pathname, search } = useLocation();

  if (loading) return <Loader size="sm" role="progressbar" aria-label={t('app.loading')} />;

  if (user === null) {
    return (
      <Button
        component={Link}
        to={headerLoginPath(pathname, search)}
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

  return (
    <DeferredMenu
      load={loadAccountMenu}
      menuProps={{ user }}
      trigger={
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
      }
    />
  );
}
