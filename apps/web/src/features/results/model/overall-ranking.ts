import type { Stage } from '@climbing/domain';

export interface StageRankedRow {
  racer: { id: number };
  rank: number;
}

export interface OverallRow<Row extends StageRankedRow> {
  rank: number;
  /** The row of the last stage the racer climbed in; it decides the racer's place. */
  row: Row;
  stage: Stage;
}

/**
 * The race's overall ranking from its stages: the racers of the last stage first in that stage's
 * order, then those who went out in the stage before it in their order there, and so on.
 * Ties within a stage share a rank; the next rank skips (1, 1, 3).
 */
export const overallRanking = <Row extends StageRankedRow>(stages: readonly Stage[], rowsByStage: Partial<Record<Stage, readonly Row[]>>): OverallRow<Row>[] => {
  const placed = new Set<number>();
  const result: OverallRow<Row>[] = [];
  for (const stage of [...stages].reverse()) {
    const rows = (rowsByStage[stage] ?? []).filter((row) => !placed.has(row.racer.id));
    const sorted = [...rows].sort((a, b) => a.rank - b.rank);
    const offset = result.length;
    sorted.forEach((row, index) => {
      const previous = sorted[index - 1];
      const rank = previous !== undefined && previous.rank === row.rank ? (result.at(-1)?.rank ?? offset + index + 1) : offset + index + 1;
      result.push({ rank, row, stage });
      placed.add(row.racer.id);
    });
  }
  return result;
};
