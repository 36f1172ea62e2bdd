import type { CSSProperties } from 'react';
import { Badge, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/translation';
import { currentLanguage } from '../../../lib/i18n';
import { formatDate } from '../../../lib/format-date';
import { formatPoints } from '../../../lib/format-figures';
import type { CupRankingRow } from '../api/cup';
import { cupPointsDecimals } from '../model/cup-points-decimals';
import classes from './cup-ranking-table.module.css';

export interface RankingRace {
  raceId: number;
  raceName: string;
  /** The race's event and day, named in its column heading: races of a cup are often all called "Men". */
  eventName?: string;
  startingDate?: string;
  /** A race that is not public is marked in its column heading (only viewers who may see it get it). */
  isPublic?: boolean;
}

/**
 * Cup points: whole where the whole table is ("1000"), else every figure with 2 decimals, "40,00"
 * beside "12,50", so a column lines up (model/cup-points-decimals.ts, lib/format-figures).
 */
const cupPoints = (points: number, decimals: number, language: string): string => formatPoints(points, decimals, language);

/** A figure space: as wide as a digit (the table's digits are tabular), so " (1.)" is as wide as "(12.)". */
const FIGURE_SPACE = '\u2007';

/**
 * Spec 3 Cup ranking of one category: rank, racer, total and one column per race of the category.
 * Counted points are bold; points outside the best N are dimmed and struck through; points of a
 * race not finished yet are marked provisional, and so is the racer's total.
 */
export function CupRankingTable({
  rows,
  races,
  printHeading,
}: {
  rows: readonly CupRankingRow[];
  races: readonly RankingRace[];
  /** On paper only (print.css): the category and a line under it, as the first heading row, repeated on every page. */
  printHeading?: { title: string; note?: string };
}) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const decimals = cupPointsDecimals(rows);
  // A race nobody has points from yet is left off the paper (on screen it says the race is still to come).
  // Each race column's places padded to its longest one, so the points above each other line up.
  const placeDigits = new Map(races.map((race) => [race.raceId, Math.max(0, ...rows.flatMap((row) => row.raceResults.filter((entry) => entry.race.id === race.raceId).map((entry) => String(entry.rank).length)))]));
  const emptyRaces = new Set(races.filter((race) => !rows.some((row) => row.raceResults.some((entry) => entry.race.id === race.raceId))).map((race) => race.raceId));

  return (
    <div className={classes.scroll}>
      <Table striped highlightOnHover aria-label={t('cups.rankingTable')} className={classes.table} style={{ '--cup-table-min-width': `${360 + races.length * 90}px` } as CSSProperties}>
        <Table.Thead>
          {printHeading && (
            <Table.Tr data-print-heading aria-hidden>
              <Table.Th colSpan={3 + races.length}>
                <span data-print-heading-title>{printHeading.title}</span>
                {printHeading.note && <span data-print-heading-note>{printHeading.note}</span>}
              </Table.Th>
            </Table.Tr>
          )}
          <Table.Tr>
            <Table.Th scope="col">{t('cups.rank')}</Table.Th>
            <Table.Th scope="col">{t('cups.racer')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('cups.points')}
            </Table.Th>
            {races.map((race) => (
              <Table.Th scope="col" key={race.raceId} ta="right" className={classes.race} data-print-empty={emptyRaces.has(race.raceId) || undefined}>
                {race.eventName && (
                  <Text component="span" display="block" size="xs" c="dimmed" fw={400}>
                    {race.eventName}
                  </Text>
                )}
                {race.raceName}
                {race.startingDate && (
                  <Text component="span" display="block" size="xs" fw={400}>
                    {formatDate(race.startingDate, language)}
                  </Text>
                )}
                {race.isPublic === false && (
                  <Badge ml="xs" size="xs" variant="light" color="gray" title={t('cups.notPublicHint')}>
                    {t('cups.notPublic')}
                  </Badge>
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.racerKey}>
              <Table.Td>{row.rank}.</Table.Td>
              <Table.Th scope="row" fw={500}>
                {row.racerName}
                {row.provisional && (
                  <Badge ml="xs" size="xs" variant="light" color="yellow" title={t('cups.provisionalHint')}>
                    {t('cups.provisional')}
                  </Badge>
                )}
                {row.club && (
                  <Text component="span" size="sm" c="dimmed" ml="xs" className={classes.club}>
                    {row.club}
                  </Text>
                )}
                <PerRacePoints row={row} races={races} decimals={decimals} language={language} />
              </Table.Th>
              <Table.Td ta="right" fw={700}>
                {cupPoints(row.points, decimals, language)}
              </Table.Td>
              {races.map((race) => {
                const result = row.raceResults.find((entry) => entry.race.id === race.raceId);
                if (!result)
                  return (
                    <Table.Td key={race.raceId} ta="right" className={classes.race} aria-label={t('cups.noResult')} data-print-empty={emptyRaces.has(race.raceId) || undefined}>
                      –
                    </Table.Td>
                  );
                const points = cupPoints(result.points, decimals, language);
                return (
                  <Table.Td key={race.raceId} ta="right" className={classes.race} data-counted={result.counted} data-provisional={result.provisional || undefined}>
                    {result.counted ? (
                      <Text component="strong" fw={700} size="sm">
                        {points}
                      </Text>
                    ) : (
                      <Text component="span" c="dimmed" td="line-through" size="sm" title={t('cups.notCounted')}>
                        {points}
                        <VisuallyHidden> ({t('cups.notCounted')})</VisuallyHidden>
                      </Text>
                    )}
                    <Text component="span" size="xs" c="dimmed" ml={4}>
                      {FIGURE_SPACE.repeat(Math.max(0, (placeDigits.get(race.raceId) ?? 0) - String(result.rank).length))}({t('cups.placeShort', { rank: result.rank })}
                      {result.provisional ? `, ${t('cups.provisional')}` : ''})
                    </Text>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** On a phone, instead of the race columns: each race the racer has points from, on its own line. */
function PerRacePoints({ row, races, decimals, language }: { row: CupRankingRow; races: readonly RankingRace[]; decimals: number; language: string }) {
  const { t } = useTranslation();
  const entries = races.flatMap((race) => {
    const result = row.raceResults.find((entry) => entry.race.id === race.raceId);
    return result ? [{ race, result }] : [];
  });
  if (entries.length === 0) return null;
  // The event names a race, unless the cup has another race of the same event (lead and speed of one weekend): then the race's name too.
  const label = (race: RankingRace) => (race.eventName && races.filter((other) => other.eventName === race.eventName).length > 1 ? `${race.eventName} · ${race.raceName}` : (race.eventName ?? race.raceName));
  return (
    <span className={classes.perRace}>
      {entries.map(({ race, result }) => (
        <span key={race.raceId}>
          {label(race)}:{' '}
          {result.counted ? (
            <Text component="strong" fw={700} size="xs" c="var(--mantine-color-text)">
              {cupPoints(result.points, decimals, language)}
            </Text>
          ) : (
            <Text component="span" size="xs" td="line-through" title={t('cups.notCounted')}>
              {cupPoints(result.points, decimals, language)}
              <VisuallyHidden> ({t('cups.notCounted')})</VisuallyHidden>
            </Text>
          )}{' '}
          ({t('cups.placeShort', { rank: result.rank })}
          {result.provisional ? `, ${t('cups.provisional')}` : ''})
        </span>
      ))}
    </span>
  );
}
