import type { BoulderValue } from '@climbing/domain';
import { useMemo, useSyncExternalStore } from 'react';
import type { Principal } from '../api/judge-login';
import { sameBoulderValue } from '../model/boulder-marks';

/*
 * What Undo needs, kept on the device (local storage, written at once) so that a reload or a tab
 * the phone killed does not take it away: per round, the judge's entries on this device newest
 * last (the value before and after each), the value and version of the device's newest stored
 * write of each boulder, and which queue entries were undos (a conflict says so in words).
 *
 * An undo is based on the version the judge's own value was stored at, so the server refuses it
 * (409 VERSION_CONFLICT, shown side by side) when somebody else changed the boulder since: undo
 * never takes back a later change of another judge without the judge seeing it.
 *
 * Kept per login (`UndoOwner`: the judge account or the user), not only per device: a phone passed
 * to another judge, who logs in on it, has nothing to undo; the first judge's entries are there
 * again when they log back in. Without a known login nothing is recorded or offered.
 *
 * Bounded: UNDO_DEPTH entries per round, UNDO_ROUNDS rounds (the least recently used go first,
 * every login's together), nothing older than UNDO_MAX_AGE_MS; a round's journal is dropped, for
 * every login, when the round is closed.
 */

export const UNDO_STORAGE_KEY = 'scorecardUndo';
/** How many entries of one round can be undone. */
export const UNDO_DEPTH = 20;
/** How many rounds keep their entries (a judge scores one racer after another). */
export const UNDO_ROUNDS = 30;
/** Entries older than this are no longer offered (a competition day). */
export const UNDO_MAX_AGE_MS = 12 * 3_600_000;
/** How many undo entries of one round are remembered as such. */
const UNDO_OPERATIONS = 10;

export interface UndoEntry {
  boulderIndex: number;
  /** The boulder's value before the entry: what undo puts back. */
  before: BoulderValue;
  /** The value the entry set. */
  after: BoulderValue;
  /** The boulder's version the entry was based on. */
  base: number | null;
  /** When it was made (device clock, ms). */
  at: number;
}

/** The device's newest stored write of one boulder. */
export interface OwnWrite {
  value: BoulderValue;
  version: number;
}

interface RoundJournal {
  usedAt: number;
  entries: UndoEntry[];
  own: Record<string, OwnWrite>;
  undoOperations: string[];
  /** Per boulder, the newest version of somebody else's change that the judge has seen (`changesAfterOwnWrites`). */
  seen?: Record<string, number>;
}

/** Whose entries: `judge:<judge account id>` or `user:<user id>`; null while nobody is known. */
export type UndoOwner = string | null;

/** The owner of the entries made under this login. */
export const undoOwnerOf = (principal: Principal | null | undefined): UndoOwner => {
  if (principal?.kind === 'JUDGE_ACCOUNT' && principal.judgeAccountId !== null) return `judge:${principal.judgeAccountId}`;
  if (principal?.kind === 'USER' && principal.userId !== null) return `user:${principal.userId}`;
  return null;
};

/** The journal's key of one owner's round. */
export const undoJournalKey = (owner: string, roundId: number): string => `${owner}|${roundId}`;
const roundOfKey = (key: string): string => key.slice(key.lastIndexOf('|') + 1);

/** Per owner and round (`undoJournalKey`). */
type Journal = Record<string, RoundJournal>;

const listeners = new Set<() => void>();
/** Used only while local storage refuses the journal (private mode, a full disk): it then lasts as long as the page. */
let memoryCopy: Journal | null = null;

const readRaw = (): string | null => {
  try {
    return window.localStorage.getItem(UNDO_STORAGE_KEY);
  } catch {
    return null;
  }
};

const isRoundJournal = (value: unknown): value is RoundJournal =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RoundJournal).usedAt === 'number' &&
  Array.isArray((value as RoundJournal).entries) &&
  typeof (value as RoundJournal).own === 'object' &&
  Array.isArray((value as RoundJournal).undoOperations);

