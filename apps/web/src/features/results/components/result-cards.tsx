import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { ResultRow } from '../api/results';
import { placeDecided, type ResultColumn } from '../model/result-columns';
import { PODIUM_COLORS } from './podium-colors';
import classes from './result-cards.module.css';

interface ResultCardsProps {
  rows: readonly { key: string; row: ResultRow }[];
  columns: readonly ResultColumn[];
  podium: boolean;
  byCategory: boolean;
}

/** The figures of one kind as label/value pairs that wrap onto the next line instead of running off the screen. */
function Figures({ columns, row, testId }: { columns: readonly ResultColumn[]; row: ResultRow; testId: string }) {
  return (
    <dl className={classes.figures} data-testid={testId}>
      {columns.map((column) => (
        <div key={column.id} className={classes.figure} data-column={column.id}>
          <dt>{column.header}</dt>
          <dd style={column.emphasis ? { fontWeight: 700 } : undefined}>{column.cell(row) || '–'}</dd>
        </div>
      ))}
    </dl>
  );
}

function ResultCard({ row, columns, podiumRank, byCategory }: { row: ResultRow; columns: readonly ResultColumn[]; podiumRank: number | null; byCategory: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const of = (kind: ResultColumn['kind']) => columns.filter((column) => column.kind === kind);
  const [rank, overallRank] = of('rank');
  const number = of('number')[0];
  // "No. 12 · club · SVK": the number goes with the racer's facts, so it is never read as a rank.
  // The group too ("Group A"): a bare letter among the facts would say nothing.
  const labelled = (column: ResultColumn) => (column.id === 'group' && column.cell(row) ? `${column.header} ${column.cell(row)}` : column.cell(row));
  const facts = [number ? `${number.header} ${number.cell(row)}` : '', ...of('racer').map(labelled)].filter(Boolean);
  // A figure that reads as a sentence of its own (a racer still in the speed bracket) stands above the labelled ones.
  const statuses = of('figure').filter((column) => column.standalone?.(row) && column.cell(row));
  const figures = of('figure').filter((column) => !statuses.includes(column));
  const details = of('detail');
  const note = of('note')[0];
  const noteText = note?.cell(row) ?? '';
  const shownRank = (byCategory ? row.categoryRank : row.rank) ?? 0;
  return (
    <li
      className={classes.card}
      data-testid={`result-row-${row.racer.racerNumber}`}
      data-rank={row.empty ? '' : shownRank}
      data-podium={podiumRank ?? undefined}
      style={podiumRank === null ? undefined : { backgroundColor: PODIUM_COLORS[podiumRank] }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Box className={classes.rank} aria-label={rank?.header}>
          <Text fw={700} size="xl" lh={1.1}>
            {rank?.cell(row) || '–'}
          </Text>
          {overallRank && (
            <Text size="xs" c="dimmed">
              {overallRank.header} {overallRank.cell(row)}
            </Text>
          )}
        </Box>
        <Box className={classes.body}>
          <Text fw={700} className={classes.name}>
            {row.racer.fullName}
          </Text>
          {facts.length > 0 && (
            <Text size="xs" c="dimmed" className={classes.name}>
              {facts.join(' · ')}
            </Text>
          )}
          {statuses.map((column) => (
            <Text key={column.id} size="sm" fw={600} mt={4} data-testid="result-status" data-column={column.id}>
              {column.cell(row)}
            </Text>
          ))}
          {figures.length > 0 && <Figures columns={figures} row={row} testId="result-figures" />}
          {noteText && (
            <Text size="xs" mt={2}>
              {note?.header}: {noteText}
            </Text>
          )}
          {details.length > 0 && (
            <>
              <UnstyledButton className={classes.toggle} aria-expanded={open} aria-controls={detailId} onClick={() => setOpen((value) => !value)}>
                <Group gap={4} wrap="nowrap">
                  <Text size="xs" fw={600} c="blue.9">
                    {t(open ? 'results.card.hideDetail' : 'results.card.showDetail')}
                  </Text>
                  <IconChevronDown size={14} aria-hidden className={open ? classes.chevronOpen : undefined} />
                </Group>
              </UnstyledButton>
              {/* Shown or hidden at once: Mantine's Collapse animates, at 1.4 KB compressed for the live page. */}
              <div id={detailId} hidden={!open}>
                <Figures columns={details} row={row} testId="result-detail" />
              </div>
            </>
          )}
        </Box>
      </Group>
    </li>
  );
}

/**
 * The results of a narrow screen: one compact card per racer with the stage's figures always in
 * view and the per-boulder marks behind a button, so nothing needs a sideways scroll.
 */
export function ResultCards({ rows, columns, podium, byCategory }: ResultCardsProps) {
  return (
    <ul className={classes.list} data-testid="results-cards">
      {rows.map(({ key, row }) => {
        const shownRank = (byCategory ? row.categoryRank : row.rank) ?? 0;
        const onPodium = podium && !row.empty && placeDecided(row) && shownRank >= 1 && shownRank <= 3;
        return <ResultCard key={key} row={row} columns={columns} podiumRank={onPodium ? shownRank : null} byCategory={byCategory} />;
      })}
    </ul>
  );
}
