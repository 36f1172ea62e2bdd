// The bearer token lives in local storage so a reload keeps the session (renewed at start-up).
const TOKEN_STORAGE_KEY = 'authToken';

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
};

export const clearAuthToken = (): void => {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
};
