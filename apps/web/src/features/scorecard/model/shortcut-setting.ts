import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the boulder scorecard's single-key shortcuts (T, Z, A, U...) are on, remembered on this
 * device (WCAG 2.1.4: a judge who types with a speech or switch control can turn them off). The
 * judge's choice, once made, is kept; until then they are on, except on a touch screen without a
 * mouse or trackpad (a phone), where an on-screen keyboard or a stray key would enter marks. Every
 * open scorecard of the tab follows a change at once.
 */
export const SHORTCUTS_STORAGE_KEY = 'scorecardShortcuts';

/** Some pointer is coarse (a finger) and none is fine (a mouse, a trackpad, a pen). */
export const TOUCH_ONLY_QUERIES = ['(any-pointer: coarse)', '(any-pointer: fine)'] as const;

const listeners = new Set<() => void>();
/** The choice made on this page while local storage refuses it (private mode). */
let pageChoice: boolean | null = null;

const mediaQuery = (query: string): MediaQueryList | null => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : null);

/** On unless the device has only a coarse pointer. */
export const shortcutsDefault = (): boolean => {
  const [coarse, fine] = TOUCH_ONLY_QUERIES.map((query) => mediaQuery(query)?.matches ?? false);
  return !(coarse && !fine);
};

const read = (): boolean => {
  if (pageChoice !== null) return pageChoice;
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(SHORTCUTS_STORAGE_KEY);
  } catch {
    // No storage: the default of the device.
  }
  if (stored === 'on') return true;
  if (stored === 'off') return false;
  return shortcutsDefault();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SHORTCUTS_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  // A mouse plugged into a tablet changes the default (while the judge has not chosen).
  const media = TOUCH_ONLY_QUERIES.map(mediaQuery);
  for (const list of media) list?.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    for (const list of media) list?.removeEventListener('change', listener);
  };
};

export const setShortcutsEnabled = (enabled: boolean): void => {
  try {
    window.localStorage.setItem(SHORTCUTS_STORAGE_KEY, enabled ? 'on' : 'off');
    pageChoice = null;
  } catch {
    // Storage refused (private mode): the setting lasts until the page is left.
    pageChoice = enabled;
  }
  for (const listener of listeners) listener();
};

export function useShortcutsEnabled(): [boolean, (enabled: boolean) => void] {
  const enabled = useSyncExternalStore(subscribe, read, shortcutsDefault);
  return [enabled, useCallback((value: boolean) => setShortcutsEnabled(value), [])];
}
