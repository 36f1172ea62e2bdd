import { useSyncExternalStore } from 'react';

/** Someone whose session ended while a page was open: the login to offer again ('' when unknown). */
export interface ReloginRequest {
  login: string;
}

let current: ReloginRequest | null = null;
const listeners = new Set<() => void>();

const emit = () => {
  for (const listener of listeners) listener();
};

/** Opens the "log in again" dialog over the current page (the page and what was typed stay). */
export const requestRelogin = (request: ReloginRequest): void => {
  current = request;
  emit();
};

export const closeRelogin = (): void => {
  current = null;
  emit();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useReloginRequest = (): ReloginRequest | null => useSyncExternalStore(subscribe, () => current);
