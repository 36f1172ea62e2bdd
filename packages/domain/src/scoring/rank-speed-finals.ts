import type { SpeedStage } from '../model/enums.ts';
import { compareRacerIds } from './rank-by-criteria.ts';
import { validTimeMs } from './rank-speed-qualification.ts';
import type { RacerId, RankedRacer, SpeedRun } from './scoring-types.ts';
import { speedBracket } from './speed-bracket.ts';

export interface RankSpeedFinalsInput {
  qualification: readonly { racerId: RacerId; rank: number; bestTimeMs: number | null }[];
  /** One run per racer per stage climbed. */
  runs: readonly { stage: SpeedStage; racerId: RacerId; run: SpeedRun }[];
  /** The race's "racers in the final" setting; it limits the bracket size as when the bracket was built. */
  numberOfFinalRacers?: number;
}

type Pair = readonly [RacerId, RacerId];

interface Standing {
  /** Best place the racer can still reach; eliminated racers share it and are ordered by time. */
  place: number;
  orderedByTime: boolean;
}

const NEXT_STAGE: Partial<Record<SpeedStage, SpeedStage>> = { EIGHTH_FINAL: 'QUARTER_FINAL', QUARTER_FINAL: 'HALF_FINAL' };
// Losers of these stages are ranked from this place on, ordered by their best time (RULES.md 3).
const LOSER_PLACE: Partial<Record<SpeedStage, number>> = { EIGHTH_FINAL: 9, QUARTER_FINAL: 5 };

// Safe with infinities (a racer without any time), where subtraction would give NaN.
const compareNumbers = (a: number, b: number): number => (a === b ? 0 : a < b ? -1 : 1);

// A false start is a worse failure than a fall, so it loses a heat in which both failed.
const failureSeverity = (run: SpeedRun): number => (run.falseStart ? 2 : 1);

/** One walk over the heats in bracket order: the standings that rank the racers, and where each racer is in the bracket. */
const walkBracket = (input: RankSpeedFinalsInput) => {
  const eligible = input.qualification.filter((racer) => racer.bestTimeMs !== null);
  const firstHeats = speedBracket(eligible, input.numberOfFinalRacers);
  if (firstHeats.length === 0) return null;
  const bracketRacers = firstHeats.flatMap((heat) => [heat.racerA, heat.racerB]);
  const seedOf = new Map(bracketRacers.map((racerId) => [racerId, eligible.findIndex((racer) => racer.racerId === racerId)]));
  const qualificationOf = new Map(input.qualification.map((racer) => [racer.racerId, racer]));
  const runOf = new Map(input.runs.map((entry) => [`${entry.stage}|${entry.racerId}`, entry.run]));

  const better = (a: RacerId, b: RacerId): boolean => {
    const rankA = qualificationOf.get(a)?.rank ?? Number.POSITIVE_INFINITY;
    const rankB = qualificationOf.get(b)?.rank ?? Number.POSITIVE_INFINITY;
    return rankA !== rankB ? rankA < rankB : (seedOf.get(a) ?? 0) < (seedOf.get(b) ?? 0);
  };

  /** Winner and loser of a heat, or null while a run is missing. */
  const decide = (stage: SpeedStage, [a, b]: Pair): { winner: RacerId; loser: RacerId } | null => {
    const runA = runOf.get(`${stage}|${a}`);
    const runB = runOf.get(`${stage}|${b}`);
    if (runA === undefined || runB === undefined) return null;
    const timeA = validTimeMs(runA);
    const timeB = validTimeMs(runB);
    let aWins: boolean;
    if (timeA !== null && timeB !== null) aWins = timeA !== timeB ? timeA < timeB : better(a, b);
    else if (timeA !== null || timeB !== null) aWins = timeA !== null;
    else aWins = failureSeverity(runA) !== failureSeverity(runB) ? failureSeverity(runA) < failureSeverity(runB) : better(a, b);
    return aWins ? { winner: a, loser: b } : { winner: b, loser: a };
  };

  const standings = new Map<RacerId, Standing>(bracketRacers.map((racerId) => [racerId, { place: 1, orderedByTime: false }]));
  // The heat each racer is in now, or lost; a racer whose place no later heat can change is decided.
  const stageOf = new Map<RacerId, SpeedStage>();
  const decided = new Set<RacerId>();
  const enter = (heatStage: SpeedStage, pair: Pair | null): void => {
    if (pair !== null) for (const racerId of pair) stageOf.set(racerId, heatStage);
  };
  let stage: SpeedStage = firstHeats[0]?.stage ?? 'HALF_FINAL';
  let pairs: (Pair | null)[] = firstHeats.map((heat) => [heat.racerA, heat.racerB] as const);
  while (stage !== 'HALF_FINAL') {
    const currentStage: SpeedStage = stage;
    pairs.forEach((pair) => enter(currentStage, pair));
    const outcomes = pairs.map((pair) => (pair === null ? null : decide(currentStage, pair)));
    outcomes.forEach((outcome) => {
      if (outcome !== null) {
        standings.set(outcome.loser, { place: LOSER_PLACE[currentStage] ?? 1, orderedByTime: true });
        decided.add(outcome.loser);
      }
    });
    pairs = Array.from({ length: outcomes.length / 2 }, (_, index) => {
      const left = outcomes[2 * index];
      const right = outcomes[2 * index + 1];
      return left && right ? ([left.winner, right.winner] as const) : null;
    });
    stage = NEXT_STAGE[currentStage] ?? 'HALF_FINAL';
  }
  pairs.forEach((pair) => enter('HALF_FINAL', pair));
  const semis = pairs.map((pair) => (pair === null ? null : decide('HALF_FINAL', pair)));
  semis.forEach((semi) => {
    if (semi !== null) standings.set(semi.loser, { place: 3, orderedByTime: false });
  });
  const [semiA, semiB] = semis;
  if (semiA && semiB) {
    enter('SMALL_FINAL', [semiA.loser, semiB.loser]);
    enter('BIG_FINAL', [semiA.winner, semiB.winner]);
    const small = decide('SMALL_FINAL', [semiA.loser, semiB.loser]);
    if (small !== null) {
      standings.set(small.loser, { place: 4, orderedByTime: false });
      decided.add(small.winner).add(small.loser);
    }
    const big = decide('BIG_FINAL', [semiA.winner, semiB.winner]);
    if (big !== null) {
      standings.set(big.loser, { place: 2, orderedByTime: false });
      decided.add(big.winner).add(big.loser);
    }
  }

  // The best valid time of each racer's finals runs, in one pass over the runs.
  const bestRunOf = new Map<RacerId, number>();
  for (const entry of input.runs) {
    const time = validTimeMs(entry.run);
    if (time === null) continue;
    const best = bestRunOf.get(entry.racerId);
    if (best === undefined || time < best) bestRunOf.set(entry.racerId, time);
  }
  const bestTimeOf = (racerId: RacerId): number => {
    const times = [bestRunOf.get(racerId) ?? null, qualificationOf.get(racerId)?.bestTimeMs ?? null].filter((time): time is number => time !== null);
    return times.length === 0 ? Number.POSITIVE_INFINITY : Math.min(...times);
  };
  return { bracketRacers, standings, stageOf, decided, runOf, qualificationOf, bestTimeOf };
};

