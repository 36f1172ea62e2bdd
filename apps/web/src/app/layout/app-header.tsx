import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { IconMountain } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAdminPath } from '../admin-path';
import { AccountArea } from './account-area';
import { LanguageSwitch } from './language-switch';

const NAV_ITEMS = [
  { key: 'events', to: '/events/actual', section: '/events' },
  { key: 'cups', to: '/cups/actual', section: '/cups' },
  { key: 'organizations', to: '/organizations', section: '/organizations' },
  { key: 'live', to: '/live', section: '/live', label: 'live.nav' },
] as const;

export function AppHeader() {
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  const { pathname } = useLocation();

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
      {/* On a phone the navigation scrolls sideways, so language and account always stay in view. */}
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Anchor component={Link} to="/" underline="never" fw={700} c="inherit" aria-label={t('app.title')}>
          <Group gap={6} wrap="nowrap">
            <IconMountain size={22} aria-hidden />
            {/* Phones keep only the icon so navigation, language and account still fit. */}
            <Text component="span" fw={700} visibleFrom="md">
              {t('app.title')}
            </Text>
          </Group>
        </Anchor>
        {adminPath && <Badge color="orange">{t('app.adminBadge')}</Badge>}
        <nav aria-label={t('nav.label')} style={{ minWidth: 0, overflowX: 'auto', scrollbarWidth: 'none' }}>
          <Group gap={4} wrap="nowrap" w="max-content">
            {NAV_ITEMS.map((item) => {
              // The whole section counts as current, so /events/history highlights "Events" too.
              const current = pathname.startsWith(item.section);
              return (
                <Button
                  key={item.key}
                  component={Link}
                  to={item.to}
                  variant={current ? 'light' : 'subtle'}
                  px={{ base: 'xs', sm: 'md' }}
                  aria-current={current ? 'page' : undefined}
                >
                  {t('label' in item ? item.label : `nav.${item.key}`)}
                </Button>
              );
            })}
          </Group>
        </nav>
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        <LanguageSwitch />
        <AccountArea />
      </Group>
    </Group>
  );
}
