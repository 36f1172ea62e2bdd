import { Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CSSProperties } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { ResultRow } from '../api/results';
import { placeDecided, type ResultColumn } from '../model/result-columns';
import { PODIUM_COLORS } from './podium-colors';
import { ResultCards } from './result-cards';
import classes from './results-table.module.css';

/** Below this width a table of a stage does not fit: each racer becomes a card (screen only; paper keeps the table). */
export const NARROW_SCREEN_QUERY = 'screen and (max-width: 37.5em)';

interface ResultsTableProps {
  /** The rows as shown: their `rank` and `categoryRank` are the ranks of this list. */
  rows: readonly { key: string; row: ResultRow }[];
  columns: readonly ResultColumn[];
  /** Highlights ranks 1 to 3 (spec 9: default podium size 3). */
  podium: boolean;
  /** The rank the podium is about: the category rank when one age category is shown. */
  byCategory?: boolean;
  large?: boolean;
  caption?: string;
  /**
   * On paper only: what the table is (a sex, the stage of an overall block) and a line under it, as
   * the first heading row, so it repeats on every page the table runs over and can never be left
   * alone at the foot of a page. The page hides its own heading of the table on paper then.
   */
  printHeading?: { title: string; note?: string };
}

/**
 * A results table; the columns (and so the CSV) come from resultColumns. On a phone the same
 * columns become one card per racer (ResultCards).
 */
export function ResultsTable({ rows, columns, podium, byCategory = false, large = false, caption, printHeading }: ResultsTableProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY, false, { getInitialValueInEffect: false });
  if (rows.length === 0) return <Text c="dimmed">{t('results.empty')}</Text>;
  if (narrow && !large) return <ResultCards rows={rows} columns={columns} podium={podium} byCategory={byCategory} />;
  return (
    // The box that scrolls a wide table takes the keyboard focus, so arrows scroll it (WCAG 2.1.1).
    <div className={`${classes.scroll} results-scroll`} tabIndex={0}>
      <table
        className={`${classes.table} results-table`}
        style={{ minWidth: Math.min(720, 120 + columns.length * 48) }}
        data-large={large || undefined}
        data-testid="results-table"
      >
        {caption && <caption>{caption}</caption>}
        <thead>
          {printHeading && (
            // Hidden on screen (print.css), where the page's own heading names the table.
            <tr data-print-heading aria-hidden>
              <th colSpan={columns.length}>
                <span data-print-heading-title>{printHeading.title}</span>
                {printHeading.note && <span data-print-heading-note>{printHeading.note}</span>}
              </th>
            </tr>
          )}
          <tr>
            {columns.map((column) => (
              <th key={column.id} data-numeric={column.numeric || undefined} data-column={column.id} style={column.kind === 'rank' ? { whiteSpace: 'nowrap' } : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, row }) => {
            const shownRank = (byCategory ? row.categoryRank : row.rank) ?? 0;
            const onPodium = podium && !row.empty && placeDecided(row) && shownRank >= 1 && shownRank <= 3;
            return (
              <tr
                key={key}
                data-testid={`result-row-${row.racer.racerNumber}`}
                data-rank={row.empty ? '' : shownRank}
                data-podium={onPodium ? shownRank : undefined}
                style={onPodium ? ({ backgroundColor: PODIUM_COLORS[shownRank], '--row-bg': PODIUM_COLORS[shownRank], fontWeight: 700 } as CSSProperties) : undefined}
              >
                {columns.map((column) => (
                  <td key={column.id} data-numeric={column.numeric || undefined} data-column={column.id} className={column.kind === 'note' ? 'results-note' : undefined} style={{ whiteSpace: column.kind === 'note' || column.kind === 'racer' ? 'normal' : 'nowrap', fontWeight: column.emphasis ? 700 : undefined }}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
