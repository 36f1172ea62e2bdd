import { DEVICE_REPORT_INTERVAL_MS, OperationQueue, targetIn, type AcceptedEntry, type OperationRequest, type OperationStore, type QueueSnapshot, type ScoreOperation, type TransportAnswer } from '@climbing/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { sessionHeaders } from '../../../lib/api-client';
import { readStoredSession } from '../../../lib/auth-session';
import { speedBracketQueryKey, speedMatchSchema, type SpeedBracket } from '../../results/api/speed-bracket-schema';
import { keepRacerListOnDevice, racerListQueryKey, roundSchema } from '../api/racer-list-rounds';
import type { RacerWithRound } from '../api/racer-list';
import { readStored, writeStored } from '../../../lib/device-store';
import { deviceId, randomId } from './device-id';
import { principalQueryOptions } from '../api/principal';

// Same base as the HTTP client (spec 7: configurable, same origin by default).
const API_BASE = import.meta.env.VITE_API_BASE ?? '';
/** While entries wait and the browser is online, sending is tried again this often. */
export const RETRY_INTERVAL_MS = 4_000;
/** How long one entry's request may take, answer included, before it counts as lost and is sent again. */
export const SEND_TIMEOUT_MS = 15_000;
/**
 * Changes of the queue are reported together, this long after the first one: under bad signal
 * every tap and every stored entry changed it, and each sent a report beside the entry's own
 * request (two more requests per tap on the same weak connection).
 */
export const REPORT_SETTLE_MS = 3_000;
const LAST_SAVED_KEY = 'scorecardLastSavedAt';
const LAST_REFUSED_KEY = 'scorecardLastRefusedAt';
const CHANNEL = 'climbing-score-queue';
/** Prefix of the local-storage keys holding each page's taps until IndexedDB has them. */
const ACCEPTED_PREFIX = 'scorecardAccepted:';

/**
 * Taps accepted and not yet in IndexedDB, written synchronously under a key of this page: a page
 * closed or reloaded a moment after a tap leaves them for the next page load to add to the queue.
 */
function acceptedStore(): Pick<OperationStore, 'keepAccepted' | 'recoverAccepted'> {
  const own = `${ACCEPTED_PREFIX}${randomId()}`;
  return {
    keepAccepted: (entries) => {
      try {
        if (entries.length > 0) window.localStorage.setItem(own, JSON.stringify(entries));
        else window.localStorage.removeItem(own);
      } catch {
        // No storage (private mode): IndexedDB alone keeps the taps.
      }
    },
    recoverAccepted: () => {
      const keys: string[] = [];
      const entries: AcceptedEntry[] = [];
      try {
        for (let index = 0; index < window.localStorage.length; index += 1) {
          const key = window.localStorage.key(index);
          if (key?.startsWith(ACCEPTED_PREFIX) && key !== own) keys.push(key);
        }
        for (const key of keys) {
          const kept: unknown = JSON.parse(window.localStorage.getItem(key) ?? '[]');
          if (Array.isArray(kept)) entries.push(...(kept as AcceptedEntry[]));
        }
      } catch {
        // Nothing readable: nothing to add.
      }
      return {
        entries,
        done: () => {
          for (const key of keys) window.localStorage.removeItem(key);
        },
      };
    },
  };
}

/**
 * Sends one operation with fetch: the session cookie with its CSRF token, Idempotency-Key, JSON. It bypasses the app's
 * HTTP client on purpose: a 401 here only pauses the queue (kept, sent again once the session is
 * renewed) and must not end the session by itself.
 */
