import { describe, expect, it } from 'vitest';
import { formatSpeedTimes } from './format-speed-times.ts';
import { formatTime } from './format-time.ts';
import { parseTime } from './parse-time.ts';

describe('parseTime (spec section 5)', () => {
  it.each([
    ['5.21', 5210],
    ['5,21', 5210],
    ['5.211', 5211],
    ['4.999', 4999],
    [' 7 ', 7000],
    ['1:02.5', 62500],
    ['0:59.999', 59999],
    ['12:00', 720000],
  ])('parses %j as %i ms', (text, ms) => {
    expect(parseTime(text)).toBe(ms);
  });

  it.each(['', 'abc', '5.2105', '-5.21', '1:60.0', '5.', '.5', '1:2:3', '5.21s'])('rejects %j', (text) => {
    expect(parseTime(text)).toBeNull();
  });
});

describe('formatTime', () => {
  it.each([
    [5210, '5.210'],
    [5, '0.005'],
    [62500, '62.500'],
    [0, '0.000'],
  ])('formats %i ms as %j', (ms, text) => {
    expect(formatTime(ms)).toBe(text);
  });

  it('round-trips with parseTime', () => {
    for (const ms of [1, 999, 4827, 5051, 62500]) expect(parseTime(formatTime(ms))).toBe(ms);
  });
});

describe('formatSpeedTimes (RULES.md 3, IFSC display)', () => {
  it('truncates to hundredths and keeps 3 decimals only where two times share the hundredth', () => {
    expect(formatSpeedTimes([4827, 5967, 5051, 5057, 5112, null, 5211, 5211])).toEqual([
      '4.82',
      '5.96',
      '5.051',
      '5.057',
      '5.11',
      null,
      '5.211',
      '5.211',
    ]);
  });
});
