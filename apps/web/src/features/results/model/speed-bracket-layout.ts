import { validTimeMs, type SpeedStage } from '@climbing/domain';
import { speedTimeFormatter } from '../../../lib/format-figures';
import type { GenderBracket, SpeedMatch, SpeedMatchRacer } from '../api/speed-bracket';

/** What a lane shows: a formatted time, a failure, or nothing yet. */
export type LaneMark = { kind: 'time'; text: string } | { kind: 'fall' } | { kind: 'falseStart' } | { kind: 'none' };

export interface LaneView {
  racer: SpeedMatchRacer | null;
  mark: LaneMark;
  winner: boolean;
}

export interface MatchSlot {
  /** Where the match sits; `match` is null while its racers are not known. */
  stage: SpeedStage;
  stageIndex: number;
  match: SpeedMatch | null;
  lanes: [LaneView, LaneView];
}

export interface BracketColumn {
  /** The round of the column; the last column holds the big final, then the small final. */
  key: SpeedStage;
  slots: MatchSlot[];
}

const ELIMINATION: readonly SpeedStage[] = ['EIGHTH_FINAL', 'QUARTER_FINAL', 'HALF_FINAL'];

/**
 * Columns per round of the bracket (1/8, 1/4, 1/2, finals), each with every match position, the
 * not yet known ones empty. Times use the IFSC display over the whole bracket (speedTimeFormatter:
 * hundredths, the whole bracket with 3 decimals where two different times share a hundredth; the
 * same time twice is no reason), in the language's notation.
 */
export function layoutBracket(bracket: Pick<GenderBracket, 'size' | 'stages' | 'matches'>, language = 'en'): BracketColumn[] {
  if (bracket.size === 0) return [];
  const byPosition = new Map(bracket.matches.map((match) => [`${match.stage}|${match.stageIndex}`, match]));
  const allTimes = bracket.matches.flatMap((match) =>
    [match.racerA?.run, match.racerB?.run].map((run) => (run ? validTimeMs({ timeMs: run.time, fall: run.fall, falseStart: run.falseStart }) : null)),
  );
  const speedTime = speedTimeFormatter(allTimes, language);

  const lane = (match: SpeedMatch | null, racer: SpeedMatchRacer | null): LaneView => {
    const run = racer?.run ?? null;
    let mark: LaneMark = { kind: 'none' };
    if (run?.falseStart) mark = { kind: 'falseStart' };
    else if (run?.fall) mark = { kind: 'fall' };
    else if (run?.time !== null && run?.time !== undefined) mark = { kind: 'time', text: speedTime(run.time) };
    return { racer, mark, winner: racer !== null && match?.winnerRacerId === racer.id };
  };
  const slot = (stage: SpeedStage, stageIndex: number): MatchSlot => {
    const match = byPosition.get(`${stage}|${stageIndex}`) ?? null;
    return { stage, stageIndex, match, lanes: [lane(match, match?.racerA ?? null), lane(match, match?.racerB ?? null)] };
  };

  const first = ELIMINATION.indexOf(bracket.stages[0] ?? 'HALF_FINAL');
  const columns: BracketColumn[] = ELIMINATION.slice(Math.max(first, 0)).map((stage, offset) => ({
    key: stage,
    slots: Array.from({ length: bracket.size / 2 / 2 ** offset }, (_, index) => slot(stage, index)),
  }));
  columns.push({ key: 'BIG_FINAL', slots: [slot('BIG_FINAL', 0), slot('SMALL_FINAL', 0)] });
  return columns;
}