export const sendWithFetch = async (request: OperationRequest): Promise<TransportAnswer> => {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${request.path}`, {
      method: request.method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Idempotency-Key': request.key,
        ...sessionHeaders(),
      },
      body: JSON.stringify(request.body),
      // A request the hall's network swallows must not hold every later entry: it is given up and
      // sent again with the same key (the server answers a key once).
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch {
    return { status: 'NETWORK' };
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch (error) {
    // An answer cut off by the time limit is no answer: sent again.
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) return { status: 'NETWORK' };
    // An answer without JSON (a proxy's error page) is read by its status alone.
  }
  return { status: response.status, body };
};

/** The server's answer to an entry goes into the cached racer list or bracket, unless the cache already holds a newer round. */
function storeAnswer(queryClient: QueryClient, op: ScoreOperation, body: unknown): void {
  if (op.kind === 'SPEED_MATCH') {
    const match = speedMatchSchema.safeParse(body);
    if (match.success) {
      // The match in the flat list and in its gender's bracket, unless the cache holds a newer one.
      const fresher = (item: SpeedBracket['matches'][number]) => (item.id === match.data.id && item.version <= match.data.version ? match.data : item);
      queryClient.setQueryData<SpeedBracket>(speedBracketQueryKey(op.raceId), (bracket) =>
        bracket ? { ...bracket, matches: bracket.matches.map(fresher), brackets: bracket.brackets.map((each) => ({ ...each, matches: each.matches.map(fresher) })) } : bracket,
      );
    }
    void queryClient.invalidateQueries({ queryKey: speedBracketQueryKey(op.raceId) });
    return;
  }
  const round = roundSchema.safeParse(body);
  if (!round.success) return;
  const updated = queryClient.setQueryData<RacerWithRound[]>(racerListQueryKey(op.raceId, op.stage), (list) =>
    list?.map((racer) => {
      const cached = racer.rounds[0];
      return racer.id === round.data.racerId && (!cached || cached.version <= round.data.version) ? { ...racer, rounds: [round.data] } : racer;
    }),
  );
  // The device's offline copy too: a reload without connection shows the stored round, not the one before it.
  if (updated) void keepRacerListOnDevice(op.raceId, op.stage, updated).catch(() => undefined);
}

/**
 * An entry was stored (a boulder, lead route, speed run or match): an undo of a boulder's value is
 * based on the version it was stored at, and a later change of any entry by somebody else is told
 * to the judge (ChangedEntries). Kept for the login the answer came to (the one logged in now);
 * with none known, nothing is kept and an undo falls back to an older base, which can only make a
 * conflict, never an overwrite.
 */
function rememberOwnWrite(queryClient: QueryClient, op: ScoreOperation, body: unknown): void {
  const stored = targetIn(op, body);
  if (!stored) return;
  const principal = queryClient.getQueryData(principalQueryOptions.queryKey);
  // Loaded with the scorecards already; imported here on demand so that the journal is not in
  // every page's first download (the live page's budget, issue 14).
  void import('./undo-journal').then((journal) => journal.recordOwnWrite(journal.undoOwnerOf(principal), journal.journalPlaceOf(op), stored.value, stored.version));
}

/** The queue of this page, with its IndexedDB store, fetch transport and cache updates. */
function createScoreQueue(queryClient: QueryClient, channel: BroadcastChannel | null): OperationQueue {
  return new OperationQueue(
    {
      load: async () => (await readStored<ScoreOperation[]>('queue', 'operations')) ?? [],
      save: async (operations) => {
        await writeStored('queue', 'operations', operations);
        channel?.postMessage('changed');
      },
      ...acceptedStore(),
    },
    { send: sendWithFetch },
    {
      newId: randomId,
      deviceId: deviceId(),
      onSaved: (op, body) => {
        rememberOwnWrite(queryClient, op, body);
        storeAnswer(queryClient, op, body);
      },
      onConflict: (op, current) => storeAnswer(queryClient, op, current),
      // A refused entry usually means the round or stage closed meanwhile: show it as it is now.
      onRefused: (op) => void queryClient.invalidateQueries({ queryKey: op.kind === 'SPEED_MATCH' ? speedBracketQueryKey(op.raceId) : racerListQueryKey(op.raceId, op.stage) }),
    },
  );
}

const QueueContext = createContext<OperationQueue | null>(null);

/** Reports this device's queue for a race (how many entries wait, since when) to the organiser. */
async function reportQueue(raceId: number, operations: readonly ScoreOperation[]): Promise<void> {
  const waiting = operations.filter((op) => op.raceId === raceId && op.status !== 'REFUSED');
  if (readStoredSession() === null) return;
  try {
    await fetch(`${API_BASE}/api/race/${raceId}/scoring-device/${encodeURIComponent(deviceId())}`, {
      method: 'PUT',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', ...sessionHeaders() },
      body: JSON.stringify({ pending: waiting.length, oldestPendingAt: waiting.map((op) => op.createdAt).sort()[0] ?? null }),
    });
  } catch {
    // Offline: the next report tells.
  }
}

/**
 * Owns the device's score queue for the whole app: loads it at start, sends it when online (at
 * start, on reconnect, and every few seconds while entries wait), follows other tabs, and keeps
 * the organiser informed of the queue length of the races this device scores.
 */
export function ScoreQueueProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [setup] = useState(() => {
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    return { channel, queue: createScoreQueue(queryClient, channel) };
  });
  const { queue, channel } = setup;

  useEffect(() => {
    let stopped = false;
    const flush = () => {
      if (!stopped && navigator.onLine) void queue.flush();
    };
    try {
      queue.setLastSavedAt(window.localStorage.getItem(LAST_SAVED_KEY));
      queue.setLastRefusedAt(window.localStorage.getItem(LAST_REFUSED_KEY));
    } catch {
      // No storage: the times of the last save and refusal are known from this page on.
    }
    void queue.reload().then(flush);
    const onMessage = () => void queue.reload().then(flush);
    channel?.addEventListener('message', onMessage);
    window.addEventListener('online', flush);
    const timer = window.setInterval(() => {
      if (queue.snapshot().operations.some((op) => op.status === 'PENDING')) flush();
    }, RETRY_INTERVAL_MS);
    const unsubscribe = queue.subscribe(() => {
      const { lastSavedAt: saved, lastRefusedAt: refused } = queue.snapshot();
      try {
        if (saved) window.localStorage.setItem(LAST_SAVED_KEY, saved);
        if (refused) window.localStorage.setItem(LAST_REFUSED_KEY, refused);
      } catch {
        // See above.
      }
    });
    return () => {
      stopped = true;
      unsubscribe();
      channel?.removeEventListener('message', onMessage);
      window.removeEventListener('online', flush);
      window.clearInterval(timer);
    };
  }, [queue, channel]);

  return <QueueContext.Provider value={queue}>{children}</QueueContext.Provider>;
}

export const useScoreQueue = (): OperationQueue => {
  const queue = useContext(QueueContext);
  if (!queue) throw new Error('useScoreQueue outside ScoreQueueProvider');
  return queue;
};

/** The queue as it is now; re-renders on every change. */
export const useQueueSnapshot = (): QueueSnapshot => {
  const queue = useScoreQueue();
  return useSyncExternalStore(
    (onChange) => queue.subscribe(onChange),
    () => queue.snapshot(),
    () => queue.snapshot(),
  );
};

/**
 * While a scorecard of this race is open and the browser is online, the device reports its queue
 * for it: at once when nothing waits any more (the organiser's warning goes), the other changes
 * together within REPORT_SETTLE_MS (a change undone meanwhile, an entry stored in a moment, sends
 * nothing), and every half minute, so the organiser sees unsent entries.
 */
export function useQueueReport(raceId: number): void {
  const queue = useScoreQueue();
  useEffect(() => {
    let last = '';
    let settling: number | undefined;
    const summaryNow = () =>
      queue
        .snapshot()
        .operations.filter((op) => op.raceId === raceId && op.status !== 'REFUSED')
        .map((op) => op.id)
        .join(',');
    const report = (force: boolean) => {
      window.clearTimeout(settling);
      settling = undefined;
      if (!navigator.onLine) return;
      const summary = summaryNow();
      if (!force && summary === last) return;
      last = summary;
      void reportQueue(raceId, queue.snapshot().operations);
    };
    const changed = () => {
      const summary = summaryNow();
      if (summary === last) {
        window.clearTimeout(settling);
        settling = undefined;
      } else if (summary === '') report(false);
      else settling ??= window.setTimeout(() => report(false), REPORT_SETTLE_MS);
    };
    report(true);
    const unsubscribe = queue.subscribe(changed);
    const timer = window.setInterval(() => report(true), DEVICE_REPORT_INTERVAL_MS);
    const online = () => report(true);
    window.addEventListener('online', online);
    return () => {
      unsubscribe();
      window.clearTimeout(settling);
      window.clearInterval(timer);
      window.removeEventListener('online', online);
    };
  }, [queue, raceId]);
}
