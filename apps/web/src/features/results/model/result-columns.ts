import { formatTime } from '@climbing/domain';
import type { TFunction } from 'i18next';
import { formatBoulderMarks } from '../../../lib/format-boulder-marks';
import type { ResultRow } from '../api/results';
import { tieBreakKey } from './tie-break-wording';

/** Column groups the print options switch on and off; rank and name are always shown. */
export const COLUMN_GROUPS = ['number', 'club', 'country', 'category', 'group', 'marks', 'totals', 'score', 'time', 'tieBreak'] as const;
export type ColumnGroup = (typeof COLUMN_GROUPS)[number];

export interface ResultColumn {
  id: string;
  header: string;
  cell: (row: ResultRow) => string;
  numeric?: boolean;
}

/** "28+", "TOP" or "" for a lead route. */
const leadMark = (route: { hold: number | null; plus: boolean; top: boolean }): string =>
  route.top ? 'TOP' : route.hold === null ? '' : `${route.hold}${route.plus ? '+' : ''}`;

const text = (value: number | null | undefined): string => (value === null || value === undefined ? '' : String(value));

export interface ColumnOptions {
  /**
   * One age category is shown: the rank column is the rank within the category (`categoryRank`)
   * and the rank in the whole ranking follows as its own column.
   */
  byCategory?: boolean;
}

/**
 * The columns of a results table for the rows at hand, in order: the same list renders the
 * table and writes the CSV, so an export holds exactly what is shown.
 */
export const resultColumns = (rows: readonly ResultRow[], visible: ReadonlySet<ColumnGroup>, t: TFunction, language: string, options: ColumnOptions = {}): ResultColumn[] => {
  const boulders = Math.max(0, ...rows.map((row) => row.boulders?.length ?? 0));
  const routes = Math.max(0, ...rows.map((row) => row.routes?.length ?? 0));
  const hasTotals = rows.some((row) => row.boulders !== null);
  const hasTime = rows.some((row) => row.time !== null);
  const hasCategories = rows.some((row) => row.ageCategory !== null);
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 3 });
  const show = (group: ColumnGroup) => visible.has(group);

  const columns: ResultColumn[] = options.byCategory
    ? [
        { id: 'rank', header: t('results.column.categoryRank'), cell: (row) => (row.empty ? '' : text(row.categoryRank)), numeric: true },
        { id: 'overallRank', header: t('results.column.overallRank'), cell: (row) => (row.empty ? '' : String(row.rank)), numeric: true },
      ]
    : [{ id: 'rank', header: t('results.column.rank'), cell: (row) => (row.empty ? '' : String(row.rank)), numeric: true }];
  if (show('number')) columns.push({ id: 'number', header: t('results.column.number'), cell: (row) => String(row.racer.racerNumber), numeric: true });
  columns.push({ id: 'name', header: t('results.column.name'), cell: (row) => row.racer.fullName });
  if (show('club')) columns.push({ id: 'club', header: t('results.column.club'), cell: (row) => row.racer.club ?? '' });
  if (show('country')) columns.push({ id: 'country', header: t('results.column.country'), cell: (row) => row.racer.country ?? '' });
  if (show('category') && hasCategories) columns.push({ id: 'category', header: t('results.column.category'), cell: (row) => row.ageCategory?.name ?? '' });
  if (show('group')) columns.push({ id: 'group', header: t('results.column.group'), cell: (row) => row.racer.qualificationGroup ?? '' });
  if (show('marks')) {
    for (let index = 0; index < boulders; index += 1) {
      columns.push({ id: `boulder-${index}`, header: t('results.column.boulder', { number: index + 1 }), cell: (row) => formatBoulderMarks(row.boulders?.[index] ?? { topAttempts: null, zoneAttempts: null }) });
    }
    for (let index = 0; index < routes; index += 1) {
      const route = (row: ResultRow) => row.routes?.[index];
      columns.push({ id: `route-${index}`, header: t('results.column.route', { number: index + 1 }), cell: (row) => { const value = route(row); return value ? leadMark(value) : ''; } });
    }
  }
  if (show('totals') && hasTotals) {
    columns.push(
      { id: 'tops', header: t('results.column.tops'), cell: (row) => text(row.tops), numeric: true },
      { id: 'zones', header: t('results.column.zones'), cell: (row) => text(row.zones), numeric: true },
      { id: 'topAttempts', header: t('results.column.topAttempts'), cell: (row) => text(row.topAttempts), numeric: true },
      { id: 'zoneAttempts', header: t('results.column.zoneAttempts'), cell: (row) => text(row.zoneAttempts), numeric: true },
    );
  }
  if (show('score')) columns.push({ id: 'score', header: t('results.column.score'), cell: (row) => (row.score === null ? '' : number.format(row.score)), numeric: true });
  if (show('time') && hasTime) columns.push({ id: 'time', header: t('results.column.time'), cell: (row) => (row.time === null ? '' : formatTime(row.time)), numeric: true });
  if (show('tieBreak')) {
    columns.push({
      id: 'tieBreak',
      header: t('results.column.tieBreak'),
      cell: (row) => {
        const key = tieBreakKey(row.tieBreak);
        return key === null ? '' : t(key);
      },
    });
  }
  return columns;
};
