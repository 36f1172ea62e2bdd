import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ResultRow } from '../api/results';
import type { ResultColumn } from '../model/result-columns';

const PODIUM_COLORS: Record<number, string> = {
  1: 'var(--mantine-color-yellow-2)',
  2: 'var(--mantine-color-gray-3)',
  3: 'var(--mantine-color-orange-2)',
};

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
}

/** A results table; the columns (and so the CSV) come from resultColumns. */
export function ResultsTable({ rows, columns, podium, byCategory = false, large = false, caption }: ResultsTableProps) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Text c="dimmed">{t('results.empty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={Math.min(900, 120 + columns.length * 70)} type="native">
      <Table
        striped
        highlightOnHover
        fz={large ? 28 : 'sm'}
        verticalSpacing={large ? 'md' : 'xs'}
        data-testid="results-table"
        className="results-table"
      >
        {caption && <Table.Caption>{caption}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.id} ta={column.numeric ? 'right' : undefined} style={column.id === 'rank' || column.id === 'overallRank' ? { whiteSpace: 'nowrap' } : undefined}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ key, row }) => {
            const shownRank = (byCategory ? row.categoryRank : row.rank) ?? 0;
            const onPodium = podium && !row.empty && shownRank >= 1 && shownRank <= 3;
            return (
              <Table.Tr
                key={key}
                data-testid={`result-row-${row.racer.racerNumber}`}
                data-rank={row.empty ? '' : shownRank}
                data-podium={onPodium ? shownRank : undefined}
                style={onPodium ? { backgroundColor: PODIUM_COLORS[shownRank], fontWeight: 700 } : undefined}
              >
                {columns.map((column) => (
                  <Table.Td key={column.id} ta={column.numeric ? 'right' : undefined} style={{ whiteSpace: column.id === 'tieBreak' ? 'normal' : 'nowrap' }}>
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
