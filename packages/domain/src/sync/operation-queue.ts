import {
  dropOperation,
  enqueueOperation,
  interpretAnswer,
  keepMine,
  nextToSend,
  operationConflicted,
  operationRefused,
  operationSaved,
  requestOf,
  targetKey,
  type NewScoreOperation,
  type OperationRequest,
  type ScoreOperation,
  type TransportAnswer,
} from './score-operations.ts';

/** An entry as enqueue() accepted it, before the queue places it. */
export type AcceptedEntry = Parameters<typeof enqueueOperation>[1];

/** Where the queue lives between page loads (IndexedDB in the browser, memory in tests). */
export interface OperationStore {
  load(): Promise<ScoreOperation[]>;
  /** Replaces the stored queue with this one, atomically. */
  save(queue: readonly ScoreOperation[]): Promise<void>;
  /**
   * Optional, synchronous: keeps the entries accepted and not yet saved (localStorage in the
   * browser), so a page closed a moment after a tap, before save() finished, loses nothing.
   */
  keepAccepted?(entries: readonly AcceptedEntry[]): void;
  /** Entries kept by keepAccepted() in pages that closed; `done` forgets them once saved. */
  recoverAccepted?(): { entries: AcceptedEntry[]; done: () => void };
}

/** Sends one request with its Idempotency-Key; answers NETWORK when nothing came back. */
export interface OperationTransport {
  send(request: OperationRequest): Promise<TransportAnswer>;
}

export interface OperationQueueOptions {
  /** A new client operation id (a UUID in the browser). */
  newId: () => string;
  now?: () => Date;
  deviceId: string;
  /** Called with the server's answer to every stored operation (the round or match as it is now). */
  onSaved?: (op: ScoreOperation, body: unknown) => void;
  /** Called with the current round or match when an operation met somebody else's change. */
  onConflict?: (op: ScoreOperation, current: unknown) => void;
  /** Called when the server refused an operation for good (a closed round, an invalid value). */
  onRefused?: (op: ScoreOperation, code: string) => void;
}

/** Why sending stopped: AUTH waits for a new session, RETRY for the connection (or the server). */
export type QueueBlock = { reason: 'AUTH' | 'RETRY'; code: string } | null;

export interface QueueSnapshot {
  /** The queue with every accepted entry, also those still being written to the device's store. */
  operations: readonly ScoreOperation[];
  /** Entries not stored yet (pending and in conflict). */
  waiting: number;
  sending: boolean;
  blocked: QueueBlock;
  /** When the last entry was stored (ISO), or null. */
  lastSavedAt: string | null;
  /**
   * When the server last refused an entry (ISO), or null: after the judge dismissed it, the queue
   * no longer holds it, yet something was entered on this device.
   */
  lastRefusedAt: string | null;
  /** The device's store refused the last write: the entries live only in this page until sent. */
  unstored: boolean;
}

/**
 * The device's queue of score operations: entries are added at once (and persisted before the
 * promise resolves), sent one at a time in order, each with its id as Idempotency-Key. A lost
 * answer is simply sent again: the server answers the first answer. Every change to the queue is
 * serialised, so entries added while a request is on its way chain correctly onto it.
 */
export class OperationQueue {
  private operations: ScoreOperation[] = [];
  /**
   * Entries accepted by enqueue() and not yet in `operations` (their turn to be persisted has not
   * come). The snapshot shows them at once, so a second tap right after the first builds on it.
   */
  private staged: AcceptedEntry[] = [];
  private unstored = false;
  /** Whether the entries of closed pages were looked for (once, at the first reload). */
  private recovered = false;
  /** The newest version this device stored per target: a base never goes below its own writes. */
  private readonly known = new Map<string, number>();
  private lock: Promise<unknown> = Promise.resolve();
  private flushing: Promise<QueueBlock> | null = null;
  private blocked: QueueBlock = null;
  private lastSavedAt: string | null = null;
  private lastRefusedAt: string | null = null;
  private readonly listeners = new Set<() => void>();
  private snapshotCache: QueueSnapshot | null = null;

  constructor(
    private readonly store: OperationStore,
    private readonly transport: OperationTransport,
    private readonly options: OperationQueueOptions,
  ) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Runs `change` after every earlier change: the queue is never changed by two at once. */
  private exclusive<T>(change: () => Promise<T>): Promise<T> {
    const run = this.lock.then(change, change);
    this.lock = run.catch(() => undefined);
    return run;
  }

  /**
   * Stores the queue, then makes it the current one. A store that fails (private mode, a full
   * disk) does not lose anything: the queue lives on in this page's memory, is still sent, and the
   * snapshot says `unstored` until a later write succeeds.
   */
  private async commit(next: ScoreOperation[], done?: AcceptedEntry): Promise<void> {
    try {
      await this.store.save(next);
      this.unstored = false;
    } catch {
      this.unstored = true;
    }
    if (done) {
      this.staged = this.staged.filter((entry) => entry !== done);
      this.store.keepAccepted?.(this.staged);
    }
    this.operations = next;
    this.changed();
  }

  private changed(): void {
    this.snapshotCache = null;
    for (const listener of this.listeners) listener();
  }

