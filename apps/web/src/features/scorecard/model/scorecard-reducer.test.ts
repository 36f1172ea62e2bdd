import { describe, expect, it } from 'vitest';
import { formatBoulderMarks } from '../../../lib/format-boulder-marks';
import {
  applyMark,
  eventForKey,
  initialScorecard,
  pendingBoulders,
  scorecardReducer,
  shouldSave,
  type BoulderMarks,
  type RoundSnapshot,
  type ScorecardEvent,
  type ScorecardState,
} from './scorecard-reducer';

const boulder = (overrides: Partial<BoulderMarks> = {}): BoulderMarks => ({
  id: null,
  boulderIndex: 0,
  topAttempts: null,
  zoneAttempts: null,
  currentAttempt: 0,
  ...overrides,
});

const buildRound = (overrides: Partial<RoundSnapshot> = {}): RoundSnapshot => ({
  id: 11,
  racerId: 5,
  state: 'READY',
  version: 0,
  boulders: [boulder({ id: 1, boulderIndex: 0 }), boulder({ id: 2, boulderIndex: 1 })],
  ...overrides,
});

const run = (events: ScorecardEvent[], round = buildRound()): ScorecardState => events.reduce(scorecardReducer, initialScorecard(round));
const mark = (action: 'ATTEMPT' | 'ZONE' | 'TOP', boulderIndex = 0): ScorecardEvent => ({ type: 'MARK', boulderIndex, action });
const marks = (state: ScorecardState, index = 0) => {
  const { topAttempts, zoneAttempts, currentAttempt } = state.boulders[index] ?? boulder();
  return { topAttempts, zoneAttempts, currentAttempt };
};

describe('applyMark', () => {
  it('counts attempts one by one', () => {
    expect(applyMark(applyMark(boulder(), 'ATTEMPT'), 'ATTEMPT').currentAttempt).toBe(2);
  });

  it('puts the zone on the attempt in progress', () => {
    expect(applyMark(boulder({ currentAttempt: 3 }), 'ZONE')).toMatchObject({ zoneAttempts: 3, topAttempts: null, currentAttempt: 3 });
  });

  it('counts a zone or top before any attempt as the first attempt', () => {
    expect(applyMark(boulder(), 'ZONE')).toMatchObject({ zoneAttempts: 1, currentAttempt: 1 });
    expect(applyMark(boulder(), 'TOP')).toMatchObject({ topAttempts: 1, zoneAttempts: 1, currentAttempt: 1 });
  });

  it('gives the top its zone when none was marked, and keeps an earlier zone', () => {
    expect(applyMark(boulder({ currentAttempt: 4 }), 'TOP')).toMatchObject({ topAttempts: 4, zoneAttempts: 4 });
    expect(applyMark(boulder({ currentAttempt: 4, zoneAttempts: 2 }), 'TOP')).toMatchObject({ topAttempts: 4, zoneAttempts: 2 });
  });

  it('ignores a second zone and everything after the top', () => {
    const zoned = boulder({ currentAttempt: 3, zoneAttempts: 2 });
    expect(applyMark(zoned, 'ZONE')).toBe(zoned);
    const done = boulder({ currentAttempt: 2, zoneAttempts: 1, topAttempts: 2 });
    for (const action of ['ATTEMPT', 'ZONE', 'TOP'] as const) expect(applyMark(done, action)).toBe(done);
  });
});

