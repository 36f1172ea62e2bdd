import { describe, expect, it } from 'vitest';
import { assertCanRegister, assertRegistrationOpen, assertRegistrationRemovable, isRegistrationOpen, isRegistrationRemovable, registrationRefusal } from './registration-period.ts';

const race = { openingRegistrationDate: '2025-03-01', closingRegistrationDate: '2025-03-20' };

describe('registration period', () => {
  it('includes both the opening and the closing day', () => {
    expect(isRegistrationOpen(race, '2025-03-01')).toBe(true);
    expect(isRegistrationOpen(race, '2025-03-20')).toBe(true);
  });

  it('is not opened before the opening day', () => {
    expect(() => assertRegistrationOpen(race, '2025-02-28')).toThrowError(expect.objectContaining({ code: 'RACE_REGISTRATION_NOT_OPENED' }));
  });

  it('has finished after the closing day', () => {
    expect(() => assertRegistrationOpen(race, '2025-03-21')).toThrowError(expect.objectContaining({ code: 'RACE_REGISTRATION_PERIOD_FINISHED' }));
  });

  it('treats missing dates as open ends', () => {
    expect(isRegistrationOpen({ openingRegistrationDate: null, closingRegistrationDate: null }, '1999-01-01')).toBe(true);
  });

  it('checks only the dates, whatever the race state', () => {
    const upcoming = { ...race, state: 'UPCOMING' as const };
    expect(isRegistrationOpen(upcoming, '2025-03-10')).toBe(true);
  });

  it('needs the race to be open for registration for a new registration', () => {
    expect(() => assertCanRegister({ ...race, state: 'OPEN_REGISTRATION' }, '2025-03-21')).toThrowError(
      expect.objectContaining({ code: 'RACE_REGISTRATION_PERIOD_FINISHED' }),
    );
    expect(registrationRefusal({ ...race, state: 'OPEN_REGISTRATION' }, '2025-03-10')).toBeNull();
    expect(registrationRefusal({ ...race, state: 'UPCOMING' }, '2025-03-10')).toBe('RACE_REGISTRATION_NOT_OPENED');
    expect(registrationRefusal({ ...race, state: 'QUALIFICATION' }, '2025-03-10')).toBe('RACE_REGISTRATION_CLOSED');
    expect(registrationRefusal({ ...race, state: 'FINISHED' }, '2025-03-10')).toBe('RACE_ALREADY_FINISHED');
  });

  it('lets a registration be removed only until the period ends', () => {
    expect(() => assertRegistrationRemovable(race, '2025-03-20')).not.toThrow();
    expect(() => assertRegistrationRemovable(race, '2025-03-21')).toThrowError(expect.objectContaining({ code: 'REGISTRATION_CANNOT_BE_REMOVED' }));
  });

  it('tells the racers table whether removal is still possible, the same day the server refuses it', () => {
    expect(isRegistrationRemovable(race, '2025-03-20')).toBe(true);
    expect(isRegistrationRemovable(race, '2025-03-21')).toBe(false);
    expect(isRegistrationRemovable({ ...race, closingRegistrationDate: null }, '2030-01-01')).toBe(true);
  });
});
