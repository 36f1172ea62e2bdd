import { Anchor, Badge, Burger, Button, Group, Text } from '@mantine/core';
import { IconMountain } from '@tabler/icons-react';
import { useTranslation } from '../../lib/translation';
import { Link, useLocation } from 'react-router';
import { useAdminPath } from '../admin-path';
import { AccountArea } from './account-area';
import { DeferredMenu } from '../../components/ui/deferred-menu/deferred-menu';
import { LanguageSwitch } from './language-switch';
import { NAV_ITEMS, navLabel } from './nav-items';
import classes from './app-header.module.css';

const loadNavMenu = async () => (await import('./nav-menu')).default;

export function AppHeader() {
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  const { pathname } = useLocation();

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Anchor component={Link} to="/" underline="never" fw={700} c="inherit" aria-label={t('app.title')} className={classes.home}>
          <Group gap={6} wrap="nowrap">
            <IconMountain size={22} aria-hidden />
            {/* Phones keep only the icon so navigation, language and account still fit. */}
            <Text component="span" fw={700} visibleFrom="md">
              {t('app.title')}
            </Text>
          </Group>
        </Anchor>
        {/* Below the md breakpoint the sections are in a menu: a row of links would not fit beside language and account. */}
        <DeferredMenu load={loadNavMenu} menuProps={{}} trigger={<Burger opened={false} size="sm" aria-label={t('nav.menu')} hiddenFrom="md" className={classes.burger} />} />
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
                  {t(navLabel(item))}
                </Button>
              );
            })}
          </Group>
        </nav>
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }} className={classes.controls}>
        <LanguageSwitch />
        <AccountArea />
      </Group>
    </Group>
  );
}
