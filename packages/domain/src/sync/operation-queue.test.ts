import { describe, expect, it } from 'vitest';
import { OperationQueue, type AcceptedEntry, type OperationStore } from './operation-queue.ts';
import { enqueueOperation, interpretAnswer, operationConflicted, operationSaved, requestOf, type OperationRequest, type ScoreOperation, type TransportAnswer } from './score-operations.ts';

const memoryStore = (): OperationStore & { saved: ScoreOperation[] } => {
  const store = {
    saved: [] as ScoreOperation[],
    load: async () => [...store.saved],
    save: async (queue: readonly ScoreOperation[]) => {
      store.saved = [...queue];
    },
  };
  return store;
};

const boulder = (boulderIndex: number, currentAttempt: number, baseVersion: number | null = 0) => ({
  kind: 'BOULDER' as const,
  raceId: 1,
  stage: 'QUALIFICATION' as const,
  racerId: 7,
  roundId: 70,
  boulderIndex,
  value: { topAttempts: null, zoneAttempts: null, currentAttempt },
  baseVersion,
});

const roundView = (boulders: { boulderIndex: number; currentAttempt: number; version: number }[], version = 1) => ({
  version,
  boulders: boulders.map((item) => ({ topAttempts: null, zoneAttempts: null, ...item })),
  routes: [],
  speedRoutes: [],
});

let ids = 0;
const newId = () => `op-${(ids += 1)}`;

describe('the list of operations', () => {
  const entry = (boulderIndex: number, attempt: number, base: number | null = 0) => ({ ...boulder(boulderIndex, attempt, base), id: newId(), createdAt: '2026-12-05T10:00:00.000Z', deviceId: 'd1' });

  it('chains entries on one target onto the first one’s base and rebases them when it is stored', () => {
    let queue = enqueueOperation([], entry(0, 1, 3));
    queue = enqueueOperation(queue, entry(0, 2, 9));
    queue = enqueueOperation(queue, entry(1, 1, 5));
    expect(queue.map((op) => [op.seq, op.baseVersion])).toEqual([
      [1, 3],
      [2, 3],
      [3, 5],
    ]);
    queue = operationSaved(queue, queue[0]!.id, 12);
    // The second entry on B1 builds on the stored first one; B2 keeps its own base.
    expect(queue.map((op) => [op.seq, op.baseVersion])).toEqual([
      [2, 12],
      [3, 5],
    ]);
  });

  it('collapses the chain on a conflicting target into one conflict with the newest value', () => {
    let queue = enqueueOperation([], entry(0, 1));
    queue = enqueueOperation(queue, entry(0, 2));
    queue = enqueueOperation(queue, entry(1, 1));
    queue = operationConflicted(queue, queue[0]!.id, 4, { topAttempts: 1, zoneAttempts: 1, currentAttempt: 1 });
    expect(queue.map((op) => [op.status, op.kind === 'BOULDER' ? op.boulderIndex : -1, (op.value as { currentAttempt: number }).currentAttempt])).toEqual([
      ['CONFLICT', 0, 2],
      ['PENDING', 1, 1],
    ]);
    expect(queue[0]).toMatchObject({ conflictVersion: 4, theirs: { topAttempts: 1 } });
    // A tap while the conflict waits becomes the "mine" side of it.
    queue = enqueueOperation(queue, entry(0, 3));
    expect(queue).toHaveLength(2);
    expect(queue[0]!.value).toMatchObject({ currentAttempt: 3 });
  });

  it('builds the request of each kind with its key, base version, device and device time', () => {
    const [op] = enqueueOperation([], entry(2, 4, 6));
    expect(requestOf(op!)).toEqual({
      method: 'PUT',
      key: op!.id,
      path: '/api/racer/7/round/70',
      body: { version: 6, deviceId: 'd1', enteredAt: '2026-12-05T10:00:00.000Z', boulders: [{ boulderIndex: 2, topAttempts: null, zoneAttempts: null, currentAttempt: 4 }] },
    });
    const match = enqueueOperation([], {
      kind: 'SPEED_MATCH',
      matchId: 3,
      raceId: 1,
      stage: 'FINAL',
      value: { racerA: { time: 5000, fall: false, falseStart: false }, racerB: { time: null, fall: true, falseStart: false } },
      baseVersion: null,
      id: 'm-1',
      createdAt: '2026-12-05T10:00:00.000Z',
      deviceId: 'd1',
    })[0]!;
    expect(requestOf(match).path).toBe('/api/speed-match/3');
    expect(requestOf(match).body).not.toHaveProperty('version');
  });

  it('reads answers: stored, conflict with their value, refused, session, retry', () => {
    const [op] = enqueueOperation([], entry(1, 2));
    expect(interpretAnswer(op!, { status: 200, body: roundView([{ boulderIndex: 0, currentAttempt: 0, version: 0 }, { boulderIndex: 1, currentAttempt: 2, version: 5 }]) })).toMatchObject({ kind: 'SAVED', version: 5 });
    const conflict = { error: { code: 'VERSION_CONFLICT', details: { current: roundView([{ boulderIndex: 0, currentAttempt: 0, version: 0 }, { boulderIndex: 1, currentAttempt: 4, version: 8 }]) } } };
    expect(interpretAnswer(op!, { status: 409, body: conflict })).toMatchObject({ kind: 'CONFLICT', version: 8, theirs: { currentAttempt: 4 } });
    expect(interpretAnswer(op!, { status: 409, body: { error: { code: 'ROUND_CLOSED' } } })).toEqual({ kind: 'REFUSED', code: 'ROUND_CLOSED' });
    expect(interpretAnswer(op!, { status: 422, body: { error: { code: 'IDEMPOTENCY_KEY_REUSED' } } })).toEqual({ kind: 'REFUSED', code: 'IDEMPOTENCY_KEY_REUSED' });
    // The details ride along, so the notice can name what refused it (a later speed match).
    const details = { stage: 'BIG_FINAL', stageIndex: 0 };
    expect(interpretAnswer(op!, { status: 409, body: { error: { code: 'SPEED_NEXT_MATCH_STARTED', details } } })).toEqual({ kind: 'REFUSED', code: 'SPEED_NEXT_MATCH_STARTED', details });
    expect(interpretAnswer(op!, { status: 401, body: { error: { code: 'INVALID_OR_EXPIRED_TOKEN' } } })).toEqual({ kind: 'AUTH', code: 'INVALID_OR_EXPIRED_TOKEN' });
    expect(interpretAnswer(op!, { status: 503, body: null })).toEqual({ kind: 'RETRY', code: 'HTTP_503' });
    expect(interpretAnswer(op!, { status: 'NETWORK' })).toEqual({ kind: 'RETRY', code: 'NETWORK' });
  });
});

