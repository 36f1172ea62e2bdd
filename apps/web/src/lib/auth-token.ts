// The bearer token lives in local storage so a reload keeps the session (renewed at start-up).
const TOKEN_STORAGE_KEY = 'authToken';

const listeners = new Set<() => void>();

/** Told whenever this tab stores or clears the token, or another tab does (the storage event). */
export const onAuthTokenChange = (listener: () => void): (() => void) => {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === TOKEN_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
};

const notify = () => {
  for (const listener of listeners) listener();
};

export const readAuthToken = (): string | null => {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
};

export const storeAuthToken = (token: string): void => {
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Without storage the session simply ends with the tab.
  }
  notify();
};

export const clearAuthToken = (): void => {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
  notify();
};
