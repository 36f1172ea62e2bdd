import { describe, expect, it } from 'vitest';
import { DEFAULT_LEAD_STYLES, leadStyleOf } from './lead-styles.ts';
import { defaultLeadSettings } from './race-settings.ts';
import { rankingOf, ranksSexesApart } from './sex-rankings.ts';

describe('lead result styles (spec 4, issue 9)', () => {
  it('defaults to a flash qualification and on-sight semi-final and final', () => {
    expect(DEFAULT_LEAD_STYLES).toEqual({ qualificationStyle: 'FLASH', semifinalStyle: 'ON_SIGHT', finalStyle: 'ON_SIGHT' });
    expect(defaultLeadSettings()).toMatchObject(DEFAULT_LEAD_STYLES);
  });

  it('reads the style of a stage, with the defaults for settings saved before styles existed', () => {
    expect(leadStyleOf({ qualificationStyle: 'ON_SIGHT' }, 'QUALIFICATION')).toBe('ON_SIGHT');
    expect(leadStyleOf({ qualificationStyle: 'ON_SIGHT' }, 'FINAL')).toBe('ON_SIGHT');
    expect(leadStyleOf(null, 'QUALIFICATION')).toBe('FLASH');
    expect(leadStyleOf({ finalStyle: 'FLASH' }, 'FINAL')).toBe('FLASH');
  });
});

describe('rankings per sex (issue 9)', () => {
  it('separates the sexes of a MIXED race unless it ranks them TOGETHER', () => {
    expect(ranksSexesApart({ raceGender: 'MIXED' })).toBe(true);
    expect(ranksSexesApart({ raceGender: 'MIXED', mixedRanking: 'SEPARATE' })).toBe(true);
    expect(ranksSexesApart({ raceGender: 'MIXED', mixedRanking: 'TOGETHER' })).toBe(false);
    expect(ranksSexesApart({ raceGender: 'MEN', mixedRanking: 'SEPARATE' })).toBe(false);
    expect(rankingOf({ raceGender: 'MIXED' }, 'F')).toBe('F');
    expect(rankingOf({ raceGender: 'WOMEN' }, 'F')).toBeNull();
  });
});
