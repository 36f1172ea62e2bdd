import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../test/i18n';
import type { CupRankingRow } from '../api/cup';
import { cupRankingCsv } from './cup-csv';

const result = (raceId: number, rank: number, points: number, counted = true, provisional = false): CupRankingRow['raceResults'][number] => ({
  cupCategory: { id: 5, name: 'Muži' },
  race: { id: raceId, name: 'Muži', startingDate: '2026-09-04', discipline: 'BOULDERING' },
  rank,
  points,
  categoryLevel: 1,
  counted,
  provisional,
  racePublic: true,
});

const races = [
  { raceId: 1, raceName: 'Muži', eventName: 'Boulder Open Petržalka', startingDate: '2026-09-05' },
  { raceId: 2, raceName: 'Muži', eventName: 'VC Bratislavy', startingDate: '2026-11-28' },
];

const rows: CupRankingRow[] = [
  { racerKey: 'u1', racerName: 'Tomáš Horváth', sex: 'M', birthYear: 1998, club: 'HK Bratislava; sekcia B', points: 180, rank: 1, provisional: false, raceResults: [result(1, 1, 100), result(2, 2, 80)] },
  { racerKey: 'u2', racerName: 'Peter Oravec', sex: 'M', birthYear: null, club: null, points: 112.5, rank: 2, provisional: true, raceResults: [result(1, 3, 65, false), result(2, 1, 112.5, true, true)] },
];

describe('cup ranking CSV', () => {
  it('writes each category under its name, a column per race with points, place and what is not counted or provisional', () => {
    const { t } = createI18n('en');
    const csv = cupRankingCsv([{ name: 'Men', races, rows }, { name: 'Women', races: [], rows: [] }], t, 'en');
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Men');
    // A value with a comma (an English date, a Slovak decimal) is quoted: the separator is ';'.
    expect(lines[1]).toBe('Rank;Racer;Birth year;Club;Points;"Boulder Open Petržalka – Muži (Sep 5, 2026)";"VC Bratislavy – Muži (Nov 28, 2026)"');
    expect(lines[2]).toBe('1;Tomáš Horváth;1998;"HK Bratislava; sekcia B";180.00;100.00 (1.);80.00 (2.)');
    expect(lines[3]).toBe('2;Peter Oravec (provisional);;;112.50;"65.00 (3., not counted)";"112.50 (1., provisional)"');
    expect(lines).toContain('Women');
  });

  it('writes Slovak headers and decimal commas in Slovak', () => {
    const { t } = createI18n('sk');
    const csv = cupRankingCsv([{ name: 'Muži', races, rows }], t, 'sk');
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[1]).toMatch(/^Poradie;Pretekár;Rok narodenia;Klub;Body;Boulder Open Petržalka – Muži \(5\. 9\. 2026\);/);
    expect(lines[2]).toBe('1;Tomáš Horváth;1998;"HK Bratislava; sekcia B";"180,00";"100,00 (1.)";"80,00 (2.)"');
  });

  it('writes whole points without decimals where every figure of the category is whole, as the page does', () => {
    const { t } = createI18n('en');
    const csv = cupRankingCsv([{ name: 'Men', races, rows: rows.slice(0, 1) }, { name: 'Youth', races, rows: rows.slice(1) }], t, 'en');
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[2]).toBe('1;Tomáš Horváth;1998;"HK Bratislava; sekcia B";180;100 (1.);80 (2.)');
    // Another category with a shared place keeps its 2 decimals on every figure.
    expect(lines).toContain('2;Peter Oravec (provisional);;;112.50;"65.00 (3., not counted)";"112.50 (1., provisional)"');
  });
});
