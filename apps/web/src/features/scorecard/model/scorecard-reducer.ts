/**
 * The judge's scorecard of one bouldering round as a pure state machine: the marks the judge
 * enters (attempt, zone, top, undo), the round as the server last confirmed it, and what still
 * has to be saved. The page feeds it events; `pendingBoulders` says what to send next.
 */

export interface BoulderMarks {
  /** Null until the server created the boulder's row; the save then addresses it by index. */
  id: number | null;
  boulderIndex: number;
  topAttempts: number | null;
  zoneAttempts: number | null;
  /** Attempts started on this boulder so far. */
  currentAttempt: number;
}

export type RoundState = 'READY' | 'STARTED' | 'CLOSED';

/** The part of the server's round view that the scorecard needs. */
export interface RoundSnapshot {
  id: number;
  racerId: number;
  state: RoundState;
  version: number;
  boulders: readonly BoulderMarks[];
}

export type MarkAction = 'ATTEMPT' | 'ZONE' | 'TOP';

/** Why the card shows a notice: a save went through, a stale write, or a refused one. */
export type ScorecardNotice =
  | { kind: 'saved' }
  | { kind: 'conflict' }
  | { kind: 'refused'; code: string }
  | { kind: 'failed'; code: string };

interface HistoryEntry {
  boulderIndex: number;
  before: BoulderMarks;
}

export interface ScorecardState {
  /** The round as the server last answered it. */
  server: RoundSnapshot;
  /** What the judge sees: the server's boulders with the marks not yet confirmed. */
  boulders: BoulderMarks[];
  /** Previous values of each change on this card, newest last (undo pops it). */
  history: HistoryEntry[];
  saving: boolean;
  notice: ScorecardNotice | null;
}

export type ScorecardEvent =
  | { type: 'MARK'; boulderIndex: number; action: MarkAction }
  | { type: 'UNDO' }
  | { type: 'SAVE_STARTED' }
  | { type: 'SAVE_SUCCEEDED'; round: RoundSnapshot }
  | { type: 'SAVE_CONFLICT'; current: RoundSnapshot }
  | { type: 'SAVE_REFUSED'; code: string }
  | { type: 'SAVE_FAILED'; code: string }
  | { type: 'LOAD'; round: RoundSnapshot }
  | { type: 'DISMISS_NOTICE' };

const copyBoulders = (boulders: readonly BoulderMarks[]): BoulderMarks[] => boulders.map((boulder) => ({ ...boulder }));

export const initialScorecard = (round: RoundSnapshot): ScorecardState => ({
  server: round,
  boulders: copyBoulders(round.boulders),
  history: [],
  saving: false,
  notice: null,
});

const topped = (boulder: BoulderMarks): boolean => boulder.topAttempts !== null;

/**
 * One mark on one boulder. A zone or a top is reached on the attempt in progress (the first one if
 * none was counted yet); a top brings the zone with it when the zone was not marked. Nothing
 * changes after the top, and a second zone is ignored: the first one is what counts.
 */
export const applyMark = (boulder: BoulderMarks, action: MarkAction): BoulderMarks => {
  if (topped(boulder)) return boulder;
  const attempt = Math.max(boulder.currentAttempt, 1);
  switch (action) {
    case 'ATTEMPT':
      return { ...boulder, currentAttempt: boulder.currentAttempt + 1 };
    case 'ZONE':
      if (boulder.zoneAttempts !== null) return boulder;
      return { ...boulder, currentAttempt: attempt, zoneAttempts: attempt };
    case 'TOP':
      return { ...boulder, currentAttempt: attempt, topAttempts: attempt, zoneAttempts: boulder.zoneAttempts ?? attempt };
  }
};

/** Whether the judge can still mark anything: a closed round refuses edits. */
export const isEditable = (state: ScorecardState): boolean => state.server.state !== 'CLOSED';

const sameMarks = (a: BoulderMarks, b: BoulderMarks | undefined): boolean =>
  b !== undefined && a.topAttempts === b.topAttempts && a.zoneAttempts === b.zoneAttempts && a.currentAttempt === b.currentAttempt;

