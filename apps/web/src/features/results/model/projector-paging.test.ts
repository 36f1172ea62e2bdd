import { describe, expect, it } from 'vitest';
import { buildResultRow } from '../testing/build-result-row';
import { changedRacers, figuresByRacer, packPages, pagesOf, rowsPerPage } from './projector-paging';

const racer = (id: number) => ({ ...buildResultRow().racer, id, racerNumber: id, fullName: `Racer ${id}` });

describe('pagesOf', () => {
  it('cuts 40 rows into screenfuls of 16: 16, 16 and 8', () => {
    const rows = Array.from({ length: 40 }, (_, index) => index);
    expect(pagesOf(rows, 16).map((page) => page.length)).toEqual([16, 16, 8]);
    expect(pagesOf(rows, 16).flat()).toEqual(rows);
  });

  it('always has one page and at least one row a page', () => {
    expect(pagesOf([], 10)).toEqual([[]]);
    expect(pagesOf([1, 2], 0)).toEqual([[1], [2]]);
  });
});

describe('changedRacers', () => {
  const first = [buildResultRow({ racer: racer(1), tops: 1 }), buildResultRow({ id: 2, racer: racer(2), tops: 0, rank: 2 })];

  it('highlights nobody on the first load', () => {
    expect(changedRacers(null, first)).toEqual([]);
  });

  it('names the racer whose figures changed, not the one who only moved down a rank', () => {
    const next = [buildResultRow({ id: 2, racer: racer(2), tops: 2, rank: 1 }), buildResultRow({ racer: racer(1), tops: 1, rank: 2 })];
    expect(changedRacers(figuresByRacer(first), next)).toEqual([2]);
  });

  it('names a racer new to the list once they have a score', () => {
    const next = [...first, buildResultRow({ id: 3, racer: racer(3), empty: true }), buildResultRow({ id: 4, racer: racer(4), tops: 1 })];
    expect(changedRacers(figuresByRacer(first), next)).toEqual([4]);
  });
});

describe('packPages', () => {
  const section = (ranking: string, count: number) => ({ ranking, rows: Array.from({ length: count }, (_, index) => `${ranking}${index + 1}`) });
  const shape = (pages: { ranking: string; rows: string[] }[][]) => pages.map((page) => page.map((part) => `${part.ranking}:${part.rows.length}`));

  it('puts short rankings on one page, each under its heading row', () => {
    expect(shape(packPages([section('F', 3), section('M', 3)], 16))).toEqual([['F:3', 'M:3']]);
  });

  it('starts a page for a ranking that no longer fits whole, and cuts a long one into full pages of its own (no heading row: the subtitle names it)', () => {
    expect(shape(packPages([section('F', 10), section('M', 10)], 16))).toEqual([['F:10'], ['M:10']]);
    expect(shape(packPages([section('F', 3), section('M', 40)], 16))).toEqual([['F:3'], ['M:16'], ['M:16'], ['M:8']]);
    expect(packPages([section('F', 3), section('M', 40)], 16).flat().flatMap((part) => part.rows)).toHaveLength(43);
  });

  it('puts every racer on exactly one page of a cycle and no page over its rows (a shared page counts its heading rows), whatever the page size', () => {
    const sections = [section('F', 17), section('M', 4), section('X', 2), section('Y', 31)];
    const everybody = sections.flatMap((one) => one.rows);
    for (let perPage = 1; perPage <= 40; perPage += 1) {
      const pages = packPages(sections, perPage);
      expect([...pages.flat().flatMap((part) => part.rows)].sort()).toEqual([...everybody].sort());
      for (const page of pages) expect(page.reduce((used, part) => used + part.rows.length + (page.length > 1 ? 1 : 0), 0)).toBeLessThanOrEqual(perPage);
    }
  });

  it('keeps a single ranking as pagesOf cuts it, with no heading row', () => {
    expect(shape(packPages([section('', 40)], 16))).toEqual([[':16'], [':16'], [':8']]);
    expect(packPages([], 16)).toEqual([[{ ranking: undefined, rows: [] }]]);
  });
});

describe('rowsPerPage', () => {
  it('fills the space under the first row with whole rows: 1920x1080 at full size, and zoomed-out rows on smaller screens', () => {
    // 54 px rows from 190 px down to 1056 px (the screen's padding under it): 16 rows, none cut off.
    expect(rowsPerPage(1056 - 190, 54)).toBe(16);
    // The same table zoomed out to 0.8 on a 1366 px screen: 43.2 px rows in 744 - 270 px.
    expect(rowsPerPage(744 - 270, 43.2)).toBe(10);
    // 1280x720 at a zoom of 0.75.
    expect(rowsPerPage(696 - 262, 40.5)).toBe(10);
  });

  it('never cuts a row: a space a hair short of a row more keeps it out, a fractional layout of exactly N rows keeps N', () => {
    expect(rowsPerPage(15 * 54 - 0.5, 54)).toBe(14);
    expect(rowsPerPage(15 * 54 - 1e-9, 54)).toBe(15);
    expect(rowsPerPage(15 * 54, 54)).toBe(15);
  });

  it('shows at least one row, and has no answer before the rows are laid out', () => {
    expect(rowsPerPage(20, 54)).toBe(1);
    expect(rowsPerPage(-40, 54)).toBe(1);
    expect(rowsPerPage(800, 0)).toBeNull();
    expect(rowsPerPage(Number.NaN, 54)).toBeNull();
  });
});
