import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the boulder scorecard's single-key shortcuts (T, Z, A, U...) are on, remembered on this
 * device (WCAG 2.1.4: a judge who types with a speech or switch control can turn them off). On
 * unless turned off; every open scorecard of the tab follows a change at once.
 */
export const SHORTCUTS_STORAGE_KEY = 'scorecardShortcuts';

const listeners = new Set<() => void>();

const read = (): boolean => {
  try {
    return window.localStorage.getItem(SHORTCUTS_STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SHORTCUTS_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

export const setShortcutsEnabled = (enabled: boolean): void => {
  try {
    window.localStorage.setItem(SHORTCUTS_STORAGE_KEY, enabled ? 'on' : 'off');
  } catch {
    // Storage refused (private mode): the setting lasts until the page is left.
  }
  for (const listener of listeners) listener();
};

export function useShortcutsEnabled(): [boolean, (enabled: boolean) => void] {
  const enabled = useSyncExternalStore(subscribe, read, () => true);
  return [enabled, useCallback((value: boolean) => setShortcutsEnabled(value), [])];
}
