import { DomainError } from '../errors/domain-error.ts';
import type { Discipline, RaceState, RoundState, Stage } from '../model/enums.ts';

/** For rounds and for speed elimination matches alike. */
export const ROUND_ACTIONS = ['START', 'CLOSE', 'REOPEN', 'RESTART'] as const;
export type RoundAction = (typeof ROUND_ACTIONS)[number];

export interface RoundReopenContext {
  discipline: Discipline;
  /** Speed: a match of the elimination finals has started. */
  speedFinalsStarted: boolean;
  nextRoundHasResults: boolean;
}

/**
 * Throws SPEED_FINALS_STARTED (speed, once a match of the finals has a result: the bracket was drawn
 * from the stage before, which stays closed; a match is corrected on the speed judge's screen, and a
 * final round is never restarted, SPEED_FINAL_ROUND_BY_MATCH) or ROUND_CANNOT_BE_REOPENED (a round of
 * the next stage has started; restarting it is the way back). Returns true otherwise.
 */
export const canReopenRound = ({ discipline, speedFinalsStarted, nextRoundHasResults }: RoundReopenContext): true => {
  if (discipline === 'SPEED' && speedFinalsStarted) throw new DomainError('SPEED_FINALS_STARTED');
  if (nextRoundHasResults) throw new DomainError('ROUND_CANNOT_BE_REOPENED');
  return true;
};

/*
 * RESTART erases the round's results and returns it to READY; it is the way out when reopening is
 * refused, so it is not guarded by canReopenRound.
 */
const TABLE: Record<RoundState, Partial<Record<RoundAction, RoundState>>> = {
  READY: { START: 'STARTED' },
  STARTED: { CLOSE: 'CLOSED', RESTART: 'READY' },
  CLOSED: { REOPEN: 'STARTED', RESTART: 'READY' },
};

export const allowedRoundActions = (state: RoundState): RoundAction[] => ROUND_ACTIONS.filter((action) => TABLE[state][action] !== undefined);

/**
 * The round state after `action`. REOPEN needs the reopen context; an action the state does not
 * allow throws ROUND_CLOSED when the round is closed, else INVALID_RACE_STATE_UPDATE (the catalogue
 * has no dedicated round-transition code).
 */
export const roundTransition = (state: RoundState, action: RoundAction, reopen?: RoundReopenContext): RoundState => {
  const next = TABLE[state][action];
  if (next === undefined) throw new DomainError(state === 'CLOSED' ? 'ROUND_CLOSED' : 'INVALID_RACE_STATE_UPDATE', { details: { state, action } });
  if (action === 'REOPEN') {
    // Defaulting the context would silently allow what the rule forbids.
    if (!reopen) throw new TypeError('roundTransition: REOPEN needs the reopen context');
    canReopenRound(reopen);
  }
  return next;
};

/** Scores of a closed round cannot be edited: throws ROUND_CLOSED. */
export const assertRoundEditable = (state: RoundState): void => {
  if (state === 'CLOSED') throw new DomainError('ROUND_CLOSED');
};

const STAGE_ORDER: readonly Stage[] = ['QUALIFICATION', 'SEMIFINAL', 'FINAL'];

/** The stage a race state belongs to; null before qualification is ready and after the race. */
export const raceStageOf = (state: RaceState): Stage | null => {
  if (state === 'QUALIFICATION' || state === 'QUALIFICATION_ONGOING') return 'QUALIFICATION';
  if (state === 'SEMIFINALS' || state === 'SEMIFINALS_ONGOING') return 'SEMIFINAL';
  if (state === 'FINALS' || state === 'FINALS_ONGOING') return 'FINAL';
  return null;
};

/**
 * The stage a page shows for a race when none is chosen: the one the race is in, the last of its
 * `stages` once it is finished; null before qualification (or when the race's stages lack it).
 */
export const shownStageOf = (state: RaceState, stages: readonly Stage[]): Stage | null => {
  const stage = state === 'FINISHED' ? stages.at(-1) : raceStageOf(state);
  return stage && stages.includes(stage) ? stage : null;
};

/** A stage is closed once the race has moved past it; every stage is closed when the race is finished. */
export const isStageClosed = (raceState: RaceState, stage: Stage): boolean => {
  if (raceState === 'FINISHED') return true;
  const current = raceStageOf(raceState);
  return current !== null && STAGE_ORDER.indexOf(stage) < STAGE_ORDER.indexOf(current);
};

/** Closing a stage allows no further edits: throws STAGE_CLOSED. */
export const assertStageOpen = (raceState: RaceState, stage: Stage): void => {
  if (isStageClosed(raceState, stage)) throw new DomainError('STAGE_CLOSED', { details: { raceState, stage } });
};
