import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockLocale, formatClockTime, formatDate } from './format-date';

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

  describe('an English clock follows the browser', () => {
    const browserSays = (...languages: string[]) => {
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
      vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
    };
    const afternoon = new Date(2026, 4, 12, 15, 28, 3);
    afterEach(() => vi.restoreAllMocks());

    it('writes 24-hour times for a British browser and 12-hour ones for an American one', () => {
      browserSays('en-GB', 'en');
      expect(formatClockTime(afternoon, 'en', true)).toBe('15:28:03');
      expect(formatClockTime(afternoon, 'en')).toBe('15:28');
      browserSays('en-US', 'en');
      expect(formatClockTime(afternoon, 'en', true)).toBe('3:28:03 PM');
    });

    it('takes the first English among the languages, whatever comes before it', () => {
      browserSays('sk-SK', 'en-GB', 'en-US');
      expect(formatClockTime(afternoon, 'en')).toBe('15:28');
    });

    it("uses the first language's hours when the browser lists no English", () => {
      browserSays('sk-SK', 'cs');
      expect(formatClockTime(afternoon, 'en')).toBe('15:28');
      browserSays();
      expect(formatClockTime(afternoon, 'en')).toBe('3:28 PM');
    });

    it('keeps Slovak 24-hour on any browser', () => {
      browserSays('en-US');
      expect(formatClockTime(afternoon, 'sk')).toBe('15:28');
    });

    it('gives the same locale to a date with its time (the round history, the outbox)', () => {
      browserSays('en-GB');
      expect(afternoon.toLocaleString(clockLocale('en'))).toBe('12/05/2026, 15:28:03');
      expect(clockLocale('sk')).toBe('sk');
    });
  });

  it('give back what they cannot read', () => {
    expect(formatDate('not a date', 'en')).toBe('not a date');
    expect(formatClockTime('later', 'sk')).toBe('later');
  });
});
