import type { Discipline } from '../model/enums.ts';

type Id = string | number;

export interface CupRaceResult<RacerId extends Id = Id, RaceId extends Id = Id> {
  racerId: RacerId;
  raceId: RaceId;
  discipline: Discipline;
  /** Level of the race's cup rank category; a larger number is a more important race. */
  categoryLevel: number;
  rank: number;
  points: number;
}

export interface CupRankingInput<RacerId extends Id, RaceId extends Id> {
  results: readonly CupRaceResult<RacerId, RaceId>[];
  /** Best N results count; null or undefined: all of them. */
  maxCountedResults?: number | null;
  /** The best result of every discipline the racer climbed is always counted. */
  oneResultFromAllDisciplines?: boolean;
  /** Equal totals are separated by the counted places at the highest category level. */
  raceLevelTieBreak?: boolean;
}

export interface CountedRaceResult<RacerId extends Id, RaceId extends Id> extends CupRaceResult<RacerId, RaceId> {
  counted: boolean;
}

export interface CupRankingRow<RacerId extends Id, RaceId extends Id> {
  racerId: RacerId;
  points: number;
  rank: number;
  raceResults: CountedRaceResult<RacerId, RaceId>[];
}

const HUNDREDTHS = 100;
const toHundredths = (points: number): number => Math.round(points * HUNDREDTHS);

const compareIds = (a: Id, b: Id): number => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
};

/** Best first; the rest of the keys only make the order independent of the input order. */
const compareResults = (a: CupRaceResult, b: CupRaceResult): number =>
  toHundredths(b.points) - toHundredths(a.points) ||
  b.categoryLevel - a.categoryLevel ||
  a.rank - b.rank ||
  compareIds(a.raceId, b.raceId) ||
  compareIds(a.discipline, b.discipline);

/**
 * Chooses the counted results of one racer (sorted best first). With oneResultFromAllDisciplines
 * the best result of each discipline is taken first, then the remaining slots go to the best of
 * the rest; this is the highest total that satisfies the rule. If the racer climbed more
 * disciplines than maxCountedResults allows, the best disciplines' results win.
 */
const chooseCounted = (sorted: readonly CupRaceResult[], max: number | null, perDiscipline: boolean): Set<CupRaceResult> => {
  const limit = max ?? sorted.length;
  const counted = new Set<CupRaceResult>();
  if (perDiscipline) {
    const seen = new Set<Discipline>();
    for (const result of sorted) {
      if (seen.has(result.discipline) || counted.size >= limit) continue;
      seen.add(result.discipline);
      counted.add(result);
    }
  }
  for (const result of sorted) {
    if (counted.size >= limit) break;
    counted.add(result);
  }
  return counted;
};

/**
 * Tie-break key: counted ranks grouped by category level, highest level first, each group sorted
 * best place first. Two racers compare level by level, place by place; a place beats no place.
 */
const tieBreakKey = (results: readonly CountedRaceResult<Id, Id>[]): [number, number[]][] => {
  const byLevel = new Map<number, number[]>();
  for (const result of results) {
    if (!result.counted) continue;
    const ranks = byLevel.get(result.categoryLevel);
    if (ranks) ranks.push(result.rank);
    else byLevel.set(result.categoryLevel, [result.rank]);
  }
  return [...byLevel.entries()].sort(([a], [b]) => b - a).map(([level, ranks]) => [level, ranks.sort((a, b) => a - b)]);
};

const compareTieBreakKeys = (a: [number, number[]][], b: [number, number[]][]): number => {
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    const [levelA, ranksA] = a[index] ?? [Number.NEGATIVE_INFINITY, []];
    const [levelB, ranksB] = b[index] ?? [Number.NEGATIVE_INFINITY, []];
    // Results at a higher level than anything the other racer has decide at once.
    if (levelA !== levelB) return levelB - levelA;
    for (let place = 0; place < Math.max(ranksA.length, ranksB.length); place += 1) {
      const rankA = ranksA[place];
      const rankB = ranksB[place];
      if (rankA === rankB) continue;
      if (rankA === undefined) return 1;
      if (rankB === undefined) return -1;
      return rankA - rankB;
    }
  }
  return 0;
};

/**
 * Cup ranking over the races' cup points. Totals are summed in hundredths. Equal totals share a
 * rank (1, 1, 3) unless raceLevelTieBreak separates them; racers still equal after it share the rank.
 * Rows are ordered by rank, then racer id, and do not depend on the order of `results`.
 */
export const cupRanking = <RacerId extends Id, RaceId extends Id>(input: CupRankingInput<RacerId, RaceId>): CupRankingRow<RacerId, RaceId>[] => {
  const max = input.maxCountedResults ?? null;
  if (max !== null && (!Number.isInteger(max) || max < 0)) throw new RangeError(`maxCountedResults must be an integer ≥ 0, got ${max}`);

  const byRacer = new Map<RacerId, CupRaceResult<RacerId, RaceId>[]>();
  for (const result of input.results) {
    const own = byRacer.get(result.racerId);
    if (own) own.push(result);
    else byRacer.set(result.racerId, [result]);
  }

  const rows = [...byRacer.entries()].map(([racerId, results]) => {
    const sorted = [...results].sort(compareResults);
    const counted = chooseCounted(sorted, max, input.oneResultFromAllDisciplines === true);
    const raceResults = sorted.map((result) => ({ ...result, counted: counted.has(result) }));
    const totalHundredths = raceResults.reduce((sum, result) => sum + (result.counted ? toHundredths(result.points) : 0), 0);
    return { racerId, totalHundredths, raceResults, key: input.raceLevelTieBreak ? tieBreakKey(raceResults) : [] };
  });

  const compareStanding = (a: (typeof rows)[number], b: (typeof rows)[number]): number =>
    b.totalHundredths - a.totalHundredths || compareTieBreakKeys(a.key, b.key);
  rows.sort((a, b) => compareStanding(a, b) || compareIds(a.racerId, b.racerId));

  let rank = 0;
  return rows.map((row, index) => {
    const previous = rows[index - 1];
    if (!previous || compareStanding(previous, row) !== 0) rank = index + 1;
    return { racerId: row.racerId, points: row.totalHundredths / HUNDREDTHS, rank, raceResults: row.raceResults };
  });
};
