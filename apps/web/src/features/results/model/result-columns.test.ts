import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../test/i18n';
import { buildResultRow } from '../testing/build-result-row';
import { columnGroupsFor } from './column-groups';
import { COLUMN_GROUPS, placeDecided, resultColumns } from './result-columns';

const speedRow = (id: number, rank: number, runs: { time: number | null; fall?: boolean; falseStart?: boolean }[], time: number | null, falseStarts = 0) =>
  buildResultRow({
    id,
    rank,
    racer: { ...buildResultRow().racer, id, racerNumber: id, fullName: `Racer ${id}`, qualificationGroup: null },
    tops: null,
    zones: null,
    topAttempts: null,
    zoneAttempts: null,
    score: null,
    tieBreak: null,
    boulders: null,
    time,
    falseStarts,
    runs: runs.map((run, route) => ({ route, attempt: 0, time: run.time, fall: run.fall ?? false, falseStart: run.falseStart ?? false })),
  });

// Chamonix 2025 style: a clean pair, a fall in lane A, a false start with a valid other lane.
const speedRows = [speedRow(1, 1, [{ time: 6120 }, { time: 5980 }], 5980), speedRow(2, 2, [{ time: null, fall: true }, { time: 6400 }], 6400), speedRow(3, 3, [{ time: null, falseStart: true }, { time: 5121 }], 5121, 1)];

const table = (language: 'en' | 'sk', options = {}) => {
  const columns = resultColumns(speedRows, new Set(COLUMN_GROUPS), createI18n(language).t, language, options);
  return { headers: columns.map((column) => column.header), cells: speedRows.map((row) => columns.filter((column) => column.kind === 'figure').map((column) => column.cell(row))), columns };
};

describe('resultColumns of a speed qualification', () => {
  it('publishes lane A, lane B and the best time, the fall and false start in their lanes', () => {
    const { headers, cells, columns } = table('en');
    expect(headers).toEqual(['Rank', 'No.', 'Racer', 'Club', 'Country', 'Lane A', 'Lane B', 'Best']);
    expect(cells).toEqual([
      ['6.12', '5.98', '5.98'],
      ['Fall', '6.40', '6.40'],
      ['False start', '5.12', 'False start (5.12)'],
    ]);
    expect(columns.filter((column) => column.emphasis).map((column) => column.id)).toEqual(['time']);
  });

  it('speaks Slovak', () => {
    const { headers, cells } = table('sk');
    expect(headers.slice(-3)).toEqual(['Dráha A', 'Dráha B', 'Najlepší']);
    expect(cells[1]?.[0]).toBe('Pád');
    // Slovak decimals: a comma, as in the judges' forms.
    expect(cells[2]?.[2]).toBe('Chybný štart (5,12)');
  });

  it('writes times as IFSC publishes them: truncated to hundredths, the whole table with three decimals where two times share them', () => {
    const close = [speedRow(1, 1, [{ time: 5051 }, { time: 5999 }], 5051), speedRow(2, 2, [{ time: 5057 }, { time: 6859 }], 5057)];
    const columns = resultColumns(close, new Set(COLUMN_GROUPS), createI18n('en').t, 'en').filter((column) => column.kind === 'figure');
    expect(close.map((row) => columns.map((column) => column.cell(row)))).toEqual([
      ['5.051', '5.999', '5.051'],
      ['5.057', '6.859', '5.057'],
    ]);
  });

  it('numbers routes and attempts for the nomination type', () => {
    expect(table('en', { speedLanes: false }).headers.slice(-3)).toEqual(['R1 att. 1', 'R2 att. 1', 'Best']);
  });

  it('keeps the single time column where rows have no runs (speed finals)', () => {
    const finals = speedRows.map((row) => ({ ...row, runs: null, stage: 'FINAL' as const }));
    const columns = resultColumns(finals, new Set(COLUMN_GROUPS), createI18n('en').t, 'en');
    expect(columns.filter((column) => column.kind === 'figure').map((column) => column.header)).toEqual(['Time']);
  });

  it('leaves the lanes out with the time group switched off', () => {
    const columns = resultColumns(speedRows, new Set(COLUMN_GROUPS.filter((group) => group !== 'time')), createI18n('en').t, 'en');
    expect(columns.some((column) => column.kind === 'figure')).toBe(false);
  });
});

