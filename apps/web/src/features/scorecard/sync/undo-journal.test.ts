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
  journalPlaceOf,
  markUndoOperation,
  ownWriteOf,
  recordOwnWrite,
  recordUndoEntry,
  takeLastUndoEntry,
  undoJournalKey,
  undoOwnerOf,
  type UndoEntry,
} from './undo-journal';

/** The journal's place of a round's boulder. */
const boulderAt = (scope: number, boulderIndex: number) => ({ scope, target: String(boulderIndex) });
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
    recordOwnWrite(JUDGE, boulderAt(55, 0), marks(2), 6);
    recordOwnWrite(JUDGE, boulderAt(55, 0), marks(1), 5);
    recordOwnWrite(JUDGE, boulderAt(55, 1), marks(1), 7);
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
    recordOwnWrite(JUDGE, boulderAt(55, 0), marks(1), 4);
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
    recordOwnWrite(first, boulderAt(60, 0), marks(1), 3);
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
    const stored = (scope: number, boulderIndex: number, currentAttempt: number, version: number) => ({ ...boulderAt(scope, boulderIndex), value: marks(currentAttempt), version });
    const nothingWaits = () => false;
    recordOwnWrite(JUDGE, boulderAt(70, 0), marks(2), 4);
    recordOwnWrite(JUDGE, boulderAt(70, 1), marks(1), 5);
    // Boulder 1 as the judge left it; boulder 2 changed by another judge at version 6; a round without own writes.
    const entries = [stored(70, 0, 2, 4), stored(70, 1, 3, 6), stored(71, 0, 5, 9)];
    expect(changesAfterOwnWrites(JUDGE, entries, nothingWaits)).toEqual([{ entry: entries[1], own: marks(1) }]);
    // Another login on the phone, or nobody: nothing of this judge's is told.
    expect(changesAfterOwnWrites('judge:2', entries, nothingWaits)).toEqual([]);
    expect(changesAfterOwnWrites(null, entries, nothingWaits)).toEqual([]);
    // An entry of that boulder still on the device: the queue settles it, nothing told meanwhile.
    expect(changesAfterOwnWrites(JUDGE, entries, ({ scope, target }) => scope === 70 && target === '1')).toEqual([]);
    // A write kept with more fields than the value's own (before lead and speed were kept) compares by the value's own.
    recordOwnWrite(JUDGE, boulderAt(72, 0), { ...marks(2), boulderIndex: 0, version: 3 } as ReturnType<typeof marks>, 3);
    expect(changesAfterOwnWrites(JUDGE, [stored(72, 0, 2, 5)], nothingWaits)).toEqual([]);
    // A later change back to the judge's own value is no change of it.
    expect(changesAfterOwnWrites(JUDGE, [stored(70, 0, 2, 4), stored(70, 1, 1, 7)], nothingWaits)).toEqual([]);

    // Seen: not told again, until somebody changes it once more.
    acknowledgeChange(JUDGE, boulderAt(70, 1), 6);
    expect(changesAfterOwnWrites(JUDGE, entries, nothingWaits)).toEqual([]);
    const again = stored(70, 1, 4, 8);
    expect(changesAfterOwnWrites(JUDGE, [stored(70, 0, 2, 4), again], nothingWaits)).toEqual([{ entry: again, own: marks(1) }]);
    // The judge enters the boulder again: their newer write is the one compared.
    recordOwnWrite(JUDGE, boulderAt(70, 1), marks(4), 9);
    expect(changesAfterOwnWrites(JUDGE, [stored(70, 0, 2, 4), stored(70, 1, 4, 9)], nothingWaits)).toEqual([]);
  });

  it("tells of a lead route somebody else changed after the judge's own write: changed, unchanged, seen, changed again", () => {
    const route = (hold: number | null, plus: boolean, time: number | null = null) => ({ hold, plus, top: false, time });
    const place = { scope: 80, target: 'route:501' };
    const stored = (value: ReturnType<typeof route>, version: number) => ({ ...place, value, version });
    const nothingWaits = () => false;
    // Judge A's "38+" was stored at version 3.
    recordOwnWrite(JUDGE, place, route(38, true), 3);
    // Unchanged: as stored by the judge, or a later write of the same value (another field of the round changed the version).
    expect(changesAfterOwnWrites(JUDGE, [stored(route(38, true), 3)], nothingWaits)).toEqual([]);
    expect(changesAfterOwnWrites(JUDGE, [stored(route(38, true), 5)], nothingWaits)).toEqual([]);
    // Judge B overwrote it with "40": told, in lead values.
    const overwritten = stored(route(40, false), 6);
    expect(changesAfterOwnWrites(JUDGE, [overwritten], nothingWaits)).toEqual([{ entry: overwritten, own: route(38, true) }]);
    // Only the time differs: a change too.
    const timed = stored(route(38, true, 83_250), 6);
    expect(changesAfterOwnWrites(JUDGE, [timed], nothingWaits)).toEqual([{ entry: timed, own: route(38, true) }]);
    // While the device still holds an entry of that route, nothing is told.
    expect(changesAfterOwnWrites(JUDGE, [overwritten], (each) => each.scope === 80 && each.target === 'route:501')).toEqual([]);
    // OK: seen, after a reload of the journal too; a later change is told again.
    acknowledgeChange(JUDGE, place, 6);
    expect(changesAfterOwnWrites(JUDGE, [overwritten], nothingWaits)).toEqual([]);
    const later = stored(route(41, true), 7);
    expect(changesAfterOwnWrites(JUDGE, [later], nothingWaits)).toEqual([{ entry: later, own: route(38, true) }]);
    // A boulder of the same number in another round is another entry: the route's write is not one of it.
    expect(changesAfterOwnWrites(JUDGE, [{ scope: 80, target: '501', value: marks(1), version: 9 }], nothingWaits)).toEqual([]);
    expect(ownWriteOf(JUDGE, 80, 501)).toBeNull();
  });

  it("tells of a speed run or match somebody else changed after the judge's own write: changed, unchanged, seen, changed again", () => {
    const run = (time: number | null, fall = false, falseStart = false) => ({ time, fall, falseStart });
    const lane = { scope: 90, target: 'run:7' };
    const nothingWaits = () => false;
    recordOwnWrite(JUDGE, lane, run(6_850), 2);
    expect(changesAfterOwnWrites(JUDGE, [{ ...lane, value: run(6_850), version: 2 }], nothingWaits)).toEqual([]);
    // Another judge: a fall with the same time is another value.
    const fell = { ...lane, value: run(6_850, true), version: 4 };
    expect(changesAfterOwnWrites(JUDGE, [fell], nothingWaits)).toEqual([{ entry: fell, own: run(6_850) }]);
    acknowledgeChange(JUDGE, lane, 4);
    expect(changesAfterOwnWrites(JUDGE, [fell], nothingWaits)).toEqual([]);
    const falseStart = { ...lane, value: run(null, false, true), version: 5 };
    expect(changesAfterOwnWrites(JUDGE, [falseStart], nothingWaits)).toEqual([{ entry: falseStart, own: run(6_850) }]);

    // A final match: both lanes in one entry, kept apart from rounds.
    const match = { scope: 'match:12' as const, target: 'match' };
    recordOwnWrite(JUDGE, match, { racerA: run(6_100), racerB: run(7_200) }, 3);
    expect(changesAfterOwnWrites(JUDGE, [{ ...match, value: { racerA: run(6_100), racerB: run(7_200) }, version: 3 }], nothingWaits)).toEqual([]);
    const corrected = { ...match, value: { racerA: run(6_100), racerB: run(7_020) }, version: 6 };
    expect(changesAfterOwnWrites(JUDGE, [corrected], nothingWaits)).toEqual([{ entry: corrected, own: { racerA: run(6_100), racerB: run(7_200) } }]);
    acknowledgeChange(JUDGE, match, 6);
    expect(changesAfterOwnWrites(JUDGE, [corrected], nothingWaits)).toEqual([]);
    // Closing round 12 is not closing match 12.
    forgetUndoRound(12);
    const again = { ...corrected, value: { racerA: run(null, true), racerB: run(7_020) }, version: 8 };
    expect(changesAfterOwnWrites(JUDGE, [again], nothingWaits)).toEqual([{ entry: again, own: { racerA: run(6_100), racerB: run(7_200) } }]);
  });

  it('names the journal place of every kind of queue entry', () => {
    const common = { id: 'op', seq: 1, raceId: 1, stage: 'QUALIFICATION' as const, createdAt: '', deviceId: 'd', baseVersion: null, status: 'PENDING' as const, conflictVersion: null, refusedCode: null };
    const run = { time: 6_850, fall: false, falseStart: false };
    expect(journalPlaceOf({ ...common, kind: 'BOULDER', racerId: 1, roundId: 5, boulderIndex: 2, value: marks(1), theirs: null })).toEqual({ scope: 5, target: '2' });
    expect(journalPlaceOf({ ...common, kind: 'LEAD_ROUTE', racerId: 1, roundId: 5, routeId: 9, value: { hold: 3, plus: false, top: false, time: null }, theirs: null })).toEqual({ scope: 5, target: 'route:9' });
    expect(journalPlaceOf({ ...common, kind: 'SPEED_RUN', racerId: 1, roundId: 5, runId: 4, value: run, theirs: null })).toEqual({ scope: 5, target: 'run:4' });
    expect(journalPlaceOf({ ...common, kind: 'SPEED_MATCH', matchId: 3, value: { racerA: run, racerB: run }, theirs: null })).toEqual({ scope: 'match:3', target: 'match' });
  });
});