describe('scorecardReducer', () => {
  it('marks only the chosen boulder and keeps the others', () => {
    const state = run([mark('ATTEMPT', 1), mark('ATTEMPT', 1), mark('TOP', 1)]);
    expect(marks(state, 1)).toEqual({ topAttempts: 2, zoneAttempts: 2, currentAttempt: 2 });
    expect(marks(state, 0)).toEqual({ topAttempts: null, zoneAttempts: null, currentAttempt: 0 });
  });

  it('ignores an unknown boulder and records no history for a mark that changes nothing', () => {
    const start = run([mark('TOP')]);
    expect(scorecardReducer(start, mark('ATTEMPT', 7))).toBe(start);
    expect(scorecardReducer(start, mark('ZONE'))).toBe(start);
    expect(start.history).toHaveLength(1);
  });

  it('undoes the last action, then the one before, down to the start', () => {
    let state = run([mark('ATTEMPT'), mark('ATTEMPT'), mark('ZONE'), mark('ATTEMPT'), mark('TOP')]);
    expect(marks(state)).toEqual({ topAttempts: 3, zoneAttempts: 2, currentAttempt: 3 });
    state = scorecardReducer(state, { type: 'UNDO' });
    expect(marks(state)).toEqual({ topAttempts: null, zoneAttempts: 2, currentAttempt: 3 });
    state = scorecardReducer(state, { type: 'UNDO' });
    expect(marks(state)).toEqual({ topAttempts: null, zoneAttempts: 2, currentAttempt: 2 });
    const undo: ScorecardEvent = { type: 'UNDO' };
    state = [undo, undo, undo].reduce(scorecardReducer, state);
    expect(marks(state)).toEqual({ topAttempts: null, zoneAttempts: null, currentAttempt: 0 });
    expect(scorecardReducer(state, { type: 'UNDO' })).toBe(state);
  });

  it('undoes across boulders in the order the actions were taken', () => {
    let state = run([mark('TOP', 0), mark('ZONE', 1)]);
    state = scorecardReducer(state, { type: 'UNDO' });
    expect(marks(state, 1).zoneAttempts).toBeNull();
    expect(marks(state, 0).topAttempts).toBe(1);
  });

  it('sends only changed boulders, once, and settles on the server answer', () => {
    let state = run([mark('ATTEMPT', 1)]);
    expect(pendingBoulders(state).map((item) => item.boulderIndex)).toEqual([1]);
    expect(shouldSave(state)).toBe(true);
    state = scorecardReducer(state, { type: 'SAVE_STARTED' });
    expect(shouldSave(state)).toBe(false);
    const saved = buildRound({ state: 'STARTED', version: 1, boulders: [boulder({ id: 1 }), boulder({ id: 2, boulderIndex: 1, currentAttempt: 1 })] });
    state = scorecardReducer(state, { type: 'SAVE_SUCCEEDED', round: saved });
    expect(state.server.version).toBe(1);
    expect(state.notice).toEqual({ kind: 'saved' });
    expect(pendingBoulders(state)).toEqual([]);
    expect(shouldSave(state)).toBe(false);
  });

  it('keeps marks made while a save was on its way and sends them next with the new version', () => {
    let state = run([mark('ATTEMPT'), { type: 'SAVE_STARTED' }, mark('TOP')]);
    const saved = buildRound({ version: 1, state: 'STARTED', boulders: [boulder({ id: 1, currentAttempt: 1 }), boulder({ id: 2, boulderIndex: 1 })] });
    state = scorecardReducer(state, { type: 'SAVE_SUCCEEDED', round: saved });
    expect(marks(state)).toEqual({ topAttempts: 1, zoneAttempts: 1, currentAttempt: 1 });
    expect(state.notice).toBeNull();
    expect(shouldSave(state)).toBe(true);
    expect(state.server.version).toBe(1);
  });

  it('takes over boulder ids the server created', () => {
    let state = run([mark('ZONE')], buildRound({ boulders: [boulder()] }));
    state = scorecardReducer(state, { type: 'SAVE_STARTED' });
    state = scorecardReducer(state, { type: 'SAVE_SUCCEEDED', round: buildRound({ version: 1, boulders: [boulder({ id: 40, zoneAttempts: 1, currentAttempt: 1 })] }) });
    expect(state.boulders[0]?.id).toBe(40);
  });

  it('shows the fresh round on a version conflict and forgets the local marks and their undo', () => {
    let state = run([mark('ATTEMPT'), { type: 'SAVE_STARTED' }]);
    const current = buildRound({ version: 4, state: 'STARTED', boulders: [boulder({ id: 1, topAttempts: 2, zoneAttempts: 1, currentAttempt: 2 }), boulder({ id: 2, boulderIndex: 1 })] });
    state = scorecardReducer(state, { type: 'SAVE_CONFLICT', current });
    expect(state.notice).toEqual({ kind: 'conflict' });
    expect(marks(state)).toEqual({ topAttempts: 2, zoneAttempts: 1, currentAttempt: 2 });
    expect(state.server.version).toBe(4);
    expect(state.history).toEqual([]);
    expect(shouldSave(state)).toBe(false);
  });

  it('drops unsaved marks when the round is closed and refuses further marks and undo', () => {
    const state = run([mark('ATTEMPT'), { type: 'SAVE_STARTED' }, { type: 'SAVE_REFUSED', code: 'ROUND_CLOSED' }]);
    expect(state.notice).toEqual({ kind: 'refused', code: 'ROUND_CLOSED' });
    expect(marks(state).currentAttempt).toBe(0);
    expect(state.server.state).toBe('CLOSED');
    expect(scorecardReducer(state, mark('TOP'))).toBe(state);
    expect(scorecardReducer(state, { type: 'UNDO' })).toBe(state);
    expect(shouldSave(state)).toBe(false);
  });

  it('keeps the round open on STAGE_CLOSED but drops the marks', () => {
    const state = run([mark('TOP'), { type: 'SAVE_STARTED' }, { type: 'SAVE_REFUSED', code: 'STAGE_CLOSED' }]);
    expect(state.server.state).toBe('READY');
    expect(pendingBoulders(state)).toEqual([]);
  });

  it('keeps the marks after a network failure and retries after the next mark or a dismissal', () => {
    let state = run([mark('ATTEMPT'), { type: 'SAVE_STARTED' }, { type: 'SAVE_FAILED', code: 'NETWORK' }]);
    expect(marks(state).currentAttempt).toBe(1);
    expect(shouldSave(state)).toBe(false);
    expect(shouldSave(scorecardReducer(state, { type: 'DISMISS_NOTICE' }))).toBe(true);
    state = scorecardReducer(state, mark('ATTEMPT'));
    expect(shouldSave(state)).toBe(true);
  });

  it('starts over on LOAD', () => {
    const state = scorecardReducer(run([mark('TOP')]), { type: 'LOAD', round: buildRound({ version: 9 }) });
    expect(state.history).toEqual([]);
    expect(state.server.version).toBe(9);
    expect(marks(state).topAttempts).toBeNull();
  });

  it('does not mark a round that is already closed', () => {
    const closed = run([mark('ATTEMPT')], buildRound({ state: 'CLOSED' }));
    expect(marks(closed).currentAttempt).toBe(0);
  });
});

