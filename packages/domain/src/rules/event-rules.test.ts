import { describe, expect, it } from 'vitest';
import { canDeleteEvent, eventListBucket, isEventActual, isOnlineRegistrationInProgress, newEventDefaults, normalizeEventFlags } from './event-rules.ts';

describe('normalizeEventFlags', () => {
  const open = { isPublic: true, allowedUnregisteredUsers: true };

  it('turns unregistered access off when the event is made non-public', () => {
    expect(normalizeEventFlags(open, { isPublic: false, allowedUnregisteredUsers: true })).toEqual({ isPublic: false, allowedUnregisteredUsers: false });
  });

  it('makes the event public when unregistered users are allowed', () => {
    const closed = { isPublic: false, allowedUnregisteredUsers: false };
    expect(normalizeEventFlags(closed, { isPublic: false, allowedUnregisteredUsers: true })).toEqual(open);
  });

  it('lets privacy win when both flags flip against each other', () => {
    const previous = { isPublic: true, allowedUnregisteredUsers: false };
    expect(normalizeEventFlags(previous, { isPublic: false, allowedUnregisteredUsers: true })).toEqual({ isPublic: false, allowedUnregisteredUsers: false });
  });

  it('keeps the other fields of the edit', () => {
    expect(normalizeEventFlags(open, { ...open, name: 'Boulder cup' })).toEqual({ ...open, name: 'Boulder cup' });
  });

  it('refuses to hide an event while online registration is in progress', () => {
    expect(() => normalizeEventFlags(open, { isPublic: false, allowedUnregisteredUsers: false }, { onlineRegistrationInProgress: true })).toThrowError(
      expect.objectContaining({ code: 'ONLINE_REGISTRATION_IN_PROGRESS' }),
    );
    expect(isOnlineRegistrationInProgress(true, ['UPCOMING', 'OPEN_REGISTRATION'])).toBe(true);
    expect(isOnlineRegistrationInProgress(false, ['OPEN_REGISTRATION'])).toBe(false);
  });
});

describe('actual events', () => {
  it('stay actual until three days after their date', () => {
    expect(isEventActual('2025-05-10', '2025-05-13')).toBe(true);
    expect(isEventActual('2025-05-10', '2025-05-14')).toBe(false);
    expect(isEventActual('2025-06-01', '2025-05-13')).toBe(true);
  });

  it('cross months and years correctly', () => {
    expect(isEventActual('2024-12-30', '2025-01-02')).toBe(true);
    expect(eventListBucket('2024-12-30', '2025-01-03')).toBe('HISTORY');
    expect(eventListBucket('2024-02-27', '2024-03-01')).toBe('ACTUAL');
  });
});

describe('canDeleteEvent', () => {
  it('refuses an event with a finished race', () => {
    expect(() => canDeleteEvent(['FINISHED', 'HIDDEN'])).toThrowError(expect.objectContaining({ code: 'EVENT_HAS_FINISHED_RACE' }));
  });

  it('refuses an event with a running race', () => {
    expect(() => canDeleteEvent(['UPCOMING', 'SEMIFINALS_ONGOING'])).toThrowError(expect.objectContaining({ code: 'EVENT_ONGOING_OR_FINISHED' }));
  });

  it('allows deleting an event whose races have not run', () => {
    expect(canDeleteEvent([])).toBe(true);
    expect(canDeleteEvent(['HIDDEN', 'OPEN_REGISTRATION', 'QUALIFICATION'])).toBe(true);
  });
});

describe('newEventDefaults', () => {
  it('follows spec section 9', () => {
    expect(newEventDefaults()).toMatchObject({ onlineRegistration: true, isPublic: true, isHidden: true, allowedUnregisteredUsers: true, sendUpdateInfo: true });
  });
});
