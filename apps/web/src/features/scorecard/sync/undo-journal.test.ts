import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  acknowledgeChange,
  changesAfterOwnWrites,
  UNDO_DEPTH,
  UNDO_MAX_AGE_MS,
  UNDO_ROUNDS,
  UNDO_STORAGE_KEY,
  forgetUndoBoulder,
  forgetUndoRound,
  markUndoOperation,
  ownWriteOf,
  recordOwnWrite,
  recordUndoEntry,
  takeLastUndoEntry,
  undoJournalKey,
  undoOwnerOf,
  type UndoEntry,
} from './undo-journal';

const marks = (currentAttempt: number) => ({ topAttempts: null, zoneAttempts: null, currentAttempt });
/** The judge account logged in for most tests. */
const JUDGE = 'judge:1';
const entry = (attempt: number, at = Date.now()): UndoEntry => ({ boulderIndex: 0, before: marks(attempt - 1), after: marks(attempt), base: attempt, at });

describe('the undo journal kept on the device', () => {
  afterEach(() => vi.useRealTimers());

  it('gives back the entries of a round newest first, each once, from local storage', () => {
    recordUndoEntry(JUDGE, 55, entry(1));
    recordUndoEntry(JUDGE, 55, entry(2));
    recordUndoEntry(JUDGE, 56, entry(7));
    expect(JSON.parse(window.localStorage.getItem(UNDO_STORAGE_KEY) ?? '{}')).toHaveProperty(undoJournalKey(JUDGE, 55));
    expect(takeLastUndoEntry(JUDGE, 55)?.after).toEqual(marks(2));
    expect(takeLastUndoEntry(JUDGE, 55)?.after).toEqual(marks(1));
    expect(takeLastUndoEntry(JUDGE, 55)).toBeNull();
    expect(takeLastUndoEntry(JUDGE, 56)?.after).toEqual(marks(7));
  });

  it('keeps the newest own write of each boulder, never an older one answered later', () => {
    recordOwnWrite(JUDGE, 55, 0, marks(2), 6);
    recordOwnWrite(JUDGE, 55, 0, marks(1), 5);
    recordOwnWrite(JUDGE, 55, 1, marks(1), 7);
    expect(ownWriteOf(JUDGE, 55, 0)).toEqual({ value: marks(2), version: 6 });
    expect(ownWriteOf(JUDGE, 55, 1)).toEqual({ value: marks(1), version: 7 });
    expect(ownWriteOf(JUDGE, 57, 0)).toBeNull();
  });

  it('is bounded: so many entries per round, so many rounds (the least recently used go), nothing too old', () => {
    vi.useFakeTimers({ now: new Date('2026-12-05T08:00:00Z') });
    for (let attempt = 1; attempt <= UNDO_DEPTH + 5; attempt += 1) recordUndoEntry(JUDGE, 1, entry(attempt));
    for (let roundId = 2; roundId <= UNDO_ROUNDS + 3; roundId += 1) {
      vi.advanceTimersByTime(1_000);
      recordUndoEntry(JUDGE, roundId, entry(1));
    }
    const stored = JSON.parse(window.localStorage.getItem(UNDO_STORAGE_KEY) ?? '{}') as Record<string, { entries: UndoEntry[] }>;
    expect(Object.keys(stored)).toHaveLength(UNDO_ROUNDS);
    // Round 1 was used least recently of all: gone; round 5 is still there.
    expect(stored[undoJournalKey(JUDGE, 1)]).toBeUndefined();
    expect(stored[undoJournalKey(JUDGE, 5)]).toBeDefined();

    recordUndoEntry(JUDGE, 100, entry(1));
    for (let attempt = 2; attempt <= UNDO_DEPTH + 5; attempt += 1) recordUndoEntry(JUDGE, 100, entry(attempt));
    let taken = 0;
    while (takeLastUndoEntry(JUDGE, 100)) taken += 1;
    expect(taken).toBe(UNDO_DEPTH);

    recordUndoEntry(JUDGE, 101, entry(1));
    vi.advanceTimersByTime(UNDO_MAX_AGE_MS + 1);
    recordUndoEntry(JUDGE, 101, entry(2));
    expect(takeLastUndoEntry(JUDGE, 101)?.after).toEqual(marks(2));
    expect(takeLastUndoEntry(JUDGE, 101)).toBeNull();
  });

  it('forgets a round that can no longer change, and survives an unreadable copy', () => {
    recordUndoEntry(JUDGE, 55, entry(1));
    recordOwnWrite(JUDGE, 55, 0, marks(1), 4);
    forgetUndoRound(55);
    expect(takeLastUndoEntry(JUDGE, 55)).toBeNull();
    expect(ownWriteOf(JUDGE, 55, 0)).toBeNull();
    window.localStorage.setItem(UNDO_STORAGE_KEY, '{not json');
    expect(takeLastUndoEntry(JUDGE, 55)).toBeNull();
    recordUndoEntry(JUDGE, 55, entry(1));
    expect(takeLastUndoEntry(JUDGE, 55)?.after).toEqual(marks(1));
  });

  it('forgets the entries of a boulder whose value the judge gave up for another judge’s', () => {
    recordUndoEntry(JUDGE, 55, entry(1));
    recordUndoEntry(JUDGE, 55, { ...entry(1), boulderIndex: 2 });
    recordUndoEntry(JUDGE, 55, entry(2));
    forgetUndoBoulder(JUDGE, 55, 0);
    expect(takeLastUndoEntry(JUDGE, 55)?.boulderIndex).toBe(2);
    expect(takeLastUndoEntry(JUDGE, 55)).toBeNull();
  });

  it('lasts as long as the page when local storage refuses it', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      recordUndoEntry(JUDGE, 55, entry(1));
      recordUndoEntry(JUDGE, 55, entry(2));
      expect(takeLastUndoEntry(JUDGE, 55)?.after).toEqual(marks(2));
    } finally {
      setItem.mockRestore();
    }
    // Once storage works again, the page's copy goes there.
    recordUndoEntry(JUDGE, 55, entry(3));
    expect(JSON.parse(window.localStorage.getItem(UNDO_STORAGE_KEY) ?? '{}')[undoJournalKey(JUDGE, 55)].entries).toHaveLength(2);
    forgetUndoRound(55);
  });

  it('is kept per login: another login on the device has nothing to undo, and the first finds its entries again', () => {
    const first = undoOwnerOf({ kind: 'JUDGE_ACCOUNT', judgeAccountId: 1, userId: null, eventId: 4 });
    const second = undoOwnerOf({ kind: 'JUDGE_ACCOUNT', judgeAccountId: 2, userId: null, eventId: 4 });
    const organiser = undoOwnerOf({ kind: 'USER', userId: 1, judgeAccountId: null, eventId: null });
    expect([first, second, organiser]).toEqual(['judge:1', 'judge:2', 'user:1']);
    recordUndoEntry(first, 60, entry(1));
    recordOwnWrite(first, 60, 0, marks(1), 3);
    markUndoOperation(first, 60, 'op-1');
    // The phone is passed on: the next login can undo none of it, not even a user with the same number.
    expect(takeLastUndoEntry(second, 60)).toBeNull();
    expect(takeLastUndoEntry(organiser, 60)).toBeNull();
    expect(ownWriteOf(second, 60, 0)).toBeNull();
    recordUndoEntry(second, 60, entry(2));
    expect(takeLastUndoEntry(second, 60)?.after).toEqual(marks(2));
    expect(takeLastUndoEntry(second, 60)).toBeNull();
    // Nobody known (logged out, the login not read yet): nothing recorded, nothing offered.
    recordUndoEntry(null, 60, entry(3));
    expect(takeLastUndoEntry(null, 60)).toBeNull();
    // Back to the first judge: their entry is there.
    expect(ownWriteOf(first, 60, 0)).toEqual({ value: marks(1), version: 3 });
    expect(takeLastUndoEntry(first, 60)?.after).toEqual(marks(1));
    // Closing the round forgets it for every login.
    recordUndoEntry(first, 60, entry(1));
    recordUndoEntry(second, 60, entry(1));
    forgetUndoRound(60);
    expect(takeLastUndoEntry(first, 60)).toBeNull();
    expect(takeLastUndoEntry(second, 60)).toBeNull();
  });

  it("tells which boulders somebody else changed after the judge's own write, until the judge has seen the change", () => {
    const stored = (boulderIndex: number, currentAttempt: number, version: number) => ({ boulderIndex, ...marks(currentAttempt), version });
    const nothingWaits = () => false;
    recordOwnWrite(JUDGE, 70, 0, marks(2), 4);
    recordOwnWrite(JUDGE, 70, 1, marks(1), 5);
    // Boulder 1 as the judge left it; boulder 2 changed by another judge at version 6; a round without own writes.
    const rounds = [{ id: 70, boulders: [stored(0, 2, 4), stored(1, 3, 6)] }, { id: 71, boulders: [stored(0, 5, 9)] }];
    expect(changesAfterOwnWrites(JUDGE, rounds, nothingWaits)).toEqual([{ roundId: 70, boulderIndex: 1, own: marks(1), now: marks(3), version: 6 }]);
    // Another login on the phone, or nobody: nothing of this judge's is told.
    expect(changesAfterOwnWrites('judge:2', rounds, nothingWaits)).toEqual([]);
    expect(changesAfterOwnWrites(null, rounds, nothingWaits)).toEqual([]);
    // An entry of that boulder still on the device: the queue settles it, nothing told meanwhile.
    expect(changesAfterOwnWrites(JUDGE, rounds, (roundId, boulderIndex) => roundId === 70 && boulderIndex === 1)).toEqual([]);
    // A later change back to the judge's own value is no change of it.
    expect(changesAfterOwnWrites(JUDGE, [{ id: 70, boulders: [stored(0, 2, 4), stored(1, 1, 7)] }], nothingWaits)).toEqual([]);

    // Seen: not told again, until somebody changes it once more.
    acknowledgeChange(JUDGE, 70, 1, 6);
    expect(changesAfterOwnWrites(JUDGE, rounds, nothingWaits)).toEqual([]);
    expect(changesAfterOwnWrites(JUDGE, [{ id: 70, boulders: [stored(0, 2, 4), stored(1, 4, 8)] }], nothingWaits)).toEqual([
      { roundId: 70, boulderIndex: 1, own: marks(1), now: marks(4), version: 8 },
    ]);
    // The judge enters the boulder again: their newer write is the one compared.
    recordOwnWrite(JUDGE, 70, 1, marks(4), 9);
    expect(changesAfterOwnWrites(JUDGE, [{ id: 70, boulders: [stored(0, 2, 4), stored(1, 4, 9)] }], nothingWaits)).toEqual([]);
  });
});