  /**
   * Reads the stored queue (page load, another tab changed it). The first time, entries that a
   * closed page had accepted but not yet saved are added to it (and saved).
   */
  reload(): Promise<void> {
    return this.exclusive(async () => {
      const loaded = await this.store.load();
      // Entries only this page holds (the store refused them) stay until they are sent.
      this.operations = this.unstored ? [...loaded, ...this.operations.filter((op) => !loaded.some((each) => each.id === op.id))] : loaded;
      const recovered = this.recovered ? null : this.store.recoverAccepted?.();
      this.recovered = true;
      const missing = recovered?.entries.filter((entry) => !this.operations.some((op) => op.id === entry.id)) ?? [];
      if (missing.length > 0) {
        await this.commit(missing.reduce<ScoreOperation[]>((queue, entry) => enqueueOperation(queue, entry), this.operations));
        recovered?.done();
      } else {
        recovered?.done();
        this.changed();
      }
    });
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The same object until something changes (React's useSyncExternalStore needs that). */
  snapshot(): QueueSnapshot {
    if (this.snapshotCache) return this.snapshotCache;
    const operations = this.staged.reduce<ScoreOperation[]>((queue, entry) => enqueueOperation(queue, entry), this.operations);
    this.snapshotCache = {
      operations,
      waiting: operations.filter((op) => op.status !== 'REFUSED').length,
      sending: this.flushing !== null,
      blocked: this.blocked,
      lastSavedAt: this.lastSavedAt,
      lastRefusedAt: this.lastRefusedAt,
      unstored: this.unstored,
    };
    return this.snapshotCache;
  }

  /** Restores the time of the last save after a reload (the web app keeps it in local storage). */
  setLastSavedAt(at: string | null): void {
    this.lastSavedAt = at;
    this.changed();
  }

  /** Restores the time of the last refusal after a reload, as `setLastSavedAt`. */
  setLastRefusedAt(at: string | null): void {
    this.lastRefusedAt = at;
    this.changed();
  }

  /**
   * Adds an entry: it is in the snapshot at once (listeners are told before this returns) and
   * persisted before the promise resolves; `baseVersion` is the target's version as the caller saw it.
   * It is raised to the newest version this device stored of the target (the caller's copy may
   * not show that write yet), unless `exactBase`: the caller chose the base on purpose, such as
   * an undo based on the version its entry was stored at, which must meet every change made since.
   */
  enqueue(entry: NewScoreOperation & { raceId: number; stage: ScoreOperation['stage']; baseVersion: number | null }, options: { exactBase?: boolean } = {}): Promise<ScoreOperation> {
    const staged: AcceptedEntry = { ...entry, id: this.options.newId(), createdAt: this.now().toISOString(), deviceId: this.options.deviceId };
    this.staged = [...this.staged, staged];
    this.store.keepAccepted?.(this.staged);
    this.changed();
    return this.exclusive(async () => {
      const own = options.exactBase ? undefined : this.known.get(targetKey(entry));
      const baseVersion = own !== undefined && (entry.baseVersion === null || own > entry.baseVersion) ? own : entry.baseVersion;
      const next = enqueueOperation(this.operations, { ...staged, baseVersion });
      await this.commit(next, staged);
      const { id } = staged;
      return next.find((op) => op.id === id) ?? next.find((op) => targetKey(op) === targetKey(entry) && op.status === 'CONFLICT') ?? next[next.length - 1]!;
    });
  }

  /** Keep mine: send the judge's value over the one stored by somebody else. */
  keepMine(id: string): Promise<void> {
    return this.exclusive(() => this.commit(keepMine(this.operations, id, this.options.newId())));
  }

  /** Take theirs, or dismiss a refused entry. */
  drop(id: string): Promise<void> {
    return this.exclusive(() => this.commit(dropOperation(this.operations, id)));
  }

  /**
   * Sends every pending operation in order, one at a time, until the queue is empty or sending
   * must stop (no connection, no session). A second call while one runs joins it.
   */
  flush(): Promise<QueueBlock> {
    if (this.flushing) return this.flushing;
    const run = this.sendAll().finally(() => {
      this.flushing = null;
      this.changed();
    });
    this.flushing = run;
    this.changed();
    return run;
  }

  private async sendAll(): Promise<QueueBlock> {
    for (;;) {
      const next = await this.exclusive(async () => nextToSend(this.operations));
      if (!next) {
        this.blocked = null;
        return null;
      }
      let answer: TransportAnswer;
      try {
        answer = await this.transport.send(requestOf(next));
      } catch {
        answer = { status: 'NETWORK' };
      }
      const outcome = interpretAnswer(next, answer);
      if (outcome.kind === 'RETRY' || outcome.kind === 'AUTH') {
        this.blocked = { reason: outcome.kind, code: outcome.code };
        return this.blocked;
      }
      this.blocked = null;
      await this.exclusive(async () => {
        const key = targetKey(next);
        if (outcome.kind === 'SAVED') {
          this.known.set(key, Math.max(outcome.version, this.known.get(key) ?? 0));
          this.lastSavedAt = this.now().toISOString();
          this.options.onSaved?.(next, outcome.body);
          await this.commit(operationSaved(this.operations, next.id, outcome.version));
        } else if (outcome.kind === 'CONFLICT') {
          this.options.onConflict?.(next, outcome.body);
          await this.commit(operationConflicted(this.operations, next.id, outcome.version, outcome.theirs));
        } else {
          this.lastRefusedAt = this.now().toISOString();
          this.options.onRefused?.(next, outcome.code);
          await this.commit(operationRefused(this.operations, next.id, outcome.code, outcome.details));
        }
      });
    }
  }
}
