import { describe, expect, it } from 'vitest';
import { parseTypedDate } from './parse-typed-date';

describe('parseTypedDate: a date as typed into a date field', () => {
  it('reads the field\'s own yyyy-mm-dd, with or without leading zeros', () => {
    expect(parseTypedDate('2011-03-15')).toBe('2011-03-15');
    expect(parseTypedDate('2011-3-5')).toBe('2011-03-05');
    expect(parseTypedDate(' 2011-03-15 ')).toBe('2011-03-15');
  });

  it('reads a Slovak hand-written date, d.m.yyyy with or without spaces (the walkthrough\'s 15.3.2011 became 2001-01-01)', () => {
    expect(parseTypedDate('15.3.2011')).toBe('2011-03-15');
    expect(parseTypedDate('15. 3. 2011')).toBe('2011-03-15');
    expect(parseTypedDate('05.03.2011')).toBe('2011-03-05');
  });

  it('reads eight digits from a phone\'s number pad: yyyymmdd, else ddmmyyyy', () => {
    expect(parseTypedDate('20110315')).toBe('2011-03-15');
    expect(parseTypedDate('15032011')).toBe('2011-03-15');
    expect(parseTypedDate('01022011')).toBe('2011-02-01');
  });

  it('reads nothing from a partial, impossible or other text, so no date is kept that was not typed', () => {
    for (const text of ['', '15.3.20', '15.3.2', '15.3', '2011-03', '31.2.2011', '2011-02-30', '2011-13-01', '15/3/2011', 'Marz 15, 2011', 'Ma 15, 2011', '15 Nov', 'Nov 2026', 'Nov 31, 2026', '29 Novx 2026', '1503201', '0.0.2011']) {
      expect(parseTypedDate(text), text).toBeNull();
    }
  });

  it('reads a date with its month in words, as the app writes it in English and Slovak (copied from the event page)', () => {
    expect(parseTypedDate('Nov 29, 2026')).toBe('2026-11-29');
    expect(parseTypedDate('November 29 2026')).toBe('2026-11-29');
    expect(parseTypedDate('29 Nov 2026')).toBe('2026-11-29');
    expect(parseTypedDate('sept 3, 2026')).toBe('2026-09-03');
    expect(parseTypedDate('29. novembra 2026')).toBe('2026-11-29');
    expect(parseTypedDate('1. máj 2026')).toBe('2026-05-01');
    expect(parseTypedDate('3. okt. 2026')).toBe('2026-10-03');
    expect(parseTypedDate('Feb 29, 2027')).toBeNull();
  });
});
