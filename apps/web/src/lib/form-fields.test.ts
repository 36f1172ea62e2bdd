import { describe, expect, it } from 'vitest';
import { datePickerRange, emptyToNull, optionalDateField, webAddressField } from './form-fields';

describe('form fields', () => {
  it('offers the years 1890 to this year + 20 in the date picker', () => {
    expect(datePickerRange(new Date('2026-03-01T00:00:00Z'))).toEqual({ minDate: '1890-01-01', maxDate: '2046-12-31' });
  });

  it('accepts an empty or a real yyyy-mm-dd date and rejects the rest', () => {
    const date = optionalDateField();
    expect(date.safeParse(null).success).toBe(true);
    expect(date.safeParse('').success).toBe(true);
    expect(date.safeParse('2000-02-29').success).toBe(true);
    expect(date.safeParse('2001-02-29').success).toBe(false);
    expect(date.safeParse('1889-12-31').success).toBe(false);
    expect(date.safeParse('12.5.2000').success).toBe(false);
  });

  it('rejects a birthday in the future', () => {
    const nextYear = `${new Date().getFullYear() + 1}-01-01`;
    expect(optionalDateField({ notInFuture: true }).safeParse(nextYear).success).toBe(false);
    expect(optionalDateField().safeParse(nextYear).success).toBe(true);
  });

  it('takes web addresses with http(s) only and sends empty values as null', () => {
    expect(webAddressField.safeParse('https://club.sk').success).toBe(true);
    expect(webAddressField.safeParse('').success).toBe(true);
    expect(webAddressField.safeParse('javascript:alert(1)').success).toBe(false);
    expect(emptyToNull('  ')).toBeNull();
    expect(emptyToNull(' x ')).toBe('x');
  });
});
