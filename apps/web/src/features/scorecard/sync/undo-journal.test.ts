import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNDO_DEPTH, UNDO_MAX_AGE_MS, UNDO_ROUNDS, UNDO_STORAGE_KEY, forgetUndoBoulder, forgetUndoRound, ownWriteOf, recordOwnWrite, recordUndoEntry, takeLastUndoEntry, type UndoEntry } from './undo-journal';

const marks = (currentAttempt: number) => ({ topAttempts: null, zoneAttempts: null, currentAttempt });
const entry = (attempt: number, at = Date.now()): UndoEntry => ({ boulderIndex: 0, before: marks(attempt - 1), after: marks(attempt), base: attempt, at });

describe('the undo journal kept on the device', () => {
  afterEach(() => vi.useRealTimers());

  it('gives back the entries of a round newest first, each once, from local storage', () => {
    recordUndoEntry(55, entry(1));
    recordUndoEntry(55, entry(2));
    recordUndoEntry(56, entry(7));
    expect(JSON.parse(window.localStorage.getItem(UNDO_STORAGE_KEY) ?? '{}')).toHaveProperty('55');
    expect(takeLastUndoEntry(55)?.after).toEqual(marks(2));
    expect(takeLastUndoEntry(55)?.after).toEqual(marks(1));
    expect(takeLastUndoEntry(55)).toBeNull();
    expect(takeLastUndoEntry(56)?.after).toEqual(marks(7));
  });

  it('keeps the newest own write of each boulder, never an older one answered later', () => {
    recordOwnWrite(55, 0, marks(2), 6);
    recordOwnWrite(55, 0, marks(1), 5);
    recordOwnWrite(55, 1, marks(1), 7);
    expect(ownWriteOf(55, 0)).toEqual({ value: marks(2), version: 6 });
    expect(ownWriteOf(55, 1)).toEqual({ value: marks(1), version: 7 });
    expect(ownWriteOf(57, 0)).toBeNull();
  });

  it('is bounded: so many entries per round, so many rounds (the least recently used go), nothing too old', () => {
    vi.useFakeTimers({ now: new Date('2026-12-05T08:00:00Z') });
    for (let attempt = 1; attempt <= UNDO_DEPTH + 5; attempt += 1) recordUndoEntry(1, entry(attempt));
    for (let roundId = 2; roundId <= UNDO_ROUNDS + 3; roundId += 1) {
      vi.advanceTimersByTime(1_000);
      recordUndoEntry(roundId, entry(1));
    }
    const stored = JSON.parse(window.localStorage.getItem(UNDO_STORAGE_KEY) ?? '{}') as Record<string, { entries: UndoEntry[] }>;
    expect(Object.keys(stored)).toHaveLength(UNDO_ROUNDS);
    // Round 1 was used least recently of all: gone; round 5 is still there.
    expect(stored['1']).toBeUndefined();
    expect(stored['5']).toBeDefined();

    recordUndoEntry(100, entry(1));
    for (let attempt = 2; attempt <= UNDO_DEPTH + 5; attempt += 1) recordUndoEntry(100, entry(attempt));
    let taken = 0;
    while (takeLastUndoEntry(100)) taken += 1;
    expect(taken).toBe(UNDO_DEPTH);

    recordUndoEntry(101, entry(1));
    vi.advanceTimersByTime(UNDO_MAX_AGE_MS + 1);
    recordUndoEntry(101, entry(2));
    expect(takeLastUndoEntry(101)?.after).toEqual(marks(2));
    expect(takeLastUndoEntry(101)).toBeNull();
  });

  it('forgets a round that can no longer change, and survives an unreadable copy', () => {
    recordUndoEntry(55, entry(1));
    recordOwnWrite(55, 0, marks(1), 4);
    forgetUndoRound(55);
    expect(takeLastUndoEntry(55)).toBeNull();
    expect(ownWriteOf(55, 0)).toBeNull();
    window.localStorage.setItem(UNDO_STORAGE_KEY, '{not json');
    expect(takeLastUndoEntry(55)).toBeNull();
    recordUndoEntry(55, entry(1));
    expect(takeLastUndoEntry(55)?.after).toEqual(marks(1));
  });

  it('forgets the entries of a boulder whose value the judge gave up for another judge’s', () => {
    recordUndoEntry(55, entry(1));
    recordUndoEntry(55, { ...entry(1), boulderIndex: 2 });
    recordUndoEntry(55, entry(2));
    forgetUndoBoulder(55, 0);
    expect(takeLastUndoEntry(55)?.boulderIndex).toBe(2);
    expect(takeLastUndoEntry(55)).toBeNull();
  });

  it('lasts as long as the page when local storage refuses it', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      recordUndoEntry(55, entry(1));
      recordUndoEntry(55, entry(2));
      expect(takeLastUndoEntry(55)?.after).toEqual(marks(2));
    } finally {
      setItem.mockRestore();
    }
    // Once storage works again, the page's copy goes there.
    recordUndoEntry(55, entry(3));
    expect(JSON.parse(window.localStorage.getItem(UNDO_STORAGE_KEY) ?? '{}')['55'].entries).toHaveLength(2);
    forgetUndoRound(55);
  });
});
