import { describe, expect, it } from 'vitest';
import { RACE_STATES, QUALIFICATION_GROUP_STATES } from '../model/enums.ts';
import { groupHasStartingOrder, groupTakesLateEntries, lateEntryRefusal, selfCheckInRefusal, selfCheckInWindow } from './race-day.ts';

describe('late and walk-in entries by the event admins', () => {
  it('are allowed in every state that allows roster edits, up to QUALIFICATION_ONGOING', () => {
    const allowed = RACE_STATES.filter((state) => lateEntryRefusal(state) === null);
    expect(allowed).toEqual(['HIDDEN', 'UPCOMING', 'OPEN_REGISTRATION', 'QUALIFICATION', 'QUALIFICATION_ONGOING']);
    expect(lateEntryRefusal('SEMIFINALS')).toBe('RACE_REGISTRATION_CLOSED');
    expect(lateEntryRefusal('FINISHED')).toBe('RACE_ALREADY_FINISHED');
  });

  it('go into any group but a closed one; a group in qualification puts them at the end of its starting order', () => {
    expect(QUALIFICATION_GROUP_STATES.filter(groupTakesLateEntries)).toEqual(['OPEN_REGISTRATION', 'READY_FOR_QUALIFICATION', 'QUALIFICATION']);
    expect(QUALIFICATION_GROUP_STATES.filter(groupHasStartingOrder)).toEqual(['READY_FOR_QUALIFICATION', 'QUALIFICATION']);
  });
});

describe('self check-in window', () => {
  const race = { startingDate: '2030-06-10', selfCheckInDays: 2, state: 'QUALIFICATION' as const };

  it('opens the given number of days before the start and closes with the start day', () => {
    expect(selfCheckInWindow(race)).toEqual({ opens: '2030-06-08', closes: '2030-06-10' });
    expect(selfCheckInRefusal(race, 'OPEN_REGISTRATION', '2030-06-07')).toBe('SELF_CHECK_IN_NOT_OPEN');
    expect(selfCheckInRefusal(race, 'OPEN_REGISTRATION', '2030-06-08')).toBeNull();
    expect(selfCheckInRefusal(race, 'OPEN_REGISTRATION', '2030-06-10')).toBeNull();
    expect(selfCheckInRefusal(race, 'OPEN_REGISTRATION', '2030-06-11')).toBe('SELF_CHECK_IN_CLOSED');
  });

  it('0 days means the race day only; null switches self check-in off', () => {
    expect(selfCheckInRefusal({ ...race, selfCheckInDays: 0 }, 'OPEN_REGISTRATION', '2030-06-09')).toBe('SELF_CHECK_IN_NOT_OPEN');
    expect(selfCheckInRefusal({ ...race, selfCheckInDays: 0 }, 'OPEN_REGISTRATION', '2030-06-10')).toBeNull();
    expect(selfCheckInWindow({ ...race, selfCheckInDays: null })).toBeNull();
    expect(selfCheckInRefusal({ ...race, selfCheckInDays: null }, 'OPEN_REGISTRATION', '2030-06-10')).toBe('SELF_CHECK_IN_NOT_OPEN');
  });

  it('closes once the group moved to qualification or the race is past roster edits (the desk takes over)', () => {
    expect(selfCheckInRefusal(race, 'READY_FOR_QUALIFICATION', '2030-06-10')).toBe('SELF_CHECK_IN_CLOSED');
    expect(selfCheckInRefusal({ ...race, state: 'SEMIFINALS' }, 'OPEN_REGISTRATION', '2030-06-10')).toBe('SELF_CHECK_IN_CLOSED');
    expect(selfCheckInRefusal({ ...race, state: 'FINISHED' }, 'OPEN_REGISTRATION', '2030-06-10')).toBe('RACE_ALREADY_FINISHED');
  });
});