export const scorecardReducer = (state: ScorecardState, event: ScorecardEvent): ScorecardState => {
  switch (event.type) {
    case 'MARK': {
      const boulder = state.boulders[event.boulderIndex];
      if (boulder === undefined || !isEditable(state)) return state;
      const next = applyMark(boulder, event.action);
      if (next === boulder) return state;
      const boulders = state.boulders.map((item, index) => (index === event.boulderIndex ? next : item));
      return { ...state, boulders, history: [...state.history, { boulderIndex: event.boulderIndex, before: boulder }], notice: null };
    }
    case 'UNDO': {
      const last = state.history.at(-1);
      if (last === undefined || !isEditable(state)) return state;
      const boulders = state.boulders.map((item, index) => (index === last.boulderIndex ? { ...last.before, id: item.id } : item));
      return { ...state, boulders, history: state.history.slice(0, -1), notice: null };
    }
    case 'SAVE_STARTED':
      return { ...state, saving: true };
    case 'SAVE_SUCCEEDED': {
      // Marks made while the save was on its way stay on screen; they differ from the new
      // server state, so they are sent next. Ids the server created are taken over.
      const boulders = state.boulders.map((boulder, index) => ({ ...boulder, id: event.round.boulders[index]?.id ?? boulder.id }));
      const settled = boulders.every((boulder, index) => sameMarks(boulder, event.round.boulders[index]));
      return { ...state, server: event.round, boulders, saving: false, notice: settled ? { kind: 'saved' } : state.notice };
    }
    case 'SAVE_CONFLICT':
      // Somebody else wrote this round: their value wins and is shown; undo would undo theirs.
      return { server: event.current, boulders: copyBoulders(event.current.boulders), history: [], saving: false, notice: { kind: 'conflict' } };
    case 'SAVE_REFUSED':
      // ROUND_CLOSED / STAGE_CLOSED: the unsaved marks can never be stored, so they go away.
      return {
        ...state,
        server: { ...state.server, state: event.code === 'ROUND_CLOSED' ? 'CLOSED' : state.server.state },
        boulders: copyBoulders(state.server.boulders),
        history: [],
        saving: false,
        notice: { kind: 'refused', code: event.code },
      };
    case 'SAVE_FAILED':
      // Network or server trouble: the marks stay and the judge can retry.
      return { ...state, saving: false, notice: { kind: 'failed', code: event.code } };
    case 'LOAD':
      return initialScorecard(event.round);
    case 'DISMISS_NOTICE':
      return { ...state, notice: null };
  }
};

/** The boulders whose marks differ from the server's, ready for PUT /api/racer/{id}/round/{id}. */
export const pendingBoulders = (state: ScorecardState): BoulderMarks[] =>
  state.boulders.filter((boulder, index) => !sameMarks(boulder, state.server.boulders[index]));

/** True when there is something to send and no save is on its way. */
export const shouldSave = (state: ScorecardState): boolean =>
  !state.saving && isEditable(state) && state.notice?.kind !== 'failed' && pendingBoulders(state).length > 0;

/**
 * Keyboard shortcuts of the scorecard (spec 5: top is T, t or the slash). Attempt: A, + or
 * space; zone: Z; undo: U or Backspace. Returns null for any other key.
 */
export const eventForKey = (key: string, boulderIndex: number): ScorecardEvent | null => {
  switch (key) {
    case 'T':
    case 't':
    case '/':
      return { type: 'MARK', boulderIndex, action: 'TOP' };
    case 'Z':
    case 'z':
      return { type: 'MARK', boulderIndex, action: 'ZONE' };
    case 'A':
    case 'a':
    case '+':
    case ' ':
      return { type: 'MARK', boulderIndex, action: 'ATTEMPT' };
    case 'U':
    case 'u':
    case 'Backspace':
      return { type: 'UNDO' };
    default:
      return null;
  }
};