describe('resultColumns of a speed final with a bracket', () => {
  type Mark = NonNullable<ReturnType<typeof buildResultRow>['speedFinal']>;
  const finalRow = (id: number, rank: number, speedFinal: Mark, time: number | null = null) => ({ ...speedRow(id, rank, [], time), runs: null, stage: 'FINAL' as const, speedFinal });
  const run = (time: number | null, fall = false, falseStart = false) => ({ time, fall, falseStart });
  const cellsOf = (rows: ReturnType<typeof finalRow>[], language: 'en' | 'sk' = 'en') => {
    const columns = resultColumns(rows, new Set(COLUMN_GROUPS), createI18n(language).t, language).filter((column) => column.kind === 'rank' || column.kind === 'figure');
    return { headers: columns.map((column) => column.header), cells: rows.map((row) => columns.map((column) => column.cell(row))) };
  };

  it('shows the run each place rests on, not the best time of the finals; losers ordered by time with their best in brackets', () => {
    const rows = [
      finalRow(2, 1, { stage: 'BIG_FINAL', decided: true, run: run(5900), bestTime: null }, 5900),
      finalRow(1, 2, { stage: 'BIG_FINAL', decided: true, run: run(6700), bestTime: null }, 6050),
      finalRow(7, 3, { stage: 'SMALL_FINAL', decided: true, run: run(6600), bestTime: null }, 6400),
      finalRow(15, 4, { stage: 'SMALL_FINAL', decided: true, run: run(null, true), bestTime: null }, 6650),
      finalRow(12, 5, { stage: 'QUARTER_FINAL', decided: true, run: run(null, false, true), bestTime: 6200 }),
      finalRow(16, 6, { stage: 'QUARTER_FINAL', decided: true, run: run(6450), bestTime: 6450 }, 6450),
      finalRow(4, 7, { stage: 'QUARTER_FINAL', decided: true, run: run(null, true), bestTime: 6480 }),
      finalRow(8, 8, { stage: 'QUARTER_FINAL', decided: true, run: run(6900), bestTime: 6500 }, 6900),
    ];
    const { headers, cells } = cellsOf(rows);
    expect(headers).toEqual(['Rank', 'Time']);
    expect(cells).toEqual([
      ['1', '5.90'],
      ['2', '6.70'],
      ['3', '6.60'],
      ['4', 'Fall'],
      ['5', 'False start (6.20)'],
      ['6', '6.45'],
      ['7', 'Fall (6.48)'],
      ['8', '6.90 (6.50)'],
    ]);
    expect(cellsOf(rows, 'sk').cells[6]?.[1]).toBe('Pád (6,48)');
  });

  it('gives racers still in the bracket no place yet: no rank, the heat they are in', () => {
    const rows = [
      finalRow(2, 1, { stage: 'HALF_FINAL', decided: false, run: null, bestTime: null }, 6010),
      finalRow(1, 1, { stage: 'HALF_FINAL', decided: false, run: run(6800), bestTime: null }, 6800),
      finalRow(8, 5, { stage: 'QUARTER_FINAL', decided: true, run: run(6900), bestTime: 6500 }, 6900),
    ];
    expect(rows.map(placeDecided)).toEqual([false, false, true]);
    const { headers, cells } = cellsOf(rows);
    expect(headers).toEqual(['Rank', 'Time']);
    expect(cells).toEqual([
      ['', 'Still racing: Semi-final'],
      ['', 'Still racing: Semi-final (6.80)'],
      ['5', '6.90 (6.50)'],
    ]);
    expect(cellsOf(rows, 'sk').cells[0]?.[1]).toBe('Ešte preteká: Semifinále');
  });
});

