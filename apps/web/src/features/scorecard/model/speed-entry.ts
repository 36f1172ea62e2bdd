import { parseTime, validTimeMs } from '@climbing/domain';
import { formatEntryTime } from '../../../lib/format-entry-time';
import type { TFunction } from '../../../lib/translation';
import type { SpeedRoute } from '../api/racer-list';

/** One lane of a speed match as the judge types it: seconds or m:ss.xxx, and the two failures. */
export interface LaneForm {
  time: string;
  fall: boolean;
  falseStart: boolean;
}

export interface LaneRun {
  time: number | null;
  fall: boolean;
  falseStart: boolean;
}

/** `invalid`: the text is not a time; `required`: the lane needs a time (nobody fell or false-started). */
export type LaneProblem = 'invalid' | 'required';

export type MatchEntry =
  | { ok: true; racerA: LaneRun; racerB: LaneRun; sameTime: boolean }
  | { ok: false; problems: { racerA?: LaneProblem; racerB?: LaneProblem } };

export const emptyLane = (): LaneForm => ({ time: '', fall: false, falseStart: false });

/** The form of a lane from a stored run (the time in seconds with 3 decimals, in the language's notation). */
export const laneFormOf = (run: LaneRun | null | undefined, language = 'en'): LaneForm =>
  run ? { time: run.time === null ? '' : formatEntryTime(run.time, language), fall: run.fall, falseStart: run.falseStart } : emptyLane();

export const parseLane = (lane: LaneForm): number | null | 'invalid' => {
  if (lane.time.trim() === '') return null;
  const ms = parseTime(lane.time);
  return ms === null || ms <= 0 ? 'invalid' : ms;
};

/** Two lane forms that save the same run ("7,2" and "7.200" are one time). */
export const sameLaneForm = (a: LaneForm, b: LaneForm): boolean =>
  a.fall === b.fall && a.falseStart === b.falseStart && (a.time.trim() === b.time.trim() || (parseLane(a) !== 'invalid' && parseLane(a) === parseLane(b)));

/**
 * Reads both lanes (spec 5 time entry): times parsed with the domain's parseTime; a lane needs a
 * time unless the racer fell or false-started, or the opponent false-started (the racer need not
 * finish). `sameTime` asks the judge to confirm two equal valid times before saving.
 */
export function readMatchEntry(a: LaneForm, b: LaneForm): MatchEntry {
  const timeA = parseLane(a);
  const timeB = parseLane(b);
  const problems: { racerA?: LaneProblem; racerB?: LaneProblem } = {};
  const check = (key: 'racerA' | 'racerB', time: number | null | 'invalid', own: LaneForm, other: LaneForm) => {
    if (time === 'invalid') problems[key] = 'invalid';
    else if (time === null && !own.fall && !own.falseStart && !other.falseStart) problems[key] = 'required';
  };
  check('racerA', timeA, a, b);
  check('racerB', timeB, b, a);
  if (timeA === 'invalid' || timeB === 'invalid' || problems.racerA || problems.racerB) return { ok: false, problems };
  const counts = (lane: LaneForm, time: number | null) => time !== null && !lane.fall && !lane.falseStart;
  return {
    ok: true,
    racerA: { time: timeA, fall: a.fall, falseStart: a.falseStart },
    racerB: { time: timeB, fall: b.fall, falseStart: b.falseStart },
    sameTime: counts(a, timeA) && counts(b, timeB) && timeA === timeB,
  };
}

export type RunEntry = { ok: true; run: LaneRun } | { ok: false; problem: LaneProblem };

/**
 * Reads one qualification run (spec 5): the time parsed with the domain's parseTime; a run needs
 * a time unless the racer fell or false-started (the server answers the same with
 * `fields.time = 'validation.required'`).
 */
export function readRunEntry(form: LaneForm): RunEntry {
  const time = parseLane(form);
  if (time === 'invalid') return { ok: false, problem: 'invalid' };
  if (time === null && !form.fall && !form.falseStart) return { ok: false, problem: 'required' };
  return { ok: true, run: { time, fall: form.fall, falseStart: form.falseStart } };
}

/** The best valid time of a racer's runs (no fall, no false start), or null. */
export const bestTimeMs = (runs: readonly LaneRun[]): number | null =>
  runs.reduce<number | null>((best, run) => {
    const time = validTimeMs({ timeMs: run.time, fall: run.fall, falseStart: run.falseStart });
    return time !== null && (best === null || time < best) ? time : best;
  }, null);

/**
 * Spec 5 "the same time for two racers asks for confirmation": the other racers whose best time
 * equals the valid time about to be saved (none for a fall, a false start or no time).
 */
export function sameTimeRacers<R extends { id: number; runs: readonly LaneRun[] }>(run: LaneRun, racerId: number, racers: readonly R[]): R[] {
  const time = validTimeMs({ timeMs: run.time, fall: run.fall, falseStart: run.falseStart });
  if (time === null) return [];
  return racers.filter((racer) => racer.id !== racerId && bestTimeMs(racer.runs) === time);
}

/**
 * What the judge's racer list says of a racer's runs: a false start eliminates (RULES.md 3: ranked
 * last even with a valid other run), so it is named instead of the other run's time; then the
 * best valid time; then a fall when every entered run fell. Null before any run is entered.
 */
export type SpeedListResult = { kind: 'time'; timeMs: number } | { kind: 'falseStart' } | { kind: 'fall' } | null;

export const speedListResult = (runs: readonly LaneRun[]): SpeedListResult => {
  if (runs.some((run) => run.falseStart)) return { kind: 'falseStart' };
  const best = bestTimeMs(runs);
  if (best !== null) return { kind: 'time', timeMs: best };
  return runs.some((run) => run.fall) ? { kind: 'fall' } : null;
};

/**
 * World-cup qualification runs are the two lanes; the nomination type numbers routes and
 * attempts. Without the race settings, a round of at most two single-attempt runs reads as lanes.
 */
export const runsAreLanes = (speedType: string | null | undefined, runs: readonly SpeedRoute[]): boolean =>
  speedType ? speedType === 'WORLD_CUP' : runs.length <= 2 && runs.every((run) => run.attemptIndex === 0);

/** "Lane A" / "Lane B", or "Route 2, attempt 1" for the nomination type. */
export const runLabel = (t: TFunction, run: Pick<SpeedRoute, 'routeIndex' | 'attemptIndex'>, lanes: boolean): string =>
  lanes ? t(run.routeIndex === 0 ? 'speed.laneA' : 'speed.laneB') : t('speed.routeAttempt', { route: run.routeIndex + 1, attempt: run.attemptIndex + 1 });

/** A stored run in words: "6.850", "Fall", "False start (5.121)", "–" before entry. */
export const runValue = (t: TFunction, run: LaneRun, language = 'en'): string => {
  const time = run.time === null ? null : formatEntryTime(run.time, language);
  const failure = run.falseStart ? t('speed.falseStart') : run.fall ? t('speed.fall') : null;
  if (failure) return time ? `${failure} (${time})` : failure;
  return time ?? '–';
};
