import type { ResultRow } from '../api/results';

/** The rows of a ranking cut into screenfuls of `perPage` (at least one row a page, at least one page). */
export const pagesOf = <Row>(rows: readonly Row[], perPage: number): Row[][] => {
  const size = Math.max(1, Math.floor(perPage));
  const pages: Row[][] = [];
  for (let start = 0; start < rows.length; start += size) pages.push(rows.slice(start, start + size));
  return pages.length > 0 ? pages : [[]];
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
 * empty); a ranking longer than what is left of a page starts a page of its own and is cut as
 * `pagesOf` cuts it. With one ranking there are no heading rows: every page is one part.
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
    // Longer than a page: pages of its own, each with its heading.
    for (const rows of pagesOf(section.rows, Math.max(1, size - 1))) pages.push([{ ranking: section.ranking, rows }]);
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
