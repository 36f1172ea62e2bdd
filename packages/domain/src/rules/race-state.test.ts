import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RACE_FORMATS, RACE_STATES, type RaceFormat, type RaceState } from '../model/enums.ts';
import { RACE_ACTIONS, allowedRaceActions, canEditRegistration, canEditRoster, canEditSemifinal, isRaceOngoing, raceTransition, validateRaceStateChange } from './race-state.ts';

const statesWhere = (predicate: (state: RaceState) => boolean) => RACE_STATES.filter(predicate);

describe('edit rules of spec section 4', () => {
  it('edits registrations while hidden, upcoming or open for registration', () => {
    expect(statesWhere(canEditRegistration)).toEqual(['HIDDEN', 'UPCOMING', 'OPEN_REGISTRATION']);
  });

  it('edits the roster until qualification is closed', () => {
    expect(statesWhere(canEditRoster)).toEqual(['HIDDEN', 'UPCOMING', 'OPEN_REGISTRATION', 'QUALIFICATION', 'QUALIFICATION_ONGOING']);
  });

  it('edits the semifinal also in the semifinal states', () => {
    expect(statesWhere(canEditSemifinal)).toEqual([
      'HIDDEN',
      'UPCOMING',
      'OPEN_REGISTRATION',
      'QUALIFICATION',
      'QUALIFICATION_ONGOING',
      'SEMIFINALS',
      'SEMIFINALS_ONGOING',
    ]);
  });

  it('counts the three ongoing states as ongoing', () => {
    expect(statesWhere(isRaceOngoing)).toEqual(['QUALIFICATION_ONGOING', 'SEMIFINALS_ONGOING', 'FINALS_ONGOING']);
  });
});

const walk = (format: RaceFormat, actions: (typeof RACE_ACTIONS)[number][]): RaceState =>
  actions.reduce<RaceState>((state, action) => raceTransition(state, action, format), 'HIDDEN');

