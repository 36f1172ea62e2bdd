import { describe, expect, it } from 'vitest';
import { buildResultRow } from '../testing/build-result-row';
import { changedRacers, figuresByRacer, packPages, pagesOf } from './projector-paging';

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

  it('starts a page for a ranking that no longer fits whole, and cuts a long one into pages of its own', () => {
    expect(shape(packPages([section('F', 10), section('M', 10)], 16))).toEqual([['F:10'], ['M:10']]);
    expect(shape(packPages([section('F', 3), section('M', 40)], 16))).toEqual([['F:3'], ['M:15'], ['M:15'], ['M:10']]);
    expect(packPages([section('F', 3), section('M', 40)], 16).flat().flatMap((part) => part.rows)).toHaveLength(43);
  });

  it('keeps a single ranking as pagesOf cuts it, with no heading row', () => {
    expect(shape(packPages([section('', 40)], 16))).toEqual([[':16'], [':16'], [':8']]);
    expect(packPages([], 16)).toEqual([[{ ranking: undefined, rows: [] }]]);
  });
});
