import { parseTime } from '@climbing/domain';
import { describe, expect, it } from 'vitest';
import { formatLeadEntryTime } from './format-entry-time';

describe('formatLeadEntryTime: a lead climbing time in the judge form', () => {
  it('writes whole seconds as minutes:seconds, as the results show lead times', () => {
    expect(formatLeadEntryTime(170_000, 'sk')).toBe('2:50');
    expect(formatLeadEntryTime(170_000, 'en')).toBe('2:50');
    expect(formatLeadEntryTime(65_000, 'en')).toBe('1:05');
    expect(formatLeadEntryTime(45_000, 'sk')).toBe('0:45');
    expect(formatLeadEntryTime(600_000, 'en')).toBe('10:00');
  });

  it('keeps the entered fraction to its last digit, with the language decimal separator', () => {
    expect(formatLeadEntryTime(170_400, 'sk')).toBe('2:50,4');
    expect(formatLeadEntryTime(170_400, 'en')).toBe('2:50.4');
    expect(formatLeadEntryTime(170_450, 'en')).toBe('2:50.45');
    expect(formatLeadEntryTime(60_007, 'sk')).toBe('1:00,007');
  });

  it('reads back through parseTime, which also takes plain seconds and the Slovak decimal comma', () => {
    for (const ms of [0, 45_000, 170_000, 170_400, 170_450, 599_999]) {
      expect(parseTime(formatLeadEntryTime(ms, 'sk'))).toBe(ms);
      expect(parseTime(formatLeadEntryTime(ms, 'en'))).toBe(ms);
    }
    expect(parseTime('170')).toBe(170_000);
    expect(formatLeadEntryTime(parseTime('170') ?? -1, 'sk')).toBe('2:50');
    expect(parseTime('2:50,4')).toBe(170_400);
    expect(parseTime('2:50.4')).toBe(170_400);
    expect(parseTime('170,4')).toBe(170_400);
  });

  it('refuses what is not a time: seconds of 60 or more after minutes, more than 3 decimals, words', () => {
    expect(parseTime('2:75')).toBeNull();
    expect(parseTime('2:50,4567')).toBeNull();
    expect(parseTime('2 min')).toBeNull();
    expect(parseTime('2:50:10')).toBeNull();
  });
});
