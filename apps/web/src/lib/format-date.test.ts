import { describe, expect, it } from 'vitest';
import { formatClockTime, formatDate } from './format-date';

describe('formatDate and formatClockTime', () => {
  it('write a calendar date in English as dayjs did, on the day given whatever the time zone', () => {
    expect(formatDate('2026-05-12', 'en')).toBe('May 12, 2026');
    expect(formatDate('2026-12-31', 'en')).toBe('Dec 31, 2026');
  });

  it('write a Slovak date in numbers, as Slovaks write it: day, month and year, no leading zeros', () => {
    expect(formatDate('2026-11-27', 'sk')).toBe('27. 11. 2026');
    expect(formatDate('2026-05-12', 'sk')).toBe('12. 5. 2026');
    expect(formatDate('2026-01-03', 'sk')).toBe('3. 1. 2026');
    expect(formatDate('2026-12-31', 'sk')).toBe('31. 12. 2026');
  });

  it('write a time of day with and without seconds', () => {
    const moment = new Date(2026, 4, 12, 9, 5, 7);
    expect(formatClockTime(moment, 'en')).toBe('9:05 AM');
    expect(formatClockTime(moment, 'en', true)).toBe('9:05:07 AM');
    expect(formatClockTime(moment, 'sk')).toBe('9:05');
    expect(formatClockTime(moment.toISOString(), 'sk', true)).toBe('9:05:07');
    expect(formatClockTime(moment.getTime(), 'sk')).toBe('9:05');
  });

  it('give back what they cannot read', () => {
    expect(formatDate('not a date', 'en')).toBe('not a date');
    expect(formatClockTime('later', 'sk')).toBe('later');
  });
});
