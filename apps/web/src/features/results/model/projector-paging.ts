import type { ResultRow } from '../api/results';

/** The rows of a ranking cut into screenfuls of `perPage` (at least one row a page, at least one page). */
export const pagesOf = <Row>(rows: readonly Row[], perPage: number): Row[][] => {
  const size = Math.max(1, Math.floor(perPage));
  const pages: Row[][] = [];
  for (let start = 0; start < rows.length; start += size) pages.push(rows.slice(start, start + size));
  return pages.length > 0 ? pages : [[]];
};

/**
 * How many rows (a ranking's heading row counts as one) fit on the projector's screen: `space` is
 * the height in CSS pixels from the top of the table's first row to the bottom of the area the
 * table may fill, `rowHeight` the height of one rendered row (zoom included). At least one row;
 * null while nothing has been laid out (no row height to go by).
 */
export const rowsPerPage = (space: number, rowHeight: number): number | null => {
  if (!(rowHeight > 0) || !Number.isFinite(space)) return null;
  // A hair of tolerance for the rounding of fractional layouts: 809.9999 px still holds 15 rows of 54 px.
  return Math.max(1, Math.floor(space / rowHeight + 1e-6));
};

/** One part of a screen page: a slice of one ranking (women, men, or everybody). */
export interface ScreenPart<Ranking, Row> {
  ranking: Ranking;
  rows: Row[];
}

/**
 * The rankings of a screen packed into screenfuls of `perPage` rows. Where a race ranks women and
 * men apart, a short ranking shares its page with the next one, each under a heading row that
 * takes a row's height (a mixed final of 3 and 3 showed 3 rows on a 1080p screen, two thirds
 * empty); a ranking longer than what is left of a page starts pages of its own and is cut as
 * `pagesOf` cuts it, a whole page of rows each: alone on its page it has no heading row (the
 * screen's subtitle names it). With one ranking there are no heading rows: every page is one part.
 */
export const packPages = <Ranking, Row>(sections: readonly { ranking: Ranking; rows: readonly Row[] }[], perPage: number): ScreenPart<Ranking, Row>[][] => {
  const size = Math.max(1, Math.floor(perPage));
  if (sections.length <= 1) return pagesOf(sections[0]?.rows ?? [], size).map((rows) => [{ ranking: sections[0]?.ranking as Ranking, rows }]);
  const pages: ScreenPart<Ranking, Row>[][] = [];
  let page: ScreenPart<Ranking, Row>[] = [];
  let used = 0;
  for (const section of sections) {
    // A heading and at least one row of the section must fit, and the whole section if it is to share the page.
    const whole = section.rows.length + 1;
    if (page.length > 0 && used + whole > size) {
      pages.push(page);
      page = [];
      used = 0;
    }
    if (whole <= size - used) {
      page.push({ ranking: section.ranking, rows: [...section.rows] });
      used += whole;
      continue;
    }
    // Longer than a page: pages of its own, with no heading row (the projector names a page's only ranking in its subtitle).
    for (const rows of pagesOf(section.rows, size)) pages.push([{ ranking: section.ranking, rows }]);
  }
  if (page.length > 0) pages.push(page);
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