describe('raceTransition', () => {
  it('runs a three-stage race from hidden to finished', () => {
    const path = ['PUBLISH', 'OPEN_REGISTRATION', 'CLOSE_REGISTRATION', 'START_RACE', 'CLOSE_STAGE', 'START_SEMIFINAL', 'CLOSE_STAGE', 'START_FINAL', 'END_RACE'] as const;
    expect(walk('QUALIFICATION_SEMIFINAL_FINAL', [...path])).toBe('FINISHED');
    expect(walk('QUALIFICATION_SEMIFINAL_FINAL', [...path.slice(0, 5)])).toBe('SEMIFINALS');
  });

  it('runs a race with only the four actions the spec names', () => {
    const path = ['PUBLISH', 'OPEN_REGISTRATION', 'START_RACE', 'START_SEMIFINAL', 'START_FINAL', 'END_RACE'] as const;
    expect(walk('QUALIFICATION_SEMIFINAL_FINAL', [...path])).toBe('FINISHED');
    expect(raceTransition('QUALIFICATION_ONGOING', 'START_SEMIFINAL', 'QUALIFICATION_SEMIFINAL_FINAL')).toBe('SEMIFINALS_ONGOING');
    expect(raceTransition('QUALIFICATION_ONGOING', 'START_FINAL', 'QUALIFICATION_FINAL')).toBe('FINALS_ONGOING');
    expect(() => raceTransition('QUALIFICATION_ONGOING', 'START_FINAL', 'QUALIFICATION_SEMIFINAL_FINAL')).toThrow();
  });

  it('skips the semifinal in the two-stage format', () => {
    expect(walk('QUALIFICATION_FINAL', ['PUBLISH', 'OPEN_REGISTRATION', 'CLOSE_REGISTRATION', 'START_RACE', 'CLOSE_STAGE'])).toBe('FINALS');
    expect(() => raceTransition('FINALS', 'START_SEMIFINAL', 'QUALIFICATION_FINAL')).toThrowError(expect.objectContaining({ code: 'INVALID_RACE_STATE_UPDATE' }));
  });

  it('ends a qualification-only race straight from the running qualification', () => {
    expect(raceTransition('QUALIFICATION_ONGOING', 'END_RACE', 'QUALIFICATION')).toBe('FINISHED');
    expect(() => raceTransition('QUALIFICATION_ONGOING', 'CLOSE_STAGE', 'QUALIFICATION')).toThrow();
  });

  it('closes and reopens registration before the race starts', () => {
    expect(raceTransition('OPEN_REGISTRATION', 'CLOSE_REGISTRATION', 'QUALIFICATION_FINAL')).toBe('QUALIFICATION');
    expect(raceTransition('QUALIFICATION', 'REOPEN_REGISTRATION', 'QUALIFICATION_FINAL')).toBe('OPEN_REGISTRATION');
    expect(() => raceTransition('QUALIFICATION_ONGOING', 'REOPEN_REGISTRATION', 'QUALIFICATION_FINAL')).toThrow();
    expect(() => raceTransition('HIDDEN', 'START_RACE', 'QUALIFICATION_FINAL')).toThrow();
  });

  it('reopens a closed stage only while the next one has not started', () => {
    expect(raceTransition('SEMIFINALS', 'REOPEN_STAGE', 'QUALIFICATION_SEMIFINAL_FINAL')).toBe('QUALIFICATION_ONGOING');
    expect(raceTransition('FINALS', 'REOPEN_STAGE', 'QUALIFICATION_FINAL')).toBe('QUALIFICATION_ONGOING');
    expect(raceTransition('FINALS', 'REOPEN_STAGE', 'QUALIFICATION_SEMIFINAL_FINAL')).toBe('SEMIFINALS_ONGOING');
    expect(() => raceTransition('FINALS_ONGOING', 'REOPEN_STAGE', 'QUALIFICATION_FINAL')).toThrow();
  });

  it('reaches FINISHED from every state a format uses, and every such state from HIDDEN', () => {
    const formatStates: Record<RaceFormat, RaceState[]> = {
      QUALIFICATION: ['HIDDEN', 'UPCOMING', 'OPEN_REGISTRATION', 'QUALIFICATION', 'QUALIFICATION_ONGOING', 'FINISHED'],
      QUALIFICATION_FINAL: ['HIDDEN', 'UPCOMING', 'OPEN_REGISTRATION', 'QUALIFICATION', 'QUALIFICATION_ONGOING', 'FINALS', 'FINALS_ONGOING', 'FINISHED'],
      QUALIFICATION_SEMIFINAL_FINAL: [...RACE_STATES],
    };
    const reachable = (from: RaceState, format: RaceFormat): Set<RaceState> => {
      const seen = new Set<RaceState>([from]);
      const queue = [from];
      for (let state = queue.shift(); state !== undefined; state = queue.shift()) {
        for (const action of allowedRaceActions(state, format)) {
          const next = raceTransition(state, action, format);
          if (seen.has(next)) continue;
          seen.add(next);
          queue.push(next);
        }
      }
      return seen;
    };
    for (const format of RACE_FORMATS) {
      expect([...reachable('HIDDEN', format)].sort()).toEqual([...formatStates[format]].sort());
      for (const state of formatStates[format]) expect(reachable(state, format).has('FINISHED')).toBe(true);
    }
  });

  it('offers only reopening once the race is finished, into its last stage', () => {
    for (const format of RACE_FORMATS) expect(allowedRaceActions('FINISHED', format)).toEqual(['REOPEN_RACE']);
    expect(raceTransition('FINISHED', 'REOPEN_RACE', 'QUALIFICATION')).toBe('QUALIFICATION_ONGOING');
    expect(raceTransition('FINISHED', 'REOPEN_RACE', 'QUALIFICATION_FINAL')).toBe('FINALS_ONGOING');
    expect(raceTransition('FINISHED', 'REOPEN_RACE', 'QUALIFICATION_SEMIFINAL_FINAL')).toBe('FINALS_ONGOING');
  });

  it('cannot start a race twice', () => {
    expect(() => raceTransition('QUALIFICATION_ONGOING', 'START_RACE', 'QUALIFICATION_FINAL')).toThrowError(expect.objectContaining({ code: 'INVALID_RACE_STATE_UPDATE' }));
  });

  it('offers the UI exactly the actions raceTransition accepts (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...RACE_STATES), fc.constantFrom(...RACE_ACTIONS), fc.constantFrom(...RACE_FORMATS), (state, action, format) => {
        const offered = allowedRaceActions(state, format).includes(action);
        let accepted = true;
        try {
          raceTransition(state, action, format);
        } catch {
          accepted = false;
        }
        expect(accepted).toBe(offered);
      }),
    );
  });
});

describe('validateRaceStateChange', () => {
  it('returns the action behind a state change', () => {
    expect(validateRaceStateChange('QUALIFICATION', 'QUALIFICATION_ONGOING', 'QUALIFICATION_FINAL')).toBe('START_RACE');
    expect(validateRaceStateChange('FINALS_ONGOING', 'FINISHED', 'QUALIFICATION_FINAL')).toBe('END_RACE');
  });

  it('accepts an unchanged state as a no-op', () => {
    expect(validateRaceStateChange('FINISHED', 'FINISHED', 'QUALIFICATION')).toBeNull();
  });

  it('rejects jumps the table does not have', () => {
    expect(() => validateRaceStateChange('HIDDEN', 'FINISHED', 'QUALIFICATION')).toThrowError(expect.objectContaining({ code: 'INVALID_RACE_STATE_UPDATE' }));
    expect(() => validateRaceStateChange('QUALIFICATION_ONGOING', 'SEMIFINALS', 'QUALIFICATION_FINAL')).toThrow();
  });
});
