import { categoryRanks, RANKING_ORDER, type Sex, type SpeedStage, type Stage } from '@climbing/domain';

export interface ResultRacer {
  id: number;
  racerNumber: number;
  fullName: string;
  birthYear: number | null;
  sex: Sex;
  country: string | null;
  club: string | null;
  qualificationGroup: string | null;
}

export interface RouteMark {
  hold: number | null;
  plus: boolean;
  top: boolean;
  time: number | null;
}

/** One run of a speed qualification: `route` 0 is lane A, 1 lane B (the nomination type numbers routes and attempts). */
export interface SpeedRunMark {
  route: number;
  attempt: number;
  /** Milliseconds, also the valid time of a run whose other lane was a false start; null before entry or after a fall. */
  time: number | null;
  fall: boolean;
  falseStart: boolean;
}

/**
 * A racer of a speed elimination bracket: the heat they climb next or lost in (or the small or big
 * final), whether their place is final, the run it rests on and, for 1/8 and 1/4 losers, the best
 * time that orders them (published in brackets).
 */
export interface SpeedFinalMark {
  stage: SpeedStage;
  decided: boolean;
  run: { time: number | null; fall: boolean; falseStart: boolean } | null;
  bestTime: number | null;
}

export interface AgeCategoryRef {
  id: number;
  name: string;
}

/** Spec 3 Result row, plus the raw marks the results page shows per boulder or route. */
export interface ResultRow {
  /** The round the row is computed from. */
  id: number;
  racer: ResultRacer;
  stage: Stage;
  /** The rank within the racer's own ranking: their sex's when the race ranks the sexes apart. */
  rank: number;
  /** The racer's age category in this race (placed at registration), or null. */
  ageCategory: AgeCategoryRef | null;
  /** Rank among the racers of the same ranking and age category (1 + those ranked strictly better). */
  categoryRank: number | null;
  tops: number | null;
  zones: number | null;
  topAttempts: number | null;
  zoneAttempts: number | null;
  /** IFSC points for bouldering, the geometric mean for a lead qualification, else null. */
  score: number | null;
  tieBreak: string | null;
  boulders: { topAttempts: number | null; zoneAttempts: number | null }[] | null;
  routes: RouteMark[] | null;
  routeResults: { route: number; rank: number; arithmeticMean: number }[] | null;
  /** Speed: the best valid time in milliseconds. */
  time: number | null;
  /**
   * Speed qualification: every run in lane (route) and attempt order, as published beside the best
   * time (lane A, lane B); a fall or false start is marked in its own run. Null in other stages.
   */
  runs: SpeedRunMark[] | null;
  /** Speed finals with a bracket: where the racer stands in it; null elsewhere. */
  speedFinal: SpeedFinalMark | null;
  falseStarts: number | null;
  falls: number | null;
  /** A round with nothing entered yet; it is ranked last in its ranking with everyone else who has nothing. */
  empty: boolean;
}

export interface StageResults {
  raceId: number;
  stage: Stage;
  rows: ResultRow[];
}

/** One racer's round of a stage, as loaded for ranking. */
export interface LoadedRound {
  roundId: number;
  racer: ResultRacer;
  groupId: number | null;
  ageCategory: AgeCategoryRef | null;
}

/** The racer id as the domain's ranking functions key racers. */
export const racerKey = (round: LoadedRound): string => String(round.racer.id);

export function baseRow(round: LoadedRound, stage: Stage): ResultRow {
  return {
    id: round.roundId,
    racer: round.racer,
    stage,
    rank: 0,
    ageCategory: round.ageCategory,
    categoryRank: null,
    tops: null,
    zones: null,
    topAttempts: null,
    zoneAttempts: null,
    score: null,
    tieBreak: null,
    boulders: null,
    routes: null,
    routeResults: null,
    time: null,
    runs: null,
    speedFinal: null,
    falseStarts: null,
    falls: null,
    empty: true,
  };
}

/**
 * Orders a stage's rows (women's ranking first when the sexes are ranked apart, then rank, the
 * empty ones last, then racer number) and fills in the category ranks.
 */
export function finishRows(rows: ResultRow[], separateSexes: boolean): ResultRow[] {
  const rankingOf = (row: ResultRow): Sex | null => (separateSexes ? row.racer.sex : null);
  const rankingIndex = (row: ResultRow): number => (separateSexes ? RANKING_ORDER.indexOf(row.racer.sex) : 0);
  const sorted = rows.sort(
    (a, b) => rankingIndex(a) - rankingIndex(b) || a.rank - b.rank || Number(a.empty) - Number(b.empty) || a.racer.racerNumber - b.racer.racerNumber,
  );
  const ranks = categoryRanks(sorted.map((row) => ({ racerId: row.racer.id, rank: row.rank, ranking: rankingOf(row), categoryId: row.ageCategory?.id ?? null })));
  sorted.forEach((row, index) => {
    row.categoryRank = ranks[index]?.categoryRank ?? null;
  });
  return sorted;
}
