import { describe, expect, it } from 'vitest';
import { allowedGroupActions, canReopenGroup, groupTransition } from './group-state.ts';

describe('qualification group states', () => {
  it('moves racers in, starts and closes', () => {
    expect(groupTransition('OPEN_REGISTRATION', 'MOVE_TO_QUALIFICATION')).toBe('READY_FOR_QUALIFICATION');
    expect(groupTransition('READY_FOR_QUALIFICATION', 'START')).toBe('QUALIFICATION');
    expect(groupTransition('QUALIFICATION', 'CLOSE')).toBe('QUALIFICATION_CLOSED');
  });

  it('reopens a closed group to running, keeping its results', () => {
    expect(groupTransition('QUALIFICATION_CLOSED', 'REOPEN', { hasResults: true })).toBe('QUALIFICATION');
  });

  it('reopens registration only for a group without results', () => {
    expect(groupTransition('QUALIFICATION', 'REOPEN', { hasResults: false })).toBe('OPEN_REGISTRATION');
    expect(() => groupTransition('QUALIFICATION', 'REOPEN', { hasResults: true })).toThrowError(expect.objectContaining({ code: 'GROUP_HAS_RESULTS' }));
  });

  it('refuses actions the state does not offer', () => {
    expect(allowedGroupActions('OPEN_REGISTRATION')).toEqual(['MOVE_TO_QUALIFICATION']);
    expect(() => groupTransition('OPEN_REGISTRATION', 'CLOSE')).toThrowError(expect.objectContaining({ code: 'INVALID_RACE_STATE_UPDATE' }));
  });

  it('canReopenGroup throws GROUP_HAS_RESULTS while results exist', () => {
    expect(() => canReopenGroup({ hasResults: true })).toThrowError(expect.objectContaining({ code: 'GROUP_HAS_RESULTS' }));
    expect(canReopenGroup({ hasResults: false })).toBe(true);
  });
});
