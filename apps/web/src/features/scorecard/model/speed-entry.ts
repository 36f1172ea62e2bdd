import { formatTime, parseTime } from '@climbing/domain';

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

/** The form of a lane from a stored run (the time in seconds with 3 decimals). */
export const laneFormOf = (run: LaneRun | null | undefined): LaneForm =>
  run ? { time: run.time === null ? '' : formatTime(run.time), fall: run.fall, falseStart: run.falseStart } : emptyLane();

const parseLane = (lane: LaneForm): number | null | 'invalid' => {
  if (lane.time.trim() === '') return null;
  const ms = parseTime(lane.time);
  return ms === null || ms <= 0 ? 'invalid' : ms;
};

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
