import { NetworkError } from './api-error';
import { readStored, updateStored, writeStored } from './device-store';

/**
 * Reads through the network and keeps the answer on the device; without a connection the last
 * answer is used. The scorecard's race, racer lists, principal and bracket work offline this way,
 * after a reload too. Any other failure (404, 403) is not hidden.
 *
 * Answers do not arrive in the order their requests were sent: with `merge`, the kept copy is
 * `merge(kept, answer)`, read and written in one step, so a slow answer to an older request
 * cannot take back what a newer one (or another write of the copy) kept.
 */
export async function withOfflineCache<T>(key: string, fetcher: () => Promise<T>, merge?: (held: T | undefined, fresh: T) => T): Promise<T> {
  try {
    const fresh = await fetcher();
    const kept = merge ? updateStored<T>('cache', key, (held) => merge(held, fresh)) : writeStored('cache', key, fresh);
    void kept.catch(() => undefined);
    return fresh;
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    const stored = await readStored<T>('cache', key).catch(() => undefined);
    if (stored === undefined) throw error;
    return stored;
  }
}
