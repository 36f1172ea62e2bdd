import { SPEED_STAGES, type RaceGender, type RoundState, type SpeedStage } from '@climbing/domain';
import type { TFunction } from '../../../lib/translation';
import type { RacerSpeedMatch, RacerWithRound, Round, SpeedRoute } from '../api/racer-list';

/*
 * A speed final's rounds hold the runs of their matches: every bracket racer has one FINAL round,
 * with one run per match under routeIndex = the match stage's position in SPEED_STAGES. The racer
 * list names each racer's matches (`speedMatches`), and the rounds page shows the rounds by match,
 * so the organiser reopens the two rounds of the match to correct together.
 */

/** What names a match for the judge and the organiser alike: its bracket, stage and position. */
export type MatchName = Pick<RacerSpeedMatch, 'gender' | 'stage' | 'stageIndex'>;

/**
 * "Quarter-final 3", "Semi-final 1"; the small and the big final are one match each and have no
 * number. With one bracket per sex (a mixed race ranked apart) the bracket comes first: "Women · Big final".
 */
export function speedMatchTitle(t: TFunction, match: MatchName, severalBrackets = false): string {
  const stage = t(`speed.stage.${match.stage}`);
  const name = match.stage === 'SMALL_FINAL' || match.stage === 'BIG_FINAL' ? stage : `${stage} ${match.stageIndex + 1}`;
  return severalBrackets ? `${t(`raceGender.${match.gender}`)} · ${name}` : name;
}

/** One side of a match on the rounds page: the racer, their FINAL round and their run of this match. */
export interface MatchSide {
  racer: RacerWithRound;
  round: Round;
  /** The run of this match; null while nothing is entered. */
  run: Pick<SpeedRoute, 'time' | 'fall' | 'falseStart'> | null;
}

export interface FinalMatch {
  id: number;
  gender: RaceGender;
  stage: SpeedStage;
  stageIndex: number;
  /** The match's own state: CLOSED once its result is entered. */
  state: RoundState;
  winnerRacerId: number | null;
  racerA: MatchSide | null;
  racerB: MatchSide | null;
}

/** The matches of one section of the page: a stage of the bracket, or both finals together. */
export interface MatchSection {
  key: string;
  gender: RaceGender;
  /** The stage whose matches the section holds; BIG_FINAL stands for the small and the big final. */
  stage: SpeedStage;
  matches: FinalMatch[];
}

const GENDER_ORDER: readonly RaceGender[] = ['WOMEN', 'MEN', 'MIXED'];

/** The run of a match in a racer's FINAL round (attempt 0 of the route of its stage). */
function runOf(round: Round, stage: SpeedStage, matchState: RoundState): MatchSide['run'] {
  const route = round.speedRoutes.find((run) => run.routeIndex === SPEED_STAGES.indexOf(stage) && run.attemptIndex === 0);
  if (!route) return null;
  const entered = matchState !== 'READY' || route.time !== null || route.fall || route.falseStart;
  return entered ? { time: route.time, fall: route.fall, falseStart: route.falseStart } : null;
}

/**
 * The matches of a speed final from its racer list, in the order they are raced, in sections: 1/8
 * finals, quarter-finals, semi-finals, then the finals (the small final, then the big final);
 * each bracket (sex) apart when there are several. Empty when the list names no match (another
 * stage, or a list the device kept from before the server named them).
 */
export function speedFinalSections(rows: readonly { racer: RacerWithRound; round: Round }[]): MatchSection[] {
  const sideOf = new Map(rows.map((row) => [row.racer.id, row]));
  const matches = new Map<number, FinalMatch>();
  for (const { racer } of rows) {
    for (const match of racer.speedMatches) {
      if (matches.has(match.id)) continue;
      const side = (racerId: number | null): MatchSide | null => {
        const row = racerId === null ? undefined : sideOf.get(racerId);
        return row ? { racer: row.racer, round: row.round, run: runOf(row.round, match.stage, match.state) } : null;
      };
      matches.set(match.id, { id: match.id, gender: match.gender, stage: match.stage, stageIndex: match.stageIndex, state: match.state, winnerRacerId: match.winnerRacerId, racerA: side(match.racerAId), racerB: side(match.racerBId) });
    }
  }
  const sectionOf = (stage: SpeedStage): SpeedStage => (stage === 'SMALL_FINAL' ? 'BIG_FINAL' : stage);
  // In the order they are raced: the small final before the big one.
  const order = (stage: SpeedStage): number => SPEED_STAGES.indexOf(stage);
  const sorted = [...matches.values()].sort((a, b) => GENDER_ORDER.indexOf(a.gender) - GENDER_ORDER.indexOf(b.gender) || order(a.stage) - order(b.stage) || a.stageIndex - b.stageIndex);
  const sections: MatchSection[] = [];
  for (const match of sorted) {
    const stage = sectionOf(match.stage);
    const last = sections.at(-1);
    if (last && last.gender === match.gender && last.stage === stage) last.matches.push(match);
    else sections.push({ key: `${match.gender}-${stage}`, gender: match.gender, stage, matches: [match] });
  }
  return sections;
}

/** The rounds that reopening a match opens: those of its two racers that are closed. */
export const closedRoundsOf = (match: FinalMatch): number[] =>
  [match.racerA, match.racerB].flatMap((side) => (side && side.round.state === 'CLOSED' ? [side.round.id] : []));
