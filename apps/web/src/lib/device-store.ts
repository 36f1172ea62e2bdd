/*
 * The judge device's storage: one IndexedDB database with the queue of score operations and the
 * last answers the scorecard needs offline (race, racer lists, principal, bracket). Without
 * IndexedDB (tests in jsdom, a locked-down browser) everything lives in memory for the page.
 */

const DATABASE = 'climbing-scorecard';
const STORES = ['queue', 'cache'] as const;
export type StoreName = (typeof STORES)[number];

let opening: Promise<IDBDatabase | null> | null = null;

const openDatabase = (): Promise<IDBDatabase | null> => {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  opening ??= new Promise((resolve) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => {
      for (const name of STORES) if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name);
    };
    request.onsuccess = () => resolve(request.result);
    // Private windows of some browsers refuse IndexedDB: fall back to memory.
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
  return opening;
};

const memory = new Map<string, unknown>();
const memoryKey = (store: StoreName, key: string) => `${store}:${key}`;

export async function readStored<T>(store: StoreName, key: string): Promise<T | undefined> {
  const database = await openDatabase();
  if (!database) return memory.get(memoryKey(store, key)) as T | undefined;
  return new Promise((resolve, reject) => {
    const request = database.transaction(store, 'readonly').objectStore(store).get(key);
    request.onsuccess = () => resolve(request.result as T | undefined);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'));
  });
}

/** Resolves once the value is durably written (the transaction completed). */
export async function writeStored(store: StoreName, key: string, value: unknown): Promise<void> {
  const database = await openDatabase();
  if (!database) {
    memory.set(memoryKey(store, key), structuredClone(value));
    return;
  }
  return new Promise((resolve, reject) => {
    const transaction = database.transaction(store, 'readwrite', { durability: 'strict' });
    transaction.objectStore(store).put(value, key);
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB write failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB write aborted'));
  });
}

/**
 * Replaces a stored value with `update(held)`, read and written in one IndexedDB transaction: two
 * updates of one key never interleave, so one cannot write over the other with what it read
 * before it. Resolves with the value written, once it is durably written.
 */
export async function updateStored<T>(store: StoreName, key: string, update: (held: T | undefined) => T): Promise<T> {
  const database = await openDatabase();
  if (!database) {
    const next = update(memory.get(memoryKey(store, key)) as T | undefined);
    memory.set(memoryKey(store, key), structuredClone(next));
    return next;
  }
  return new Promise((resolve, reject) => {
    const transaction = database.transaction(store, 'readwrite', { durability: 'strict' });
    const objects = transaction.objectStore(store);
    let next: T;
    const read = objects.get(key);
    read.onsuccess = () => {
      try {
        next = update(read.result as T | undefined);
      } catch (error) {
        transaction.abort();
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      objects.put(next, key);
    };
    transaction.oncomplete = () => resolve(next);
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB update failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB update aborted'));
  });
}

/** Forgets one stored value (a logged-out user's copy); resolves once it is gone. */
export async function removeStored(store: StoreName, key: string): Promise<void> {
  const database = await openDatabase();
  if (!database) {
    memory.delete(memoryKey(store, key));
    return;
  }
  return new Promise((resolve, reject) => {
    const transaction = database.transaction(store, 'readwrite', { durability: 'strict' });
    transaction.objectStore(store).delete(key);
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB delete failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB delete aborted'));
  });
}

/** Memory only: forgets everything (tests start each case empty). */
export const clearMemoryStore = (): void => memory.clear();
