import { describe, expect, it } from 'vitest';
import { eventStatus } from './event-status';

describe('an event card’s status', () => {
  it('is live while a race is climbed, naming that race, before registration or finished races', () => {
    expect(eventStatus([{ id: 1, state: 'FINISHED' }, { id: 2, state: 'FINALS_ONGOING' }, { id: 3, state: 'OPEN_REGISTRATION' }])).toEqual({ kind: 'LIVE', raceId: 2 });
  });

  it('says registration is open, or that every race is finished; nothing for an event still to come or without races', () => {
    expect(eventStatus([{ id: 1, state: 'UPCOMING' }, { id: 2, state: 'OPEN_REGISTRATION' }])).toEqual({ kind: 'REGISTRATION' });
    expect(eventStatus([{ id: 1, state: 'FINISHED' }, { id: 2, state: 'FINISHED' }])).toEqual({ kind: 'FINISHED' });
    expect(eventStatus([{ id: 1, state: 'FINISHED' }, { id: 2, state: 'UPCOMING' }])).toBeNull();
    expect(eventStatus([{ id: 1, state: 'QUALIFICATION' }])).toBeNull();
    expect(eventStatus([])).toBeNull();
  });
});
