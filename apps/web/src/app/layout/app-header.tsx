import { Anchor, Badge, Burger, Button, Group, Menu, Text } from '@mantine/core';
import { IconMountain } from '@tabler/icons-react';
import { useState } from 'react';
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
  const [menuOpened, setMenuOpened] = useState(false);

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
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
        {/* Below the md breakpoint the sections are in a menu: a row of links would not fit beside language and account. */}
        <Menu opened={menuOpened} onChange={setMenuOpened} position="bottom-start" width={220}>
          <Menu.Target>
            <Burger opened={menuOpened} size="sm" aria-label={t('nav.menu')} hiddenFrom="md" />
          </Menu.Target>
          <Menu.Dropdown>
            {NAV_ITEMS.map((item) => (
              <Menu.Item key={item.key} component={Link} to={item.to} aria-current={pathname.startsWith(item.section) ? 'page' : undefined} fw={pathname.startsWith(item.section) ? 700 : undefined}>
                {t('label' in item ? item.label : `nav.${item.key}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        {adminPath && (
          <Badge color="orange" visibleFrom="md">
            {t('app.adminBadge')}
          </Badge>
        )}
        <nav aria-label={t('nav.label')}>
          <Group gap={4} wrap="nowrap" visibleFrom="md">
            {NAV_ITEMS.map((item) => {
              // The whole section counts as current, so /events/history highlights "Events" too.
              const current = pathname.startsWith(item.section);
              return (
                <Button key={item.key} component={Link} to={item.to} variant={current ? 'light' : 'subtle'} aria-current={current ? 'page' : undefined}>
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