/** The journal as stored, without what is too old or unreadable. */
const parse = (raw: string | null, now = Date.now()): Journal => {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const journal: Journal = {};
  for (const [roundId, round] of Object.entries(parsed)) {
    if (!isRoundJournal(round) || now - round.usedAt > UNDO_MAX_AGE_MS) continue;
    journal[roundId] = { ...round, entries: round.entries.filter((entry) => now - entry.at <= UNDO_MAX_AGE_MS) };
  }
  return journal;
};

const write = (journal: Journal): void => {
  const rounds = Object.entries(journal)
    .sort(([, a], [, b]) => b.usedAt - a.usedAt)
    .slice(0, UNDO_ROUNDS);
  try {
    if (rounds.length === 0) window.localStorage.removeItem(UNDO_STORAGE_KEY);
    else window.localStorage.setItem(UNDO_STORAGE_KEY, JSON.stringify(Object.fromEntries(rounds)));
    memoryCopy = null;
  } catch {
    memoryCopy = Object.fromEntries(rounds);
  }
  for (const listener of listeners) listener();
};

const read = (): Journal => memoryCopy ?? parse(readRaw());

const roundJournal = (owner: UndoOwner, roundId: number): RoundJournal | undefined => (owner === null ? undefined : read()[undoJournalKey(owner, roundId)]);

const change = (owner: UndoOwner, roundId: number, update: (round: RoundJournal) => RoundJournal): void => {
  if (owner === null) return;
  const journal = read();
  const key = undoJournalKey(owner, roundId);
  const round = journal[key] ?? { usedAt: Date.now(), entries: [], own: {}, undoOperations: [] };
  write({ ...journal, [key]: { ...update(round), usedAt: Date.now() } });
};

/** A tap or a correction the judge made on this device. */
export function recordUndoEntry(owner: UndoOwner, roundId: number, entry: UndoEntry): void {
  change(owner, roundId, (round) => ({ ...round, entries: [...round.entries, entry].slice(-UNDO_DEPTH) }));
}

/** Takes the newest entry off the round's journal (each undo its own, however quick), or null. */
export function takeLastUndoEntry(owner: UndoOwner, roundId: number): UndoEntry | null {
  const last = roundJournal(owner, roundId)?.entries.at(-1);
  if (!last) return null;
  change(owner, roundId, (round) => ({ ...round, entries: round.entries.slice(0, -1) }));
  return last;
}

/** The server stored a write of this device: undo of the value it set is based on this version. */
export function recordOwnWrite(owner: UndoOwner, roundId: number, boulderIndex: number, value: BoulderValue, version: number): void {
  const held = roundJournal(owner, roundId)?.own[boulderIndex];
  if (held && held.version > version) return;
  change(owner, roundId, (round) => ({ ...round, own: { ...round.own, [boulderIndex]: { value, version } } }));
}

export const ownWriteOf = (owner: UndoOwner, roundId: number, boulderIndex: number): OwnWrite | null => roundJournal(owner, roundId)?.own[boulderIndex] ?? null;

/** Remembers that this queue entry is an undo, so a conflict on it says so. */
export function markUndoOperation(owner: UndoOwner, roundId: number, operationId: string): void {
  change(owner, roundId, (round) => ({ ...round, undoOperations: [...round.undoOperations.filter((id) => id !== operationId), operationId].slice(-UNDO_OPERATIONS) }));
}

/**
 * The judge took another judge's value of this boulder over theirs: the entries made on the value
 * it replaced are no longer theirs to take back.
 */
export function forgetUndoBoulder(owner: UndoOwner, roundId: number, boulderIndex: number): void {
  const round = roundJournal(owner, roundId);
  if (!round?.entries.some((entry) => entry.boulderIndex === boulderIndex)) return;
  change(owner, roundId, (held) => ({ ...held, entries: held.entries.filter((entry) => entry.boulderIndex !== boulderIndex) }));
}

