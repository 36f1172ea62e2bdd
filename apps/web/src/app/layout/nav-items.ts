/** The app's sections, as header links from the md breakpoint up and as the burger's menu below it. */
export const NAV_ITEMS = [
  { key: 'events', to: '/events/actual', section: '/events' },
  { key: 'cups', to: '/cups/actual', section: '/cups' },
  { key: 'organizations', to: '/organizations', section: '/organizations' },
  { key: 'live', to: '/live', section: '/live', label: 'live.nav' },
] as const;

export type NavItem = (typeof NAV_ITEMS)[number];

export const navLabel = (item: NavItem): string => ('label' in item ? item.label : `nav.${item.key}`);
