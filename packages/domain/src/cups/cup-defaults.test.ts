import { describe, expect, it } from 'vitest';
import { cupDisplayState, newCupDefaults } from './cup-defaults.ts';

describe('newCupDefaults', () => {
  it('follows spec section 9', () => {
    expect(newCupDefaults('2025-12-31')).toMatchObject({
      startDate: '2025-12-31',
      endDate: '2026-01-01',
      disciplines: ['BOULDERING', 'LEAD', 'SPEED'],
      isPublic: true,
      openCup: true,
      maxCountedResults: null,
    });
  });
});

describe('cupDisplayState', () => {
  const cup = { startDate: '2025-03-01', endDate: '2025-10-31' };

  it('is inactive before the start, finished after the end, active between', () => {
    expect(cupDisplayState(cup, '2025-02-28')).toBe('INACTIVE');
    expect(cupDisplayState(cup, '2025-03-01')).toBe('ACTIVE');
    expect(cupDisplayState(cup, '2025-10-31')).toBe('ACTIVE');
    expect(cupDisplayState(cup, '2025-11-01')).toBe('FINISHED');
  });

  it('treats missing dates as open ends', () => {
    expect(cupDisplayState({ startDate: null, endDate: null }, '2025-01-01')).toBe('ACTIVE');
  });
});
