import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, compareDates, isIsoDate, monthOf, toIsoDate, yearOf } from './iso-date.ts';

describe('ISO dates', () => {
  it('accept only real calendar days', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('2024-1-01')).toBe(false);
    expect(() => addDays('01.02.2024', 1)).toThrow(RangeError);
  });

  it('add days across month, year and leap-day boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });

  it('read year and month, also from a Date by its UTC day', () => {
    expect(yearOf('2025-09-01')).toBe(2025);
    expect(monthOf('2025-09-01')).toBe(9);
    expect(monthOf(new Date('2025-09-01'))).toBe(9);
  });

  it('order days consistently with adding days (property)', () => {
    const day = fc.date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }).map(toIsoDate);
    fc.assert(
      fc.property(day, fc.integer({ min: -1000, max: 1000 }), (date, days) => {
        expect(compareDates(addDays(date, days), date)).toBe(Math.sign(days));
        expect(addDays(addDays(date, days), -days)).toBe(date);
      }),
    );
  });
});
