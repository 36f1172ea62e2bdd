import type { CupRankingRow } from '../api/cup';

/** Whether a figure is whole (the server floors cup points to at most 2 decimals). */
const isWhole = (value: number): boolean => Math.abs(value - Math.round(value)) < 1e-9;

/**
 * The decimals a category's cup points are written with: none where every total and every race's
 * points of the table are whole ("1000", "805": a season without shared places, or a points table
 * floored to whole points), else 2 for every figure ("40,00" beside "12,50"), so a column lines up.
 * The ranking does not say its points table's decimals; its figures do.
 */
export function cupPointsDecimals(rows: readonly CupRankingRow[]): 0 | 2 {
  return rows.every((row) => isWhole(row.points) && row.raceResults.every((result) => isWhole(result.points))) ? 0 : 2;
}
