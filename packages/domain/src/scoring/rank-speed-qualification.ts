import { compareRacerIds } from './rank-by-criteria.ts';
import type { RacerId, SpeedRun } from './scoring-types.ts';

export interface RankSpeedQualificationInput {
  racers: readonly { racerId: RacerId; runs: readonly SpeedRun[] }[];
}

export interface RankedSpeedQualificationRow {
  racerId: RacerId;
  rank: number;
  /** Best valid time, also for an eliminated false-starter (shown as "FALSE START (5.121)"). */
  bestTimeMs: number | null;
}

/** A time counts only when the racer neither fell nor false-started (RULES.md 3). */
export const validTimeMs = (run: SpeedRun): number | null =>
  run.fall || run.falseStart || run.timeMs === null || !Number.isFinite(run.timeMs) || run.timeMs <= 0 ? null : run.timeMs;

// Groups in ranking order: racers with a time, racers without any time, eliminated false-starters.
const WITH_TIME = 0;
const WITHOUT_TIME = 1;
const FALSE_START = 2;

interface SpeedEntry {
  racerId: RacerId;
  group: number;
  /** Valid times, fastest first: the best decides, the second breaks a tie on the best. */
  times: number[];
}

const compareTimes = (a: readonly number[], b: readonly number[]): number => {
  const length = Math.max(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const timeA = a[index];
    const timeB = b[index];
    if (timeA === timeB) continue;
    // Having a time beats having none (a fall in the second run loses a tie on the best time).
    if (timeA === undefined) return 1;
    if (timeB === undefined) return -1;
    return timeA - timeB;
  }
  return 0;
};

const compareEntries = (a: SpeedEntry, b: SpeedEntry): number => a.group - b.group || compareTimes(a.times, b.times);

/**
 * Ranks a speed qualification (IFSC 2025, RULES.md 3): best valid time, a tie broken by the
 * second time. A false start in any run eliminates the racer: eliminated racers come after every
 * other racer and are ordered among themselves by their valid times, as published in 2025
 * (75th and 76th in Chamonix). Racers with no valid time share the place after those with one.
 */
export const rankSpeedQualification = (input: RankSpeedQualificationInput): RankedSpeedQualificationRow[] => {
  const entries: SpeedEntry[] = input.racers.map((racer) => {
    const times = racer.runs
      .map(validTimeMs)
      .filter((time): time is number => time !== null)
      .sort((a, b) => a - b);
    const falseStart = racer.runs.some((run) => run.falseStart);
    return { racerId: racer.racerId, group: falseStart ? FALSE_START : times.length > 0 ? WITH_TIME : WITHOUT_TIME, times };
  });
  entries.sort((a, b) => compareEntries(a, b) || compareRacerIds(a.racerId, b.racerId));
  const ranked: RankedSpeedQualificationRow[] = [];
  entries.forEach((entry, index) => {
    const previous = entries[index - 1];
    const previousRanked = ranked[index - 1];
    const tied = previous !== undefined && previousRanked !== undefined && compareEntries(previous, entry) === 0;
    ranked.push({ racerId: entry.racerId, rank: tied ? previousRanked.rank : index + 1, bestTimeMs: entry.times[0] ?? null });
  });
  return ranked;
};