/** The round cannot be changed any more (closed): nothing of it can be undone, by anybody. */
export function forgetUndoRound(roundId: number): void {
  const journal = read();
  const keys = Object.keys(journal).filter((key) => roundOfKey(key) === String(roundId));
  if (keys.length === 0) return;
  for (const key of keys) delete journal[key];
  write(journal);
}

/**
 * A boulder whose value this login's newest stored write set and that somebody else changed since
 * (another judge keeping their value in a conflict, a head judge's correction): the judge is told,
 * since the scorecard otherwise just shows the new value.
 */
export interface ChangeAfterOwnWrite {
  roundId: number;
  boulderIndex: number;
  /** The value the judge's write stored. */
  own: BoulderValue;
  /** The value stored now, and its version. */
  now: BoulderValue;
  version: number;
}

/**
 * The boulders of these rounds (as stored now) changed by somebody else after the owner's newest
 * write of them, not yet seen. `waiting(roundId, boulderIndex)`: the device still holds an entry
 * of that boulder (queued or in conflict), which the queue shows and settles itself.
 */
export function changesAfterOwnWrites(
  owner: UndoOwner,
  rounds: readonly { id: number; boulders: readonly (BoulderValue & { boulderIndex: number; version: number })[] }[],
  waiting: (roundId: number, boulderIndex: number) => boolean,
  journal: Journal = read(),
): ChangeAfterOwnWrite[] {
  if (owner === null) return [];
  const changes: ChangeAfterOwnWrite[] = [];
  for (const round of rounds) {
    const held = journal[undoJournalKey(owner, round.id)];
    if (!held) continue;
    for (const boulder of round.boulders) {
      const own = held.own[boulder.boulderIndex];
      if (!own || boulder.version <= own.version || boulder.version <= (held.seen?.[boulder.boulderIndex] ?? 0)) continue;
      const now = { topAttempts: boulder.topAttempts, zoneAttempts: boulder.zoneAttempts, currentAttempt: boulder.currentAttempt };
      if (sameBoulderValue(now, own.value) || waiting(round.id, boulder.boulderIndex)) continue;
      changes.push({ roundId: round.id, boulderIndex: boulder.boulderIndex, own: own.value, now, version: boulder.version });
    }
  }
  return changes;
}

/** The judge has seen the change of this boulder up to `version` (a later change is told again). */
export function acknowledgeChange(owner: UndoOwner, roundId: number, boulderIndex: number, version: number): void {
  if ((roundJournal(owner, roundId)?.seen?.[boulderIndex] ?? 0) >= version) return;
  change(owner, roundId, (round) => ({ ...round, seen: { ...round.seen, [boulderIndex]: version } }));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === UNDO_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

/** A string that changes whenever the journal does (useSyncExternalStore compares snapshots). */
const snapshot = (): string => (memoryCopy ? JSON.stringify(memoryCopy) : (readRaw() ?? ''));

/** `changesAfterOwnWrites`, following every change of the journal (in other tabs too). */
export function useChangesAfterOwnWrites(
  owner: UndoOwner,
  rounds: Parameters<typeof changesAfterOwnWrites>[1],
  waiting: Parameters<typeof changesAfterOwnWrites>[2],
): ChangeAfterOwnWrite[] {
  const raw = useSyncExternalStore(subscribe, snapshot, () => '');
  return useMemo(() => changesAfterOwnWrites(owner, rounds, waiting, memoryCopy ?? parse(raw || null)), [raw, owner, rounds, waiting]);
}

/** How many entries of the owner's round can be undone, and which queue entries were undos; follows every change, in other tabs too. */
export function useUndoJournal(owner: UndoOwner, roundId: number): { entries: number; isUndo: (operationId: string) => boolean } {
  const raw = useSyncExternalStore(subscribe, snapshot, () => '');
  return useMemo(() => {
    const round = owner === null ? undefined : (memoryCopy ?? parse(raw || null))[undoJournalKey(owner, roundId)];
    const undos = new Set(round?.undoOperations ?? []);
    return { entries: round?.entries.length ?? 0, isUndo: (operationId: string) => undos.has(operationId) };
  }, [raw, owner, roundId]);
}
