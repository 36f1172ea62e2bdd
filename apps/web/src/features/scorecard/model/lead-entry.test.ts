import { LEAD_HOLD_MAX } from '@climbing/domain';
import { describe, expect, it } from 'vitest';
import { holdText, readHold } from './lead-entry';

describe('readHold: the lead judge’s Hold field', () => {
  it('reads a hold number, a half hold with either decimal separator, and an empty field as no height', () => {
    expect(readHold('36')).toEqual({ ok: true, hold: 36 });
    expect(readHold(' 0 ')).toEqual({ ok: true, hold: 0 });
    expect(readHold('26.5')).toEqual({ ok: true, hold: 26.5 });
    expect(readHold('26,5')).toEqual({ ok: true, hold: 26.5 });
    expect(readHold('')).toEqual({ ok: true, hold: null });
    expect(readHold('   ')).toEqual({ ok: true, hold: null });
  });

  it('refuses what is not a hold number instead of reading it as no height', () => {
    for (const typed of ['abc', '3a', '28.25', '2 8', '1e2', '.5', '28.', '+5', 'Infinity']) expect(readHold(typed)).toEqual({ ok: false, problem: 'invalid' });
  });

  it('refuses a negative height rather than saving 0', () => {
    expect(readHold('-5')).toEqual({ ok: false, problem: 'negative' });
    expect(readHold('- 2,5')).toEqual({ ok: false, problem: 'negative' });
  });

  it('takes the limit the server enforces and refuses more, not cutting it down', () => {
    expect(readHold(String(LEAD_HOLD_MAX))).toEqual({ ok: true, hold: LEAD_HOLD_MAX });
    expect(readHold(String(LEAD_HOLD_MAX + 1))).toEqual({ ok: false, problem: 'tooHigh' });
    expect(readHold('5000')).toEqual({ ok: false, problem: 'tooHigh' });
  });

  it('shows a stored height in the language’s notation, which it reads back', () => {
    expect(holdText(26.5, 'sk')).toBe('26,5');
    expect(holdText(26.5, 'en')).toBe('26.5');
    expect(holdText(36, 'sk')).toBe('36');
    expect(holdText(null, 'en')).toBe('');
    expect(readHold(holdText(26.5, 'sk'))).toEqual({ ok: true, hold: 26.5 });
  });
});
