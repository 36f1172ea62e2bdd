import { DomainError } from '../errors/domain-error.ts';
import type { RaceFormat, RaceState } from '../model/enums.ts';

const REGISTRATION_EDIT_STATES: readonly RaceState[] = ['HIDDEN', 'UPCOMING', 'OPEN_REGISTRATION'];
const ROSTER_EDIT_STATES: readonly RaceState[] = [...REGISTRATION_EDIT_STATES, 'QUALIFICATION', 'QUALIFICATION_ONGOING'];
const SEMIFINAL_EDIT_STATES: readonly RaceState[] = [...ROSTER_EDIT_STATES, 'SEMIFINALS', 'SEMIFINALS_ONGOING'];
const ONGOING_STATES: readonly RaceState[] = ['QUALIFICATION_ONGOING', 'SEMIFINALS_ONGOING', 'FINALS_ONGOING'];

/** Registrations may change while the race is hidden, upcoming or open for registration. */
export const canEditRegistration = (state: RaceState): boolean => REGISTRATION_EDIT_STATES.includes(state);

/** Racers and groups may still change until qualification is closed. */
export const canEditRoster = (state: RaceState): boolean => ROSTER_EDIT_STATES.includes(state);

/**
 * Every racer may be numbered anew only until the qualification starts: after that judges find
 * racers by their numbers and the bibs and starting lists are printed (one racer's number may still change).
 */
export const canRenumberAll = (state: RaceState): boolean => [...REGISTRATION_EDIT_STATES, 'QUALIFICATION'].includes(state);

/** The semifinal start list may change until the semifinal is closed. */
export const canEditSemifinal = (state: RaceState): boolean => SEMIFINAL_EDIT_STATES.includes(state);

export const isRaceOngoing = (state: RaceState): boolean => ONGOING_STATES.includes(state);

/**
 * The buttons of race management. The spec names start race, start semifinal, start final, end
 * race, close and reopen registration; PUBLISH, HIDE, OPEN_REGISTRATION, CLOSE_STAGE and
 * REOPEN_STAGE fill the gaps so that every state is reachable and a stage is closed explicitly.
 */
export const RACE_ACTIONS = [
  'PUBLISH',
  'HIDE',
  'OPEN_REGISTRATION',
  'CLOSE_REGISTRATION',
  'REOPEN_REGISTRATION',
  'START_RACE',
  'CLOSE_STAGE',
  'REOPEN_STAGE',
  'START_SEMIFINAL',
  'START_FINAL',
  'END_RACE',
  'REOPEN_RACE',
] as const;
export type RaceAction = (typeof RACE_ACTIONS)[number];

type TransitionTable = Partial<Record<RaceState, Partial<Record<RaceAction, RaceState>>>>;

const PRE_RACE: TransitionTable = {
  HIDDEN: { PUBLISH: 'UPCOMING' },
  UPCOMING: { HIDE: 'HIDDEN', OPEN_REGISTRATION: 'OPEN_REGISTRATION', CLOSE_REGISTRATION: 'QUALIFICATION' },
  OPEN_REGISTRATION: { CLOSE_REGISTRATION: 'QUALIFICATION', START_RACE: 'QUALIFICATION_ONGOING' },
  QUALIFICATION: { REOPEN_REGISTRATION: 'OPEN_REGISTRATION', START_RACE: 'QUALIFICATION_ONGOING' },
};

/*
 * A "ready" state (QUALIFICATION, SEMIFINALS, FINALS) means the previous step is closed and the
 * start list is known, but nobody climbs yet; only then can a stage be reopened safely, since the
 * next stage has no results. Each START_* is also accepted one step earlier (closing what runs and
 * starting at once), so the four actions the spec names run a whole race on their own; the server
 * does the closing work whenever raceStageOf changes. A final that is ready (its racers known) may
 * also be ended at once: judges can score it before anybody pressed "start" (issue 10). A finished
 * race can be reopened into its last stage (REOPEN_RACE), for a correction after an appeal: its
 * rounds stay closed until a judge reopens the one to correct, and the cups count it as provisional
 * until it is ended again.
 */
const TABLES: Record<RaceFormat, TransitionTable> = {
  QUALIFICATION: {
    ...PRE_RACE,
    QUALIFICATION_ONGOING: { END_RACE: 'FINISHED' },
    FINISHED: { REOPEN_RACE: 'QUALIFICATION_ONGOING' },
  },
  QUALIFICATION_FINAL: {
    ...PRE_RACE,
    QUALIFICATION_ONGOING: { CLOSE_STAGE: 'FINALS', START_FINAL: 'FINALS_ONGOING' },
    FINALS: { START_FINAL: 'FINALS_ONGOING', REOPEN_STAGE: 'QUALIFICATION_ONGOING', END_RACE: 'FINISHED' },
    FINALS_ONGOING: { END_RACE: 'FINISHED' },
    FINISHED: { REOPEN_RACE: 'FINALS_ONGOING' },
  },
  QUALIFICATION_SEMIFINAL_FINAL: {
    ...PRE_RACE,
    QUALIFICATION_ONGOING: { CLOSE_STAGE: 'SEMIFINALS', START_SEMIFINAL: 'SEMIFINALS_ONGOING' },
    SEMIFINALS: { START_SEMIFINAL: 'SEMIFINALS_ONGOING', REOPEN_STAGE: 'QUALIFICATION_ONGOING' },
    SEMIFINALS_ONGOING: { CLOSE_STAGE: 'FINALS', START_FINAL: 'FINALS_ONGOING' },
    FINALS: { START_FINAL: 'FINALS_ONGOING', REOPEN_STAGE: 'SEMIFINALS_ONGOING', END_RACE: 'FINISHED' },
    FINALS_ONGOING: { END_RACE: 'FINISHED' },
    FINISHED: { REOPEN_RACE: 'FINALS_ONGOING' },
  },
};

/** The actions the race management screen offers in this state, in RACE_ACTIONS order. */
export const allowedRaceActions = (state: RaceState, format: RaceFormat): RaceAction[] => {
  const row = TABLES[format][state] ?? {};
  return RACE_ACTIONS.filter((action) => row[action] !== undefined);
};

/** The state after `action`; throws INVALID_RACE_STATE_UPDATE when the action is not allowed now. */
export const raceTransition = (state: RaceState, action: RaceAction, format: RaceFormat): RaceState => {
  const next = TABLES[format][state]?.[action];
  if (next === undefined) throw new DomainError('INVALID_RACE_STATE_UPDATE', { details: { state, action, format } });
  return next;
};

/**
 * Checks a `PUT {state}` body: returns the action that leads from `from` to `to`, or null when the
 * state does not change (so a repeated request is harmless); throws INVALID_RACE_STATE_UPDATE otherwise.
 */
export const validateRaceStateChange = (from: RaceState, to: RaceState, format: RaceFormat): RaceAction | null => {
  if (from === to) return null;
  const action = allowedRaceActions(from, format).find((candidate) => TABLES[format][from]?.[candidate] === to);
  if (action === undefined) throw new DomainError('INVALID_RACE_STATE_UPDATE', { details: { from, to, format } });
  return action;
};
