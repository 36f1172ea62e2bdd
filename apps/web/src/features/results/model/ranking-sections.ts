import { RANKING_ORDER, STAGES, categoryRanks, type Sex, type Stage } from '@climbing/domain';
import type { ResultRow } from '../api/results';
import { overallRanking } from './overall-ranking';

/** A row as a table shows it: `row.rank` and `row.categoryRank` are the ranks of the shown list (a stage's, or the overall ones). */
export interface ShownRow {
  key: string;
  row: ResultRow;
}

/** One results table: a ranking (a sex when the race ranks the sexes apart, else null for the one ranking). */
export interface ResultSection {
  ranking: Sex | null;
  rows: ShownRow[];
}

export interface SectionFilters {
  /** The race ranks women and men apart (a MIXED race with mixedRanking SEPARATE). */
  separateSexes: boolean;
  sex: Sex | null;
  categoryId: number | null;
  group: string | null;
}

/**
 * The overall ranking of a race per ranking (sex), from its stages: overallRanking within each
 * ranking, then the category ranks of those places (the domain's categoryRanks, as the server
 * computes them for a stage).
 */
export const overallRows = (stages: readonly Stage[], rowsByStage: Partial<Record<Stage, readonly ResultRow[]>>, separateSexes: boolean): ShownRow[] => {
  const rankings: (Sex | null)[] = separateSexes ? [...RANKING_ORDER] : [null];
  return rankings.flatMap((ranking) => {
    const own = (rows: readonly ResultRow[] | undefined) => rows?.filter((row) => ranking === null || row.racer.sex === ranking);
    const byStage = Object.fromEntries(stages.map((stage) => [stage, own(rowsByStage[stage])])) as Partial<Record<Stage, readonly ResultRow[]>>;
    const places = overallRanking(stages, byStage);
    const categories = categoryRanks(places.map(({ row, rank }) => ({ racerId: row.racer.id, rank, ranking, categoryId: row.ageCategory?.id ?? null })));
    return places.map(({ row, rank }, index) => ({ key: `${row.racer.id}`, row: { ...row, rank, categoryRank: categories[index]?.categoryRank ?? null } }));
  });
};

/** The rows of one stage as shown: the server's ranks. */
export const stageRows = (rows: readonly ResultRow[] | undefined): ShownRow[] => (rows ?? []).map((row) => ({ key: `${row.id}`, row }));

/**
 * The tables to show: one per ranking present (women first) when the sexes are ranked apart, else
 * one; the rows filtered by sex, age category and qualification group, ranks unchanged.
 */
export const resultSections = (rows: readonly ShownRow[], filters: SectionFilters): ResultSection[] => {
  const kept = rows.filter(
    ({ row }) =>
      (filters.sex === null || row.racer.sex === filters.sex) &&
      (filters.categoryId === null || row.ageCategory?.id === filters.categoryId) &&
      (filters.group === null || row.racer.qualificationGroup === filters.group),
  );
  if (!filters.separateSexes) return [{ ranking: null, rows: kept }];
  return RANKING_ORDER.map((sex) => ({ ranking: sex, rows: kept.filter(({ row }) => row.racer.sex === sex) })).filter((section) => section.rows.length > 0);
};

/** The overall rows of one stage: the racers whose place that stage decided, with that stage's figures. */
export interface StageBlock {
  stage: Stage;
  rows: ShownRow[];
}

/**
 * The overall ranking cut by the stage each racer's figures come from, latest stage first (final,
 * semifinal, qualification): each block gets its own table under its stage's heading, so no column
 * holds the tops of a final next to the tops of a qualification. Overall ranks stay as they are.
 */
export const stageBlocks = (rows: readonly ShownRow[]): StageBlock[] =>
  [...STAGES]
    .reverse()
    .map((stage) => ({ stage, rows: rows.filter(({ row }) => row.stage === stage) }))
    .filter((block) => block.rows.length > 0);

/** The age categories that occur in the rows, by name (the switch offers only those). */
export const categoriesIn = (rows: readonly ResultRow[]): { id: number; name: string }[] => {
  const seen = new Map<number, string>();
  for (const row of rows) if (row.ageCategory) seen.set(row.ageCategory.id, row.ageCategory.name);
  return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
};