describe('resultColumns of a lead final', () => {
  const leadRow = (id: number, rank: number, tieBreak: string | null, time: number | null) =>
    buildResultRow({
      id,
      rank,
      tieBreak,
      tops: null,
      zones: null,
      topAttempts: null,
      zoneAttempts: null,
      score: null,
      boulders: null,
      stage: 'FINAL',
      racer: { ...buildResultRow().racer, id, racerNumber: id },
      routes: [{ hold: 38, plus: true, top: false, time }],
    });

  it('shows the climbing time beside the mark where it decided a place, and only there', () => {
    // Three on 38+: 1st ahead by count-back, 2nd ahead of 3rd on time (2:50 vs 3:05), 3rd ahead of 4th by height.
    const rows = [leadRow(1, 1, 'COUNTBACK', 160_000), leadRow(2, 2, 'TIME', 170_000), leadRow(3, 3, 'HEIGHT', 185_000), { ...leadRow(4, 4, null, 200_000), routes: [{ hold: 30, plus: false, top: false, time: 200_000 }] }];
    const route = resultColumns(rows, new Set(COLUMN_GROUPS), createI18n('sk').t, 'sk').find((column) => column.id === 'route-0')!;
    expect(rows.map((row) => route.cell(row))).toEqual(['38+', '38+ (2:50)', '38+ (3:05)', '30']);
    expect(resultColumns(rows, new Set(COLUMN_GROUPS), createI18n('en').t, 'en').find((column) => column.id === 'tieBreak')?.header).toBe('Ahead of next');
  });
});

describe('resultColumns of several rankings one after the other', () => {
  const boulderRow = (id: number, rank: number, sex: 'F' | 'M', group: string, tieBreak: string | null) =>
    buildResultRow({ id, rank, tieBreak, racer: { ...buildResultRow().racer, id, racerNumber: id, fullName: `Racer ${id}`, sex, qualificationGroup: group } });
  // A qualification in groups A and B, women's and men's rankings: the last woman is followed by the first man.
  const women = [boulderRow(1, 1, 'F', 'A', 'TOPS'), boulderRow(2, 1, 'F', 'B', 'ZONES'), boulderRow(3, 3, 'F', 'A', null)];
  const men = [boulderRow(4, 1, 'M', 'B', 'TOPS'), boulderRow(5, 2, 'M', 'B', null)];
  const tieBreak = (options: Parameters<typeof resultColumns>[4]) => {
    const column = resultColumns([...women, ...men], new Set(COLUMN_GROUPS), createI18n('en').t, 'en', options).find((each) => each.id === 'tieBreak');
    return [...women, ...men].map((row) => column?.cell(row) ?? '');
  };

  it('says nothing about the last woman being ahead of the first man', () => {
    expect(tieBreak({ rankings: [women, men] })[2]).toBe('');
    // Read as one list, the last woman (group A) looked "ahead" of the first man (group B).
    expect(tieBreak({})[2]).toBe('a better place in their qualification group');
  });

  it('says only the reasons it is asked for (the projector: what its figures do not show)', () => {
    const cells = tieBreak({ rankings: [women, men], tieBreakCodes: new Set(['GROUP_RANK', 'COUNTBACK']) });
    expect(cells[3]).toBe('');
    expect(cells.filter(Boolean).every((cell) => cell === 'a better place in their qualification group')).toBe(true);
  });
});

describe('columnGroupsFor', () => {
  it('offers each column group only where the discipline has it', () => {
    expect(columnGroupsFor('BOULDERING')).toEqual(['number', 'club', 'country', 'category', 'group', 'marks', 'totals', 'score', 'tieBreak']);
    expect(columnGroupsFor('LEAD')).toEqual(['number', 'club', 'country', 'category', 'group', 'marks', 'score', 'tieBreak']);
    expect(columnGroupsFor('SPEED')).toEqual(['number', 'club', 'country', 'category', 'group', 'time']);
    expect(columnGroupsFor(undefined)).toEqual(COLUMN_GROUPS);
  });
});
