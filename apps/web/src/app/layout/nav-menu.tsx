import { Menu } from '@mantine/core';
import { cloneElement, useState, type ReactElement } from 'react';
import { useTranslation } from '../../lib/translation';
import { Link, useLocation } from 'react-router';
import type { LoadedMenuProps } from '../../components/ui/deferred-menu/deferred-menu';
import { NAV_ITEMS, navLabel } from './nav-items';

/** The sections as a menu below the md breakpoint, loaded on the first tap of the burger (app-header.tsx). */
export default function NavMenu({ trigger, defaultOpened }: LoadedMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [opened, setOpened] = useState(defaultOpened);
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-start" width={220}>
      <Menu.Target>{cloneElement(trigger as ReactElement<{ opened?: boolean }>, { opened })}</Menu.Target>
      <Menu.Dropdown>
        {NAV_ITEMS.map((item) => (
          <Menu.Item key={item.key} component={Link} to={item.to} aria-current={pathname.startsWith(item.section) ? 'page' : undefined} fw={pathname.startsWith(item.section) ? 700 : undefined}>
            {t(navLabel(item))}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