describe('eventForKey', () => {
  it.each(['T', 't', '/'])('%s marks a top', (key) => {
    expect(eventForKey(key, 2)).toEqual({ type: 'MARK', boulderIndex: 2, action: 'TOP' });
  });

  it.each(['z', 'Z'])('%s marks a zone', (key) => {
    expect(eventForKey(key, 0)).toEqual({ type: 'MARK', boulderIndex: 0, action: 'ZONE' });
  });

  it.each(['a', 'A', '+', ' '])('"%s" counts an attempt', (key) => {
    expect(eventForKey(key, 1)).toEqual({ type: 'MARK', boulderIndex: 1, action: 'ATTEMPT' });
  });

  it.each(['u', 'U', 'Backspace'])('%s undoes', (key) => {
    expect(eventForKey(key, 1)).toEqual({ type: 'UNDO' });
  });

  it.each(['x', 'Enter', '1', 'Shift'])('%s does nothing', (key) => {
    expect(eventForKey(key, 0)).toBeNull();
  });

  it('drives the reducer: a, a, z, t gives T2 Z2 after the zone on the second attempt', () => {
    const state = ['a', 'a', 'z', 't'].map((key) => eventForKey(key, 0)).filter((event) => event !== null).reduce(scorecardReducer, initialScorecard(buildRound()));
    expect(formatBoulderMarks(state.boulders[0] ?? boulder())).toBe('T2 Z2');
  });
});

describe('formatBoulderMarks', () => {
  it('writes top and zone attempts, the zone alone, or nothing', () => {
    expect(formatBoulderMarks({ topAttempts: 2, zoneAttempts: 1 })).toBe('T2 Z1');
    expect(formatBoulderMarks({ topAttempts: null, zoneAttempts: 3 })).toBe('Z3');
    expect(formatBoulderMarks({ topAttempts: null, zoneAttempts: null })).toBe('');
  });
});
