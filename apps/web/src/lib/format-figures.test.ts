import { describe, expect, it } from 'vitest';
import { formatEntryTime } from './format-entry-time';
import { decimalSeparator, formatPoints, leadTimeFormatter, speedTimeFormatter } from './format-figures';

describe('format-figures: one notation per kind of figure', () => {
  it('uses the language decimal separator', () => {
    expect(decimalSeparator('sk')).toBe(',');
    expect(decimalSeparator('en')).toBe('.');
    expect(formatEntryTime(6010, 'sk')).toBe('6,010');
    expect(formatEntryTime(6010, 'en')).toBe('6.010');
  });

  it('writes a list of speed times with 2 decimals, or all with 3 where two different times share their hundredths', () => {
    const two = speedTimeFormatter([6700, 6700, 6800, 5980], 'sk');
    expect([6700, 6800, 5980].map(two)).toEqual(['6,70', '6,80', '5,98']);
    const three = speedTimeFormatter([5051, 5057, 6800], 'en');
    expect([5051, 5057, 6800].map(three)).toEqual(['5.051', '5.057', '6.800']);
    // Truncated, not rounded (RULES.md 3).
    expect(speedTimeFormatter([4827], 'en')(4827)).toBe('4.82');
  });

  it('writes points with a fixed number of decimals', () => {
    expect([1.871, 4.95, 7, 12.49].map((value) => formatPoints(value, 2, 'sk'))).toEqual(['1,87', '4,95', '7,00', '12,49']);
    expect(formatPoints(75, 1, 'en')).toBe('75.0');
  });

  it('writes lead climbing times as m:ss, all with 3 decimals where one has a fraction', () => {
    expect([170_000, 185_000].map(leadTimeFormatter([170_000, 185_000], 'sk'))).toEqual(['2:50', '3:05']);
    expect([170_400, 185_000].map(leadTimeFormatter([170_400, 185_000], 'sk'))).toEqual(['2:50,400', '3:05,000']);
  });
});