/**
 * Ranks the racers of the speed elimination bracket (RULES.md 3, 2023+ rules): big final 1-2,
 * small final 3-4, quarter-final losers 5-8 and eighth-final losers 9-16, each loser group
 * ordered by the best time over all runs including qualification, then qualification rank.
 *
 * Heats are decided by the faster valid time; a fall or false start loses. Cases the rules leave
 * to a re-run, which a single run per stage cannot record, go to the better seed: an exact tie,
 * or both racers failing in the same way (a fall beats a false start).
 *
 * An incomplete bracket is ranked provisionally: a heat is decided only when both runs exist,
 * and every racer still in the competition shares the best place they can still reach, so the
 * ranking stays a valid competition ranking at every moment.
 */
export const rankSpeedFinals = (input: RankSpeedFinalsInput): RankedRacer[] => {
  const walk = walkBracket(input);
  if (walk === null) return [];
  const { bracketRacers, standings, qualificationOf, bestTimeOf } = walk;
  const keys = bracketRacers.map((racerId) => {
    const standing = standings.get(racerId) ?? { place: 1, orderedByTime: false };
    return {
      racerId,
      place: standing.place,
      time: standing.orderedByTime ? bestTimeOf(racerId) : 0,
      qualificationRank: standing.orderedByTime ? (qualificationOf.get(racerId)?.rank ?? 0) : 0,
    };
  });
  type Key = (typeof keys)[number];
  const compareKeys = (a: Key, b: Key): number =>
    compareNumbers(a.place, b.place) || compareNumbers(a.time, b.time) || compareNumbers(a.qualificationRank, b.qualificationRank);
  keys.sort((a, b) => compareKeys(a, b) || compareRacerIds(a.racerId, b.racerId));
  const ranked: RankedRacer[] = [];
  keys.forEach((key, index) => {
    const previous = keys[index - 1];
    const previousRanked = ranked[index - 1];
    const tied = previous !== undefined && previousRanked !== undefined && compareKeys(previous, key) === 0;
    ranked.push({ racerId: key.racerId, rank: tied ? previousRanked.rank : index + 1 });
  });
  return ranked;
};

/** Where a racer of the bracket stands while the finals run (the published table's time and status). */
export interface SpeedFinalStanding {
  /** The heat the racer climbs next or climbed last: the one their place rests on once decided. */
  stage: SpeedStage;
  /** No heat still to run can change the racer's place: a lost heat, or the small or big final run. */
  decided: boolean;
  /** The racer's run in that heat, once entered. */
  run: SpeedRun | null;
  /**
   * A loser of a 1/8 or 1/4 final: the best valid time over all runs including qualification, which
   * orders the racers sharing those places (RULES.md 3, published in brackets: "4.92 (4.78)").
   */
  bestTimeMs: number | null;
}

/**
 * The standing of each bracket racer, from the same walk over the heats as rankSpeedFinals (so it
 * can never tell another story than the ranks): which heat a racer is in, whether their place is
 * final, and the run it rests on.
 */
export const speedFinalStandings = (input: RankSpeedFinalsInput): Map<RacerId, SpeedFinalStanding> => {
  const walk = walkBracket(input);
  const out = new Map<RacerId, SpeedFinalStanding>();
  if (walk === null) return out;
  for (const racerId of walk.bracketRacers) {
    const stage = walk.stageOf.get(racerId) ?? 'HALF_FINAL';
    const byTime = walk.standings.get(racerId)?.orderedByTime ?? false;
    const best = byTime ? walk.bestTimeOf(racerId) : null;
    out.set(racerId, {
      stage,
      decided: walk.decided.has(racerId),
      run: walk.runOf.get(`${stage}|${racerId}`) ?? null,
      bestTimeMs: best === null || !Number.isFinite(best) ? null : best,
    });
  }
  return out;
};
