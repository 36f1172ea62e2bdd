import { NetworkError } from './api-error';
import { readStored, writeStored } from './device-store';

/**
 * Reads through the network and keeps the answer on the device; without a connection the last
 * answer is used. The scorecard's race, racer lists, principal and bracket work offline this way,
 * after a reload too. Any other failure (404, 403) is not hidden.
 */
export async function withOfflineCache<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
  try {
    const fresh = await fetcher();
    void writeStored('cache', key, fresh).catch(() => undefined);
    return fresh;
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    const stored = await readStored<T>('cache', key).catch(() => undefined);
    if (stored === undefined) throw error;
    return stored;
  }
}
