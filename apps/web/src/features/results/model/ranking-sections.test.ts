import { describe, expect, it } from 'vitest';
import type { Sex, Stage } from '@climbing/domain';
import { buildResultRow } from '../testing/build-result-row';
import { categoriesIn, overallRows, resultSections, stageBlocks, stageRows } from './ranking-sections';
import { COLUMN_GROUPS, resultColumns } from './result-columns';
import { createI18n } from '../../../test/i18n';

const youth = { id: 1, name: 'Youth' };
const adults = { id: 2, name: 'Adults' };

const row = (id: number, sex: Sex, stage: Stage, rank: number, ageCategory: { id: number; name: string } | null) =>
  buildResultRow({ id: id * 10, stage, rank, ageCategory, racer: { ...buildResultRow().racer, id, racerNumber: id, fullName: `Racer ${id}`, sex, qualificationGroup: id % 2 ? 'A' : 'B' } });

describe('overallRows', () => {
  const qualification = [row(1, 'F', 'QUALIFICATION', 1, youth), row(2, 'F', 'QUALIFICATION', 2, adults), row(3, 'F', 'QUALIFICATION', 3, youth), row(4, 'M', 'QUALIFICATION', 1, adults), row(5, 'M', 'QUALIFICATION', 2, youth)];
  const final = [row(3, 'F', 'FINAL', 1, youth), row(2, 'F', 'FINAL', 2, adults), row(4, 'M', 'FINAL', 1, adults)];

  it('ranks each sex on its own: finalists first, then the others by their qualification rank, with category ranks', () => {
    const rows = overallRows(['QUALIFICATION', 'FINAL'], { QUALIFICATION: qualification, FINAL: final }, true);
    expect(rows.map(({ row: shown }) => [shown.racer.id, shown.racer.sex, shown.rank, shown.categoryRank])).toEqual([
      [3, 'F', 1, 1],
      [2, 'F', 2, 1],
      [1, 'F', 3, 2],
      [4, 'M', 1, 1],
      [5, 'M', 2, 1],
    ]);
  });

  it('keeps one ranking when the sexes are ranked together', () => {
    const rows = overallRows(['QUALIFICATION'], { QUALIFICATION: [row(1, 'F', 'QUALIFICATION', 1, null), row(2, 'M', 'QUALIFICATION', 2, null)] }, false);
    expect(rows.map(({ row: shown }) => [shown.racer.id, shown.rank, shown.categoryRank])).toEqual([
      [1, 1, null],
      [2, 2, null],
    ]);
  });
});

describe('resultSections', () => {
  const rows = stageRows([row(1, 'F', 'QUALIFICATION', 1, youth), row(2, 'F', 'QUALIFICATION', 2, adults), row(4, 'M', 'QUALIFICATION', 1, adults), row(5, 'M', 'QUALIFICATION', 2, youth)]);
  const ids = (sections: ReturnType<typeof resultSections>) => sections.map((section) => [section.ranking, section.rows.map(({ row: shown }) => shown.racer.id)]);

  it('gives women and men their own tables, women first', () => {
    expect(ids(resultSections(rows, { separateSexes: true, sex: null, categoryId: null, group: null }))).toEqual([
      ['F', [1, 2]],
      ['M', [4, 5]],
    ]);
  });

  it('filters by sex, age category and group, leaving out empty tables and keeping the ranks', () => {
    expect(ids(resultSections(rows, { separateSexes: true, sex: 'M', categoryId: null, group: null }))).toEqual([['M', [4, 5]]]);
    const youthOnly = resultSections(rows, { separateSexes: true, sex: null, categoryId: youth.id, group: null });
    expect(youthOnly.flatMap((section) => section.rows.map(({ row: shown }) => shown.rank))).toEqual([1, 2]);
    expect(ids(resultSections(rows, { separateSexes: false, sex: null, categoryId: null, group: 'B' }))).toEqual([[null, [2, 4]]]);
  });

  it('lists the categories that occur, by name', () => {
    expect(categoriesIn(rows.map(({ row: shown }) => shown))).toEqual([adults, youth]);
  });
});

describe('stageBlocks', () => {
  // The winner of the final topped 1 boulder there; the 3rd qualified with 4 tops but did not make the final.
  const qualification = [
    buildResultRow({ id: 1, stage: 'QUALIFICATION', rank: 1, tops: 4, racer: { ...buildResultRow().racer, id: 1, fullName: 'Anna' } }),
    buildResultRow({ id: 2, stage: 'QUALIFICATION', rank: 2, tops: 3, racer: { ...buildResultRow().racer, id: 2, fullName: 'Bea' } }),
    buildResultRow({ id: 3, stage: 'QUALIFICATION', rank: 3, tops: 4, boulders: [{ topAttempts: 1, zoneAttempts: 1 }, { topAttempts: 1, zoneAttempts: 1 }, { topAttempts: 2, zoneAttempts: 1 }, { topAttempts: 3, zoneAttempts: 1 }, { topAttempts: null, zoneAttempts: null }], racer: { ...buildResultRow().racer, id: 3, fullName: 'Cila' } }),
  ];
  const final = [
    buildResultRow({ id: 11, stage: 'FINAL', rank: 1, tops: 1, racer: { ...buildResultRow().racer, id: 2, fullName: 'Bea' } }),
    buildResultRow({ id: 12, stage: 'FINAL', rank: 2, tops: 0, racer: { ...buildResultRow().racer, id: 1, fullName: 'Anna' } }),
  ];

  it('puts each racer under the stage their figures come from, final first, keeping the overall ranks', () => {
    const blocks = stageBlocks(overallRows(['QUALIFICATION', 'FINAL'], { QUALIFICATION: qualification, FINAL: final }, false));
    expect(blocks.map((block) => [block.stage, block.rows.map(({ row }) => [row.racer.fullName, row.rank, row.tops])])).toEqual([
      ['FINAL', [['Bea', 1, 1], ['Anna', 2, 0]]],
      ['QUALIFICATION', [['Cila', 3, 4]]],
    ]);
  });

  it('gives every block columns of its own stage only: the final has its two boulders, the qualification its five', () => {
    const t = createI18n('en').t;
    const blocks = stageBlocks(overallRows(['QUALIFICATION', 'FINAL'], { QUALIFICATION: qualification, FINAL: final }, false));
    const boulderHeaders = blocks.map((block) => resultColumns(block.rows.map(({ row }) => row), new Set(COLUMN_GROUPS), t, 'en').filter((column) => column.kind === 'detail').map((column) => column.header));
    expect(boulderHeaders).toEqual([
      ['B1', 'B2'],
      ['B1', 'B2', 'B3', 'B4', 'B5'],
    ]);
    for (const block of blocks) expect(new Set(block.rows.map(({ row }) => row.stage)).size).toBe(1);
  });

  it('leaves out a stage nobody was placed by', () => {
    expect(stageBlocks(overallRows(['QUALIFICATION', 'SEMIFINAL', 'FINAL'], { QUALIFICATION: qualification }, false)).map((block) => block.stage)).toEqual(['QUALIFICATION']);
  });
});
