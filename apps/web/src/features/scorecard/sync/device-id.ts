const DEVICE_KEY = 'scorecardDeviceId';

/** A random id, a UUID where the browser offers one. */
export const randomId = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}-${Math.random().toString(36).slice(2, 12)}`;

/** This device's id in the audit trail and on the organiser's list of devices; kept in local storage. */
export const deviceId = (): string => {
  try {
    const stored = window.localStorage.getItem(DEVICE_KEY);
    if (stored) return stored;
    const created = `device-${randomId()}`;
    window.localStorage.setItem(DEVICE_KEY, created);
    return created;
  } catch {
    return `device-${randomId()}`;
  }
};
