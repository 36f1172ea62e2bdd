import type { Sex } from '../model/enums.ts';
import { RANKING_ORDER } from '../rules/sex-rankings.ts';
import { mergeGroupRanks } from './merge-group-ranks.ts';
import { compareRacerIds } from './rank-by-criteria.ts';
import type { RacerId, RankedRacer } from './scoring-types.ts';

/** One racer of a stage, as the stage ranking needs it; the discipline's data rides along in `Entry`. */
export interface StageEntry {
  racerId: RacerId;
  sex: Sex;
  /** Qualification group; only looked at when groups are ranked apart. */
  group: string | number | null;
  /** Nothing entered yet: ranked last in its ranking, behind every racer with a result. */
  empty: boolean;
}

export interface RankStageInput<Entry extends StageEntry, Ranked extends RankedRacer> {
  entries: readonly Entry[];
  /** Women and men are ranked apart (a MIXED race with mixedRanking SEPARATE). */
  separateSexes: boolean;
  /**
   * Bouldering qualification climbed in groups: each group (different boulders) is ranked on its
   * own and the group ranks are merged (RULES.md 1c). Lead and speed groups climb the same routes
   * and are ranked as one field.
   */
  groupsRankedApart: boolean;
  /**
   * Ranks one field of racers who all have a result: one sex (or the whole stage), or one group of
   * it. `ranking` is the sex of the ranking, null when the stage has one ranking.
   */
  rankField: (entries: readonly Entry[], ranking: Sex | null) => readonly Ranked[];
}

export interface StagePlace<Entry extends StageEntry, Ranked extends RankedRacer> {
  entry: Entry;
  /** The racer's row from `rankField`; null for an empty racer. */
  result: Ranked | null;
  /** The rank within the racer's ranking. */
  rank: number;
  /** The sex of the racer's ranking, or null when the stage has one ranking. */
  ranking: Sex | null;
}

function rankOneRanking<Entry extends StageEntry, Ranked extends RankedRacer>(
  input: RankStageInput<Entry, Ranked>,
  entries: readonly Entry[],
  ranking: Sex | null,
): StagePlace<Entry, Ranked>[] {
  const scored = entries.filter((entry) => !entry.empty);
  const groups = new Map<string | number | null, Entry[]>();
  for (const entry of scored) {
    const group = groups.get(entry.group);
    if (group) group.push(entry);
    else groups.set(entry.group, [entry]);
  }

  let results: Ranked[];
  let ranks: Map<RacerId, number>;
  if (input.groupsRankedApart && groups.size > 1) {
    const perGroup = [...groups.values()].map((group) => [...input.rankField(group, ranking)]);
    results = perGroup.flat();
    ranks = new Map(mergeGroupRanks(perGroup).map((row) => [row.racerId, row.rank]));
  } else {
    results = scored.length === 0 ? [] : [...input.rankField(scored, ranking)];
    ranks = new Map(results.map((row) => [row.racerId, row.rank]));
  }
  const resultOf = new Map(results.map((row) => [row.racerId, row]));
  // Racers with nothing entered share the place after the last racer with a result (issue 9):
  // an unscored group can never rank above scored racers, nor reach the next stage.
  const lastPlace = scored.length + 1;
  return entries.map((entry) => {
    const result = entry.empty ? null : (resultOf.get(entry.racerId) ?? null);
    return { entry, result, rank: result === null ? lastPlace : (ranks.get(entry.racerId) ?? result.rank), ranking };
  });
}

/**
 * Ranks one stage of a race: per sex when the sexes are ranked apart (each sex exactly as if it
 * were a race of its own), the groups of a bouldering qualification apart and merged, and racers
 * without a result last in their ranking. The output is ordered by ranking (women first), rank,
 * then racer id.
 */
export const rankStage = <Entry extends StageEntry, Ranked extends RankedRacer>(input: RankStageInput<Entry, Ranked>): StagePlace<Entry, Ranked>[] => {
  const partitions: [Sex | null, Entry[]][] = input.separateSexes
    ? RANKING_ORDER.map((sex) => [sex, input.entries.filter((entry) => entry.sex === sex)])
    : [[null, [...input.entries]]];
  return partitions
    .filter(([, entries]) => entries.length > 0)
    .flatMap(([ranking, entries]) =>
      rankOneRanking(input, entries, ranking).sort((a, b) => a.rank - b.rank || compareRacerIds(a.entry.racerId, b.entry.racerId)),
    );
};