describe('the operation queue', () => {
  /** A server holding one round: applies a key once, conflicts by boulder version like the real one. */
  const fakeServer = () => {
    const boulders = [0, 1, 2].map((boulderIndex) => ({ boulderIndex, currentAttempt: 0, version: 0 }));
    let version = 0;
    const answers = new Map<string, TransportAnswer>();
    const requests: OperationRequest[] = [];
    return {
      boulders,
      requests,
      answer(request: OperationRequest): TransportAnswer {
        requests.push(request);
        const stored = answers.get(request.key);
        if (stored) return stored;
        const [sent] = request.body.boulders as { boulderIndex: number; currentAttempt: number }[];
        const row = boulders[sent!.boulderIndex]!;
        const base = request.body.version as number | undefined;
        if (base !== undefined && row.version > base && row.currentAttempt !== sent!.currentAttempt) {
          return { status: 409, body: { error: { code: 'VERSION_CONFLICT', details: { current: roundView(boulders, version) } } } };
        }
        version += 1;
        row.currentAttempt = sent!.currentAttempt;
        row.version = version;
        const answer = { status: 200, body: roundView(boulders, version) };
        answers.set(request.key, answer);
        return answer;
      },
    };
  };

  it('keeps entries while offline, sends them in order once, and survives a lost answer', async () => {
    const server = fakeServer();
    let online = false;
    let loseNextAnswer = false;
    const store = memoryStore();
    const queue = new OperationQueue(
      store,
      {
        send: async (request) => {
          if (!online) return { status: 'NETWORK' };
          const answer = server.answer(request);
          if (loseNextAnswer) {
            loseNextAnswer = false;
            return { status: 'NETWORK' };
          }
          return answer;
        },
      },
      { newId, deviceId: 'd1' },
    );
    for (const attempt of [1, 2, 3, 4, 5]) await queue.enqueue(boulder(0, attempt));
    expect(store.saved).toHaveLength(5);
    expect(await queue.flush()).toEqual({ reason: 'RETRY', code: 'NETWORK' });
    expect(queue.snapshot().waiting).toBe(5);

    // A reloaded page finds the same queue.
    const reloaded = new OperationQueue(store, { send: async (request) => (online ? server.answer(request) : { status: 'NETWORK' }) }, { newId, deviceId: 'd1' });
    await reloaded.reload();
    expect(reloaded.snapshot().waiting).toBe(5);

    online = true;
    loseNextAnswer = true;
    expect(await queue.flush()).toEqual({ reason: 'RETRY', code: 'NETWORK' });
    expect(await queue.flush()).toBeNull();
    expect(queue.snapshot().waiting).toBe(0);
    expect(queue.snapshot().lastSavedAt).not.toBeNull();
    expect(server.boulders[0]).toMatchObject({ currentAttempt: 5, version: 5 });
    // Six requests for five entries: the one whose answer was lost went twice with the same key.
    expect(server.requests.map((request) => request.key)).toHaveLength(6);
    expect(new Set(server.requests.map((request) => request.key)).size).toBe(5);
  });

  it('remembers when an entry was refused, also after the judge dismissed it', async () => {
    const times = ['2026-12-05T10:00:00.000Z', '2026-12-05T10:04:00.000Z'];
    const queue = new OperationQueue(
      memoryStore(),
      { send: async () => ({ status: 409, body: { error: { code: 'ROUND_CLOSED' } } }) },
      { newId, deviceId: 'd1', now: () => new Date(times.shift() ?? '2026-12-05T10:09:00.000Z') },
    );
    const op = await queue.enqueue(boulder(0, 1));
    expect(queue.snapshot().lastRefusedAt).toBeNull();
    await queue.flush();
    expect(queue.snapshot().operations.map((each) => each.status)).toEqual(['REFUSED']);
    const refusedAt = queue.snapshot().lastRefusedAt;
    expect(refusedAt).toBe('2026-12-05T10:04:00.000Z');
    await queue.drop(op.id);
    expect(queue.snapshot().operations).toEqual([]);
    expect(queue.snapshot().lastRefusedAt).toBe(refusedAt);
    expect(queue.snapshot().lastSavedAt).toBeNull();
  });

  it('shows an entry at once, before the device has stored it, so the next tap builds on it', async () => {
    const store = memoryStore();
    const saves: (() => void)[] = [];
    const slowStore: OperationStore = {
      load: store.load,
      save: (queue) => new Promise<void>((resolve) => saves.push(() => void store.save(queue).then(resolve))),
    };
    /** Lets the device finish the write it was asked for first. */
    const release = async () => {
      while (saves.length === 0) await new Promise((resolve) => setTimeout(resolve, 0));
      saves.shift()!();
    };
    const queue = new OperationQueue(slowStore, { send: async () => ({ status: 'NETWORK' }) }, { newId, deviceId: 'd1' });
    let told = 0;
    queue.subscribe(() => (told += 1));
    const first = queue.enqueue(boulder(2, 3));
    expect(told).toBe(1);
    expect(queue.snapshot()).toMatchObject({ waiting: 1, operations: [{ boulderIndex: 2, value: { currentAttempt: 3 }, status: 'PENDING' }] });
    // A second tap while the first is still being written sees the first one's value.
    const seen = queue.snapshot().operations.at(-1)!.value as { currentAttempt: number };
    const second = queue.enqueue({ ...boulder(2, seen.currentAttempt), value: { topAttempts: null, zoneAttempts: 3, currentAttempt: 3 } });
    expect(queue.snapshot().waiting).toBe(2);
    expect(queue.snapshot().operations.map((op) => op.value)).toEqual([
      { topAttempts: null, zoneAttempts: null, currentAttempt: 3 },
      { topAttempts: null, zoneAttempts: 3, currentAttempt: 3 },
    ]);
    expect(store.saved).toHaveLength(0);
    await release();
    const stored = await first;
    expect(queue.snapshot().operations[0]!.id).toBe(stored.id);
    expect(queue.snapshot().waiting).toBe(2);
    await release();
    await second;
    expect(store.saved.map((op) => (op.value as { currentAttempt: number }).currentAttempt)).toEqual([3, 3]);
    expect(queue.snapshot().operations).toEqual(store.saved);
  });

  it('adds the taps of a page closed before they were stored to the queue of the next page load, once', async () => {
    const store = memoryStore();
    const kept = new Map<string, AcceptedEntry[]>();
    /** One page's store: its own key for the taps on their way, the other pages' keys to recover. */
    const pageStore = (page: string, saves: 'never' | 'normally'): OperationStore => ({
      load: store.load,
      save: saves === 'never' ? () => new Promise<void>(() => undefined) : store.save,
      keepAccepted: (entries) => (entries.length > 0 ? kept.set(page, [...entries]) : kept.delete(page)),
      recoverAccepted: () => {
        const others = [...kept.keys()].filter((key) => key !== page);
        return { entries: others.flatMap((key) => kept.get(key)!), done: () => others.forEach((key) => kept.delete(key)) };
      },
    });
    const offline = { send: async () => ({ status: 'NETWORK' as const }) };
    // The first page is closed while its write to the device's store is still on its way.
    const closed = new OperationQueue(pageStore('one', 'never'), offline, { newId, deviceId: 'd1' });
    void closed.enqueue(boulder(1, 1));
    void closed.enqueue(boulder(1, 2));
    expect(kept.get('one')).toHaveLength(2);
    expect(store.saved).toHaveLength(0);

    const next = new OperationQueue(pageStore('two', 'normally'), offline, { newId, deviceId: 'd1' });
    await next.reload();
    expect(store.saved.map((op) => (op.value as { currentAttempt: number }).currentAttempt)).toEqual([1, 2]);
    expect(next.snapshot().waiting).toBe(2);
    expect(kept.size).toBe(0);
    // A later reload (another tab saved) adds nothing twice.
    await next.reload();
    expect(next.snapshot().waiting).toBe(2);
  });

  it('keeps an entry the device cannot store in memory, says so, and still sends it', async () => {
    let full = true;
    const store = memoryStore();
    const server = fakeServer();
    const queue = new OperationQueue(
      { load: store.load, save: async (operations) => (full ? Promise.reject(new Error('QuotaExceededError')) : store.save(operations)) },
      { send: async (request) => server.answer(request) },
      { newId, deviceId: 'd1' },
    );
    await queue.enqueue(boulder(0, 1));
    expect(queue.snapshot()).toMatchObject({ waiting: 1, unstored: true, operations: [{ value: { currentAttempt: 1 } }] });
    full = false;
    expect(await queue.flush()).toBeNull();
    expect(server.boulders[0]).toMatchObject({ currentAttempt: 1 });
    expect(queue.snapshot()).toMatchObject({ waiting: 0, unstored: false });
  });

  it('stops on a lost session and keeps everything', async () => {
    const store = memoryStore();
    let authorised = false;
    const server = fakeServer();
    const queue = new OperationQueue(store, { send: async (request) => (authorised ? server.answer(request) : { status: 401, body: { error: { code: 'INVALID_OR_EXPIRED_TOKEN' } } }) }, { newId, deviceId: 'd1' });
    await queue.enqueue(boulder(1, 1));
    await queue.enqueue(boulder(2, 1));
    expect(await queue.flush()).toEqual({ reason: 'AUTH', code: 'INVALID_OR_EXPIRED_TOKEN' });
    expect(queue.snapshot()).toMatchObject({ waiting: 2, blocked: { reason: 'AUTH' } });
    authorised = true;
    expect(await queue.flush()).toBeNull();
    expect(server.boulders.map((row) => row.currentAttempt)).toEqual([0, 1, 1]);
  });

  it('shows a conflict, then keeps mine over theirs under a new key', async () => {
    const server = fakeServer();
    server.boulders[0] = { boulderIndex: 0, currentAttempt: 4, version: 3 };
    const seen: unknown[] = [];
    const queue = new OperationQueue(memoryStore(), { send: async (request) => server.answer(request) }, { newId, deviceId: 'd1', onConflict: (_op, current) => seen.push(current) });
    await queue.enqueue(boulder(0, 1, 0));
    await queue.flush();
    const [conflict] = queue.snapshot().operations;
    expect(conflict).toMatchObject({ status: 'CONFLICT', theirs: { currentAttempt: 4 }, value: { currentAttempt: 1 }, conflictVersion: 3 });
    expect(seen).toHaveLength(1);
    await queue.keepMine(conflict!.id);
    expect(await queue.flush()).toBeNull();
    expect(server.boulders[0]).toMatchObject({ currentAttempt: 1 });
    expect(server.requests.at(-1)!.key).not.toBe(conflict!.id);
  });

  it('raises a base to the device’s own newest write, unless the caller chose it on purpose (an undo)', async () => {
    const server = fakeServer();
    const queue = new OperationQueue(memoryStore(), { send: async (request) => server.answer(request) }, { newId, deviceId: 'd1' });
    // The judge's first entry is stored at version 1; somebody else then stores 4 attempts at version 2.
    await queue.enqueue(boulder(0, 1, 0));
    await queue.flush();
    server.answer({ method: 'PUT', key: 'other-judge-1', path: '/api/racer/7/round/70', body: { boulders: [{ boulderIndex: 0, currentAttempt: 4 }] } });
    expect(server.boulders[0]).toMatchObject({ currentAttempt: 4, version: 2 });
    // The judge's second entry, and its undo, whose caller has not seen the second one stored yet.
    await queue.enqueue(boulder(0, 5, 2));
    await queue.flush();
    await queue.enqueue(boulder(0, 4, 2));
    await queue.flush();
    expect(server.requests.at(-1)!.body.version).toBe(3);
    expect(server.boulders[0]).toMatchObject({ currentAttempt: 4, version: 4 });
    // Undo of the first entry, based on the version it was stored at: the other judge's change since then is met.
    await queue.enqueue(boulder(0, 0, 1), { exactBase: true });
    await queue.flush();
    expect(server.requests.at(-1)!.body.version).toBe(1);
    expect(queue.snapshot().operations[0]).toMatchObject({ status: 'CONFLICT', value: { currentAttempt: 0 }, theirs: { currentAttempt: 4 } });
    expect(server.boulders[0]).toMatchObject({ currentAttempt: 4 });
  });
});
