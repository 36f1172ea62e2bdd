import { describe, expect, it } from 'vitest';
import { QUALIFICATION_GROUP_STATES, RACE_FORMATS, RACE_STATES, ROUND_STATES } from '../model/enums.ts';
import {
  climbsInQualification,
  effectiveGroupState,
  effectiveRoundState,
  groupActionsInRace,
  nextRaceAction,
  otherRaceActions,
  stageClosedBy,
} from './race-progress.ts';
import { allowedRaceActions, raceTransition } from './race-state.ts';

/** Follows the one next step from HIDDEN until there is none; the states passed through. */
const walkNextSteps = (format: (typeof RACE_FORMATS)[number]) => {
  const states: string[] = ['HIDDEN'];
  let state = 'HIDDEN' as (typeof RACE_STATES)[number];
  for (let action = nextRaceAction(state, format); action !== null; action = nextRaceAction(state, format)) {
    state = raceTransition(state, action, format);
    states.push(state);
  }
  return states;
};

describe('the one next step of a race', () => {
  it('runs every format from hidden to finished, one button per step, a ready stage started in one step', () => {
    expect(walkNextSteps('QUALIFICATION')).toEqual(['HIDDEN', 'UPCOMING', 'OPEN_REGISTRATION', 'QUALIFICATION', 'QUALIFICATION_ONGOING', 'FINISHED']);
    expect(walkNextSteps('QUALIFICATION_FINAL')).toEqual(['HIDDEN', 'UPCOMING', 'OPEN_REGISTRATION', 'QUALIFICATION', 'QUALIFICATION_ONGOING', 'FINALS_ONGOING', 'FINISHED']);
    expect(walkNextSteps('QUALIFICATION_SEMIFINAL_FINAL')).toEqual([
      'HIDDEN', 'UPCOMING', 'OPEN_REGISTRATION', 'QUALIFICATION', 'QUALIFICATION_ONGOING', 'SEMIFINALS_ONGOING', 'FINALS_ONGOING', 'FINISHED',
    ]);
  });

  it('is always an allowed action; the others are the rest of the allowed ones', () => {
    for (const format of RACE_FORMATS) {
      for (const state of RACE_STATES) {
        const next = nextRaceAction(state, format);
        const allowed = allowedRaceActions(state, format);
        if (next !== null) expect(allowed).toContain(next);
        expect([...(next ? [next] : []), ...otherRaceActions(state, format)].sort()).toEqual([...allowed].sort());
      }
    }
    expect(nextRaceAction('FINISHED', 'QUALIFICATION_FINAL')).toBeNull();
  });

  it('a ready final (already scored) can be ended without being started first', () => {
    expect(allowedRaceActions('FINALS', 'QUALIFICATION_FINAL')).toContain('END_RACE');
    expect(nextRaceAction('FINALS', 'QUALIFICATION_FINAL')).toBe('START_FINAL');
  });

  it('names the stage an action closes', () => {
    expect(stageClosedBy('QUALIFICATION_ONGOING', 'START_FINAL')).toBe('QUALIFICATION');
    expect(stageClosedBy('SEMIFINALS_ONGOING', 'START_FINAL')).toBe('SEMIFINAL');
    expect(stageClosedBy('FINALS', 'START_FINAL')).toBeNull();
    expect(stageClosedBy('FINALS_ONGOING', 'END_RACE')).toBe('FINAL');
    expect(stageClosedBy('QUALIFICATION_ONGOING', 'END_RACE')).toBe('QUALIFICATION');
    expect(stageClosedBy('OPEN_REGISTRATION', 'CLOSE_REGISTRATION')).toBeNull();
  });
});

describe('groups and rounds follow the race', () => {
  it('every group is closed once the race is past its qualification', () => {
    for (const group of QUALIFICATION_GROUP_STATES) {
      expect(effectiveGroupState(group, 'FINISHED')).toBe('QUALIFICATION_CLOSED');
      expect(effectiveGroupState(group, 'FINALS_ONGOING')).toBe('QUALIFICATION_CLOSED');
      expect(effectiveGroupState(group, 'QUALIFICATION_ONGOING')).toBe(group);
    }
  });

  it('every round of a closed stage is closed; a finished race closes them all', () => {
    for (const round of ROUND_STATES) {
      expect(effectiveRoundState(round, 'FINISHED', 'FINAL')).toBe('CLOSED');
      expect(effectiveRoundState(round, 'FINALS_ONGOING', 'QUALIFICATION')).toBe('CLOSED');
      expect(effectiveRoundState(round, 'FINALS_ONGOING', 'FINAL')).toBe(round);
    }
  });

  it('groups offer no action once the roster is fixed, and no "close" before the qualification runs', () => {
    for (const group of QUALIFICATION_GROUP_STATES) {
      for (const race of ['SEMIFINALS', 'FINALS', 'FINALS_ONGOING', 'FINISHED'] as const) expect(groupActionsInRace(group, race)).toEqual([]);
    }
    expect(groupActionsInRace('QUALIFICATION', 'OPEN_REGISTRATION')).toEqual(['REOPEN']);
    expect(groupActionsInRace('QUALIFICATION', 'QUALIFICATION_ONGOING')).toEqual(['CLOSE', 'REOPEN']);
    expect(groupActionsInRace('OPEN_REGISTRATION', 'QUALIFICATION')).toEqual(['MOVE_TO_QUALIFICATION']);
  });
});

describe('who climbs in the qualification', () => {
  it('before check-in everybody registered, after it the present ones; the withdrawn never', () => {
    expect(climbsInQualification(null, false)).toBe(true);
    expect(climbsInQualification('PRESENT', false)).toBe(true);
    expect(climbsInQualification('NOT_PRESENT', false)).toBe(false);
    expect(climbsInQualification(null, true)).toBe(false);
    expect(climbsInQualification('PRESENT', true)).toBe(true);
    expect(climbsInQualification('NOT_PRESENT', true)).toBe(false);
  });
});
