import { describe, expect, it } from 'vitest';
import { CSV_BOM, fileNameSlug, toCsv } from './csv.ts';

describe('toCsv', () => {
  it('writes a BOM, semicolons, CRLF, quotes what needs quoting and defuses formulas', () => {
    const csv = toCsv(['Meno', 'Klub'], [['Ľubomír Šťastný', 'HK "Tatry"; Poprad'], ['=SUM(A1)', null], [-5, '-x']]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual(['Meno;Klub', 'Ľubomír Šťastný;"HK ""Tatry""; Poprad"', "'=SUM(A1);", "-5;'-x", '']);
  });
});

describe('toCsv formula neutralising (issue 11, item 10)', () => {
  it('prefixes every cell a spreadsheet would evaluate, and leaves plain numbers and text alone', () => {
    const cells = ["-2+3+cmd|' /C calc'!A0", '+1+1', '@SUM(A1)', '\t=1', '\r=1', ' =1', '-x', '-5', '-1.25', '+3', 'Jana', '5-3'];
    const line = toCsv(['x'], cells.map((cell) => [cell])).slice(1).split('\r\n').slice(1, -1);
    expect(line).toEqual(["'-2+3+cmd|' /C calc'!A0", "'+1+1", "'@SUM(A1)", "'\t=1", "\"'\r=1\"", "' =1", "'-x", '-5', '-1.25', '+3', 'Jana', '5-3']);
  });
});

describe('fileNameSlug', () => {
  it('keeps ASCII letters and digits of the name', () => {
    expect(fileNameSlug('Zimný pohár 2026 – Muži')).toBe('zimny-pohar-2026-muzi');
    expect(fileNameSlug('***', 'results')).toBe('results');
  });
});
