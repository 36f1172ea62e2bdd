import type { Language } from '@climbing/domain';
import type { TFunction } from '../../../lib/translation';
import { formatDate } from '../../../lib/format-date';
import { formatPoints } from '../../../lib/format-figures';
import { buildSectionsCsv } from '../../results/model/csv';
import type { CupRankingRow } from '../api/cup';
import { cupPointsDecimals } from './cup-points-decimals';

export interface CupCsvCategory {
  name: string;
  races: readonly { raceId: number; raceName: string; eventName: string; startingDate: string }[];
  rows: readonly CupRankingRow[];
}

/**
 * A cup's ranking as one CSV file (the season's end at a federation): each category under a line
 * with its name; per racer the rank, name, birth year, club, total and, per race of the category,
 * the points with the place, marked where they are not counted (outside the best results) or
 * provisional (the race is not finished).
 */
export function cupRankingCsv(categories: readonly CupCsvCategory[], t: TFunction, language: Language): string {
  return buildSectionsCsv(
    categories.map((category) => {
      // Written as on the page: whole where the category's whole table is, else with 2 decimals.
      const decimals = cupPointsDecimals(category.rows);
      const points = (value: number) => formatPoints(value, decimals, language);
      return {
        title: category.name,
        header: [
          t('cups.rank'),
          t('cups.racer'),
          t('cups.birthYear'),
          t('cups.club'),
          t('cups.points'),
          ...category.races.map((race) => `${race.eventName} – ${race.raceName} (${formatDate(race.startingDate, language)})`),
        ],
        rows: category.rows.map((row) => [
          row.rank,
          row.provisional ? `${row.racerName} (${t('cups.provisional')})` : row.racerName,
          row.birthYear,
          row.club,
          points(row.points),
          ...category.races.map((race) => {
            const result = row.raceResults.find((entry) => entry.race.id === race.raceId);
            if (!result) return null;
            const marks = [result.counted ? null : t('cups.notCounted'), result.provisional ? t('cups.provisional') : null].filter(Boolean);
            return `${points(result.points)} (${t('cups.placeShort', { rank: result.rank })}${marks.length > 0 ? `, ${marks.join(', ')}` : ''})`;
          }),
        ]),
      };
    }),
  );
}
