import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, compareDates, isIsoDate, isIsoMonth, monthOf, monthRange, toIsoDate, yearOf } from './iso-date.ts';

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

describe('months (YYYY-MM)', () => {
  it('accepts a real month only', () => {
    expect(isIsoMonth('2024-02')).toBe(true);
    for (const bad of ['2024-13', '2024-00', '2024-2', '24-02', '2024-02-01', '']) expect(isIsoMonth(bad)).toBe(false);
  });

  it('spans from its first to its last day, leap years included', () => {
    expect(monthRange('2024-02')).toEqual({ first: '2024-02-01', last: '2024-02-29' });
    expect(monthRange('2023-02')).toEqual({ first: '2023-02-01', last: '2023-02-28' });
    expect(monthRange('2025-12')).toEqual({ first: '2025-12-01', last: '2025-12-31' });
    expect(() => monthRange('2025-13')).toThrow(RangeError);
  });
});
