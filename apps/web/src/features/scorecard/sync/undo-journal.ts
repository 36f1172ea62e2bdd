import type { BoulderValue, OperationValue, ScoreOperation } from '@climbing/domain';
import { useMemo, useSyncExternalStore } from 'react';
import type { Principal } from '../api/judge-login';

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

/** The device's newest stored write of one boulder (lead route, speed run, speed match). */
export interface OwnWrite<Value extends OperationValue = BoulderValue> {
  value: Value;
  version: number;
}

interface RoundJournal {
  usedAt: number;
  entries: UndoEntry[];
  /** Per entry (`JournalPlace.target`), this login's newest stored write of it. */
  own: Record<string, OwnWrite<OperationValue>>;
  undoOperations: string[];
  /** Per entry, the newest version of somebody else's change that the judge has seen (`changesAfterOwnWrites`). */
  seen?: Record<string, number>;
}

/**
 * Where an entry's own write is kept: the journal's round (a round id; a speed match, which writes
 * two racers' rounds, is a round of its own, `match:<id>`) and the entry in it: a boulder's index
 * (as kept before lead and speed were), `route:<id>`, `run:<id>`, or `match`.
 */
export interface JournalPlace {
  scope: number | `match:${number}`;
  target: string;
}

/** The journal's place of what a queue entry writes. */
export const journalPlaceOf = (op: ScoreOperation): JournalPlace => {
  switch (op.kind) {
    case 'BOULDER':
      return { scope: op.roundId, target: String(op.boulderIndex) };
    case 'LEAD_ROUTE':
      return { scope: op.roundId, target: `route:${op.routeId}` };
    case 'SPEED_RUN':
      return { scope: op.roundId, target: `run:${op.runId}` };
    case 'SPEED_MATCH':
      return { scope: `match:${op.matchId}`, target: 'match' };
  }
};

/** Whose entries: `judge:<judge account id>` or `user:<user id>`; null while nobody is known. */
export type UndoOwner = string | null;

/** The owner of the entries made under this login. */
export const undoOwnerOf = (principal: Principal | null | undefined): UndoOwner => {
  if (principal?.kind === 'JUDGE_ACCOUNT' && principal.judgeAccountId !== null) return `judge:${principal.judgeAccountId}`;
  if (principal?.kind === 'USER' && principal.userId !== null) return `user:${principal.userId}`;
  return null;
};

/** The journal's key of one owner's round. */
export const undoJournalKey = (owner: string, roundId: JournalPlace['scope']): string => `${owner}|${roundId}`;
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

const roundJournal = (owner: UndoOwner, roundId: JournalPlace['scope']): RoundJournal | undefined => (owner === null ? undefined : read()[undoJournalKey(owner, roundId)]);

const change = (owner: UndoOwner, roundId: JournalPlace['scope'], update: (round: RoundJournal) => RoundJournal): void => {
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

/**
 * The server stored a write of this device (a boulder, lead route, speed run or match): undo of a
 * boulder's value is based on this version, and a later change by somebody else is told.
 */
export function recordOwnWrite(owner: UndoOwner, { scope, target }: JournalPlace, value: OperationValue, version: number): void {
  const held = roundJournal(owner, scope)?.own[target];
  if (held && held.version > version) return;
  change(owner, scope, (round) => ({ ...round, own: { ...round.own, [target]: { value, version } } }));
}

const isBoulderValue = (value: OperationValue): value is BoulderValue => 'currentAttempt' in value;

export const ownWriteOf = (owner: UndoOwner, roundId: number, boulderIndex: number): OwnWrite | null => {
  const own = roundJournal(owner, roundId)?.own[boulderIndex];
  return own && isBoulderValue(own.value) ? { value: own.value, version: own.version } : null;
};

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

/** An entry as stored now (the round's or the match's current values), where the journal keeps it. */
export interface StoredEntry<Value extends OperationValue = OperationValue> extends JournalPlace {
  /** The value's own fields only. */
  value: Value;
  version: number;
}

/**
 * An entry whose value this login's newest stored write set and that somebody else changed since
 * (another judge keeping their value in a conflict, a head judge's correction): the judge is told,
 * since the scorecard otherwise just shows the new value.
 */
export interface ChangeAfterOwnWrite<Entry extends StoredEntry = StoredEntry> {
  /** The entry as stored now: its value and version. */
  entry: Entry;
  /** The value the judge's write stored. */
  own: OperationValue;
}

/**
 * The same value, field by field of `stored` (a speed match's two runs too): a value the journal
 * kept with more fields (a boulder's before lead and speed were kept) compares by the value's own.
 */
export const sameEntryValue = (stored: OperationValue, own: OperationValue): boolean => {
  const same = (x: unknown, y: unknown): boolean => {
    if (typeof x !== 'object' || x === null || typeof y !== 'object' || y === null) return x === y;
    return Object.keys(x).every((key) => same((x as Record<string, unknown>)[key], (y as Record<string, unknown>)[key]));
  };
  return same(stored, own);
};

/**
 * The entries (as stored now) changed by somebody else after the owner's newest write of them,
 * not yet seen. `waiting(place)`: the device still holds an entry of it (queued or in conflict),
 * which the queue shows and settles itself.
 */
export function changesAfterOwnWrites<Entry extends StoredEntry>(
  owner: UndoOwner,
  stored: readonly Entry[],
  waiting: (place: JournalPlace) => boolean,
  journal: Journal = read(),
): ChangeAfterOwnWrite<Entry>[] {
  if (owner === null) return [];
  const changes: ChangeAfterOwnWrite<Entry>[] = [];
  for (const entry of stored) {
    const held = journal[undoJournalKey(owner, entry.scope)];
    const own = held?.own[entry.target];
    if (!own || entry.version <= own.version || entry.version <= (held.seen?.[entry.target] ?? 0)) continue;
    if (sameEntryValue(entry.value, own.value) || waiting(entry)) continue;
    changes.push({ entry, own: own.value });
  }
  return changes;
}

/** The judge has seen the change of this entry up to `version` (a later change is told again). */
export function acknowledgeChange(owner: UndoOwner, { scope, target }: JournalPlace, version: number): void {
  if ((roundJournal(owner, scope)?.seen?.[target] ?? 0) >= version) return;
  change(owner, scope, (round) => ({ ...round, seen: { ...round.seen, [target]: version } }));
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
export function useChangesAfterOwnWrites<Entry extends StoredEntry>(owner: UndoOwner, stored: readonly Entry[], waiting: (place: JournalPlace) => boolean): ChangeAfterOwnWrite<Entry>[] {
  const raw = useSyncExternalStore(subscribe, snapshot, () => '');
  return useMemo(() => changesAfterOwnWrites(owner, stored, waiting, memoryCopy ?? parse(raw || null)), [raw, owner, stored, waiting]);
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
