import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../test/i18n';
import { buildResultRow } from '../testing/build-result-row';
import { buildCsv, buildSectionsCsv, csvFileName } from './csv';
import { COLUMN_GROUPS, resultColumns } from './result-columns';

describe('buildCsv', () => {
  it('starts with the UTF-8 byte order mark and ends lines with CRLF', () => {
    const csv = buildCsv(['a', 'b'], [['1', '2']]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toBe('\uFEFFa;b\r\n1;2\r\n');
  });

  it('quotes separators, quotes and line breaks, and defuses formulas', () => {
    const csv = buildCsv(['x'], [['a;b'], ['say "hi"'], ['two\nlines'], ['=SUM(A1)'], ['-5'], ['-x']]);
    expect(csv.split('\r\n').slice(1, -1)).toEqual(['"a;b"', '"say ""hi"""', '"two\nlines"', "'=SUM(A1)", '-5', "'-x"]);
  });

  it('makes an ASCII file name from a Slovak race name', () => {
    expect(csvFileName('Muži – Zimný pohár Kvalifikácia')).toBe('muzi-zimny-pohar-kvalifikacia.csv');
    expect(csvFileName('§§')).toBe('results.csv');
  });
});

describe('results CSV of the shown table', () => {
  it('has the shown columns with per-boulder marks and the tie-break in words', () => {
    const i18n = createI18n('en');
    const rows = [buildResultRow(), buildResultRow({ id: 2, rank: 2, tieBreak: null, racer: { ...buildResultRow().racer, id: 2, racerNumber: 3, fullName: 'Adam' } })];
    const columns = resultColumns(rows, new Set(COLUMN_GROUPS), i18n.t, 'en');
    const csv = buildCsv(columns.map((column) => column.header), rows.map((row) => columns.map((column) => column.cell(row))));
    const [header, first, second] = csv.slice(1).split('\r\n');
    expect(header).toBe('Rank;No.;Racer;Club;Country;Group;B1;B2;Tops;Zones;Top att.;Zone att.;Score;Ahead of next');
    expect(first).toBe('1;12;Ľubica Šťastná;"BCB; Bratislava";SVK;A;T2 Z1;Z2;1;2;2;3;59.8;more tops');
    expect(second?.endsWith(';')).toBe(true);
  });

  it('leaves out what the print options switched off, and writes Slovak texts and decimals', () => {
    const i18n = createI18n('sk');
    const columns = resultColumns([buildResultRow()], new Set(['score', 'tieBreak'] as const), i18n.t, 'sk');
    expect(columns.map((column) => column.header)).toEqual(['Poradie', 'Pretekár', 'Body', 'Pred ďalším']);
    expect(columns.map((column) => column.cell(buildResultRow()))).toEqual(['1', 'Ľubica Šťastná', '59,8', 'viac topov']);
  });

  it('shows lead routes and speed times', () => {
    const i18n = createI18n('en');
    const lead = buildResultRow({ boulders: null, tops: null, zones: null, routes: [{ hold: 28, plus: true, top: false, time: null }, { hold: null, plus: false, top: true, time: null }] });
    const speed = buildResultRow({ boulders: null, tops: null, time: 6210, score: null });
    const leadColumns = resultColumns([lead], new Set(['marks'] as const), i18n.t, 'en');
    expect(leadColumns.map((column) => column.cell(lead))).toEqual(['1', 'Ľubica Šťastná', '28+', 'TOP']);
    const speedColumns = resultColumns([speed], new Set(['time'] as const), i18n.t, 'en');
    expect(speedColumns.map((column) => column.cell(speed))).toEqual(['1', 'Ľubica Šťastná', '6.21']);
  });

  it('leaves the rank of a racer without any score empty', () => {
    const columns = resultColumns([buildResultRow({ empty: true })], new Set(), createI18n('en').t, 'en');
    expect(columns[0]?.cell(buildResultRow({ empty: true }))).toBe('');
  });
});

describe('buildSectionsCsv', () => {
  it('writes one table exactly like buildCsv', () => {
    expect(buildSectionsCsv([{ title: null, header: ['a'], rows: [['1']] }])).toBe(buildCsv(['a'], [['1']]));
  });

  it('writes the tables of women and men one after the other, each under its title', () => {
    const csv = buildSectionsCsv([
      { title: 'Women', header: ['Rank', 'Racer'], rows: [['1', 'Ana']] },
      { title: 'Men', header: ['Rank', 'Racer'], rows: [['1', 'Ben']] },
    ]);
    expect(csv).toBe('\uFEFFWomen\r\nRank;Racer\r\n1;Ana\r\n\r\nMen\r\nRank;Racer\r\n1;Ben\r\n');
  });
});
