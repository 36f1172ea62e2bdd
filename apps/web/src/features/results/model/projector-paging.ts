import type { ResultRow } from '../api/results';

/** The rows of a ranking cut into screenfuls of `perPage` (at least one row a page, at least one page). */
export const pagesOf = <Row>(rows: readonly Row[], perPage: number): Row[][] => {
  const size = Math.max(1, Math.floor(perPage));
  const pages: Row[][] = [];
  for (let start = 0; start < rows.length; start += size) pages.push(rows.slice(start, start + size));
  return pages.length > 0 ? pages : [[]];
};

/** A racer's figures as one comparable value; the rank is left out, it moves when somebody else climbs. */
const figures = (row: ResultRow): string => JSON.stringify([row.tops, row.zones, row.topAttempts, row.zoneAttempts, row.score, row.time, row.boulders, row.routes]);

/** The figures of each racer of a live update, to compare the next update with. */
export const figuresByRacer = (rows: readonly ResultRow[]): Map<number, string> => new Map(rows.map((row) => [row.racer.id, figures(row)]));

/**
 * The racers whose figures changed from one live update to the next. The first load (`previous`
 * null) highlights nobody; a racer new to the list counts once they have any score.
 */
export const changedRacers = (previous: ReadonlyMap<number, string> | null, rows: readonly ResultRow[]): number[] => {
  if (previous === null) return [];
  return rows
    .filter((row) => {
      const before = previous.get(row.racer.id);
      return before === undefined ? !row.empty : before !== figures(row);
    })
    .map((row) => row.racer.id);
};
