import { describe, expect, it } from 'vitest';
import { CSV_BOM, fileNameSlug, toCsv } from './csv.ts';

describe('toCsv', () => {
  it('writes a BOM, semicolons, CRLF, quotes what needs quoting and defuses formulas', () => {
    const csv = toCsv(['Meno', 'Klub'], [['Ľubomír Šťastný', 'HK "Tatry"; Poprad'], ['=SUM(A1)', null], [-5, '-x']]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual(['Meno;Klub', 'Ľubomír Šťastný;"HK ""Tatry""; Poprad"', "'=SUM(A1);", "-5;'-x", '']);
  });
});

describe('fileNameSlug', () => {
  it('keeps ASCII letters and digits of the name', () => {
    expect(fileNameSlug('Zimný pohár 2026 – Muži')).toBe('zimny-pohar-2026-muzi');
    expect(fileNameSlug('***', 'results')).toBe('results');
  });
});
