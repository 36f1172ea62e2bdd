import { describe, expect, it } from 'vitest';
import { allowedRoundActions, assertRoundEditable, assertStageOpen, canReopenRound, isStageClosed, roundTransition, shownStageOf } from './round-state.ts';

const free = { discipline: 'BOULDERING', speedFinalsStarted: false, nextRoundHasResults: false } as const;

describe('canReopenRound', () => {
  it('refuses in speed once the finals started', () => {
    expect(() => canReopenRound({ discipline: 'SPEED', speedFinalsStarted: true, nextRoundHasResults: false })).toThrowError(
      expect.objectContaining({ code: 'SPEED_FINALS_STARTED' }),
    );
  });

  it('refuses when the next round has results', () => {
    expect(() => canReopenRound({ discipline: 'LEAD', speedFinalsStarted: false, nextRoundHasResults: true })).toThrowError(
      expect.objectContaining({ code: 'ROUND_CANNOT_BE_REOPENED' }),
    );
    expect(() => canReopenRound({ discipline: 'SPEED', speedFinalsStarted: false, nextRoundHasResults: true })).toThrowError(
      expect.objectContaining({ code: 'ROUND_CANNOT_BE_REOPENED' }),
    );
  });

  it('ignores the speed finals flag outside speed', () => {
    expect(canReopenRound({ discipline: 'BOULDERING', speedFinalsStarted: true, nextRoundHasResults: false })).toBe(true);
  });
});

describe('roundTransition', () => {
  it('starts, closes, reopens and restarts', () => {
    expect(roundTransition('READY', 'START')).toBe('STARTED');
    expect(roundTransition('STARTED', 'CLOSE')).toBe('CLOSED');
    expect(roundTransition('CLOSED', 'REOPEN', free)).toBe('STARTED');
    expect(roundTransition('CLOSED', 'RESTART')).toBe('READY');
    expect(roundTransition('STARTED', 'RESTART')).toBe('READY');
  });

  it('guards reopening with the reopen rule', () => {
    expect(() => roundTransition('CLOSED', 'REOPEN', { ...free, nextRoundHasResults: true })).toThrowError(expect.objectContaining({ code: 'ROUND_CANNOT_BE_REOPENED' }));
    expect(() => roundTransition('CLOSED', 'REOPEN')).toThrow(TypeError);
  });

  it('lets a speed final be restarted although reopening is refused', () => {
    expect(roundTransition('CLOSED', 'RESTART')).toBe('READY');
  });

  it('refuses actions the state does not offer', () => {
    expect(allowedRoundActions('READY')).toEqual(['START']);
    expect(() => roundTransition('CLOSED', 'START')).toThrowError(expect.objectContaining({ code: 'ROUND_CLOSED' }));
    expect(() => roundTransition('READY', 'CLOSE')).toThrowError(expect.objectContaining({ code: 'INVALID_RACE_STATE_UPDATE' }));
  });
});

describe('editing', () => {
  it('refuses scores of a closed round', () => {
    expect(() => assertRoundEditable('CLOSED')).toThrowError(expect.objectContaining({ code: 'ROUND_CLOSED' }));
    expect(() => assertRoundEditable('STARTED')).not.toThrow();
  });

  it('closes a stage once the race moved past it', () => {
    expect(isStageClosed('QUALIFICATION_ONGOING', 'QUALIFICATION')).toBe(false);
    expect(isStageClosed('SEMIFINALS', 'QUALIFICATION')).toBe(true);
    expect(isStageClosed('FINALS', 'SEMIFINAL')).toBe(true);
    expect(isStageClosed('FINALS_ONGOING', 'FINAL')).toBe(false);
    expect(isStageClosed('FINISHED', 'FINAL')).toBe(true);
    expect(isStageClosed('OPEN_REGISTRATION', 'QUALIFICATION')).toBe(false);
  });

  it('throws STAGE_CLOSED for an edit in a closed stage', () => {
    expect(() => assertStageOpen('FINALS_ONGOING', 'QUALIFICATION')).toThrowError(expect.objectContaining({ code: 'STAGE_CLOSED' }));
    expect(() => assertStageOpen('SEMIFINALS_ONGOING', 'SEMIFINAL')).not.toThrow();
  });
});

describe('shownStageOf', () => {
  it('is the stage the race is in, the last stage once finished, none before qualification', () => {
    const stages = ['QUALIFICATION', 'FINAL'] as const;
    expect(shownStageOf('FINALS_ONGOING', stages)).toBe('FINAL');
    expect(shownStageOf('QUALIFICATION', stages)).toBe('QUALIFICATION');
    expect(shownStageOf('FINISHED', stages)).toBe('FINAL');
    expect(shownStageOf('FINISHED', ['QUALIFICATION'])).toBe('QUALIFICATION');
    expect(shownStageOf('OPEN_REGISTRATION', stages)).toBeNull();
    expect(shownStageOf('SEMIFINALS', stages)).toBeNull();
  });
});
