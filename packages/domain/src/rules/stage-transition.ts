import type { RaceFormat, RaceState, RoundState, Stage } from '../model/enums.ts';
import { stagesOf } from '../model/enums.ts';
import { isStageClosed, raceStageOf } from './round-state.ts';

/*
 * What a step of the race does to its stages, told before the organiser takes it (the preview of
 * a race state change) and done by the server when it is taken: which stage it closes (no entry
 * is accepted there afterwards) and which stage's rounds it creates from the advancing rules.
 */

/** The stages a change from `from` to `to` closes, in race order (at most one with today's transitions). */
export const stagesClosedBetween = (from: RaceState, to: RaceState, format: RaceFormat): Stage[] =>
  stagesOf(format).filter((stage) => isStageClosed(to, stage) && !isStageClosed(from, stage));

/** The format's stages and the stage the race is in before and after a change; a finished race is in its last stage. */
const stagesOfChange = (from: RaceState, to: RaceState, format: RaceFormat) => {
  const stages = stagesOf(format);
  return { stages, before: from === 'FINISHED' ? (stages.at(-1) ?? null) : raceStageOf(from), after: raceStageOf(to) };
};

/**
 * The later stage whose rounds a change from `from` to `to` creates (semifinal or final: the
 * racers who advance), or null: the qualification is made from the registrations, and going back
 * or staying in a stage creates nothing. A finished race counts as being in its last stage.
 */
export const stageOpenedBy = (from: RaceState, to: RaceState, format: RaceFormat): Stage | null => {
  const { stages, before, after } = stagesOfChange(from, to, format);
  if (after === null || after === before || after === 'QUALIFICATION' || !stages.includes(after)) return null;
  return before === null || stages.indexOf(after) > stages.indexOf(before) ? after : null;
};

/**
 * The earlier stage a change from `from` to `to` goes back to (reopening it takes the rounds of
 * the stages after it away, refused once one of them has started), or null: going forward,
 * staying in a stage, leaving the stages (back to registration) or reopening a finished race in
 * its last stage.
 */
export const stageReopenedBy = (from: RaceState, to: RaceState, format: RaceFormat): Stage | null => {
  const { stages, before, after } = stagesOfChange(from, to, format);
  if (before === null || after === null || !stages.includes(after)) return null;
  return stages.indexOf(after) < stages.indexOf(before) ? after : null;
};

/** How far a round is: closed or fully entered, partly entered, or nothing entered yet. */
export type RoundProgress = 'DONE' | 'PARTIAL' | 'NOT_STARTED';

export interface RoundEntries {
  state: RoundState;
  /** Boulders, lead routes or speed runs the round has. */
  problems: number;
  /** Of those, the ones with anything entered (an attempt, a zone or top, a hold, a time, a fall, a false start). */
  entered: number;
  /** Speed: a false start ends the racer's qualification, whatever the other runs hold. */
  eliminated?: boolean;
}

/**
 * A round is finished when it is closed (the organiser closed it, whatever it holds) or when
 * every boulder (route, run) has an entry, or the racer is out by a false start; otherwise it is
 * partly entered or not started. Whether a judge is still adding attempts to an entered boulder
 * the server cannot know: closing rounds is how the organiser says so.
 */
export const roundProgress = ({ state, problems, entered, eliminated = false }: RoundEntries): RoundProgress => {
  if (state === 'CLOSED' || eliminated || (problems > 0 && entered >= problems)) return 'DONE';
  return entered === 0 ? 'NOT_STARTED' : 'PARTIAL';
};

export interface UnfinishedGroup {
  /** The qualification group's name; null for rounds without a group (semifinal, final). */
  group: string | null;
  /** Rounds not finished: partly entered or not started. */
  notFinished: number;
  /** Of those, rounds with nothing entered at all. */
  notStarted: number;
}

export interface UnfinishedRounds {
  rounds: number;
  notFinished: number;
  notStarted: number;
  /** Per group with unfinished rounds, by name (rounds without a group first). */
  groups: UnfinishedGroup[];
}

/** The unfinished rounds of a stage, in total and per qualification group. */
export const unfinishedRounds = (rounds: readonly { group: string | null; progress: RoundProgress }[]): UnfinishedRounds => {
  const groups = new Map<string | null, UnfinishedGroup>();
  for (const round of rounds) {
    if (round.progress === 'DONE') continue;
    const entry = groups.get(round.group) ?? { group: round.group, notFinished: 0, notStarted: 0 };
    entry.notFinished += 1;
    if (round.progress === 'NOT_STARTED') entry.notStarted += 1;
    groups.set(round.group, entry);
  }
  const list = [...groups.values()].sort((a, b) => (a.group === null ? -1 : b.group === null ? 1 : a.group.localeCompare(b.group)));
  return {
    rounds: rounds.length,
    notFinished: list.reduce((sum, group) => sum + group.notFinished, 0),
    notStarted: list.reduce((sum, group) => sum + group.notStarted, 0),
    groups: list,
  };
};
