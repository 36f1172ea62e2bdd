import type { QualificationGroupState, RaceFormat, RaceState, RegistrationState, RoundState, Stage } from '../model/enums.ts';
import { allowedGroupActions, type GroupAction } from './group-state.ts';
import { allowedRaceActions, canEditRoster, type RaceAction } from './race-state.ts';
import { isStageClosed } from './round-state.ts';

/*
 * How a race is run with one obvious button at a time (issue 10): the race state decides the one
 * next step, and the states of groups and rounds follow the race instead of being pushed one by one.
 */

/** The step the organiser most likely takes next, for the one prominent button of race management. */
const NEXT_STEP: Record<RaceFormat, Partial<Record<RaceState, RaceAction>>> = {
  QUALIFICATION: {
    HIDDEN: 'PUBLISH',
    UPCOMING: 'OPEN_REGISTRATION',
    OPEN_REGISTRATION: 'CLOSE_REGISTRATION',
    QUALIFICATION: 'START_RACE',
    QUALIFICATION_ONGOING: 'END_RACE',
  },
  QUALIFICATION_FINAL: {
    HIDDEN: 'PUBLISH',
    UPCOMING: 'OPEN_REGISTRATION',
    OPEN_REGISTRATION: 'CLOSE_REGISTRATION',
    QUALIFICATION: 'START_RACE',
    // Closing the qualification and starting the final is one step, not two.
    QUALIFICATION_ONGOING: 'START_FINAL',
    FINALS: 'START_FINAL',
    FINALS_ONGOING: 'END_RACE',
  },
  QUALIFICATION_SEMIFINAL_FINAL: {
    HIDDEN: 'PUBLISH',
    UPCOMING: 'OPEN_REGISTRATION',
    OPEN_REGISTRATION: 'CLOSE_REGISTRATION',
    QUALIFICATION: 'START_RACE',
    QUALIFICATION_ONGOING: 'START_SEMIFINAL',
    SEMIFINALS: 'START_SEMIFINAL',
    SEMIFINALS_ONGOING: 'START_FINAL',
    FINALS: 'START_FINAL',
    FINALS_ONGOING: 'END_RACE',
  },
};

/** The one next step of a race, or null once it is finished. Always one of `allowedRaceActions`. */
export const nextRaceAction = (state: RaceState, format: RaceFormat): RaceAction | null => {
  const next = NEXT_STEP[format][state];
  return next !== undefined && allowedRaceActions(state, format).includes(next) ? next : null;
};

/** The other allowed actions (going back, skipping a step), offered less prominently. */
export const otherRaceActions = (state: RaceState, format: RaceFormat): RaceAction[] => {
  const next = nextRaceAction(state, format);
  return allowedRaceActions(state, format).filter((action) => action !== next);
};

/** The stage an action leaves behind (closes), if any: starting the final closes the qualification or semifinal. */
export const stageClosedBy = (state: RaceState, action: RaceAction): Stage | null => {
  if (action === 'START_SEMIFINAL' && state === 'QUALIFICATION_ONGOING') return 'QUALIFICATION';
  if (action === 'START_FINAL' && state === 'QUALIFICATION_ONGOING') return 'QUALIFICATION';
  if (action === 'START_FINAL' && state === 'SEMIFINALS_ONGOING') return 'SEMIFINAL';
  if (action === 'CLOSE_STAGE' && state === 'QUALIFICATION_ONGOING') return 'QUALIFICATION';
  if (action === 'CLOSE_STAGE' && state === 'SEMIFINALS_ONGOING') return 'SEMIFINAL';
  if (action === 'END_RACE' && state === 'QUALIFICATION_ONGOING') return 'QUALIFICATION';
  if (action === 'END_RACE') return 'FINAL';
  return null;
};

/**
 * A group's state as the race implies it: once the race is past its qualification (semifinal,
 * final or finished) every group is closed, whatever was stored before issue 10.
 */
export const effectiveGroupState = (groupState: QualificationGroupState, raceState: RaceState): QualificationGroupState =>
  isStageClosed(raceState, 'QUALIFICATION') ? 'QUALIFICATION_CLOSED' : groupState;

/** A round's state as the race implies it: every round of a closed stage is closed (a finished race closes them all). */
export const effectiveRoundState = (roundState: RoundState, raceState: RaceState, stage: Stage): RoundState =>
  isStageClosed(raceState, stage) ? 'CLOSED' : roundState;

/**
 * The group actions offered in a race state: groups change only while the roster may (spec 4: up to
 * qualification ongoing); after that they follow the race. Closing and reopening a running group
 * belongs to the qualification itself.
 */
export const groupActionsInRace = (groupState: QualificationGroupState, raceState: RaceState): GroupAction[] => {
  if (!canEditRoster(raceState)) return [];
  return allowedGroupActions(groupState).filter((action) => raceState === 'QUALIFICATION_ONGOING' || (groupState !== 'QUALIFICATION_CLOSED' && action !== 'CLOSE'));
};

/**
 * Who climbs in the qualification. Before check-in starts (no registration of the race is marked
 * present) every registered racer does, so an organiser without a check-in desk loses nobody;
 * once check-in started only the present ones do. A withdrawn racer (NOT_PRESENT) never climbs.
 */
export const climbsInQualification = (registrationState: RegistrationState | null, checkInStarted: boolean): boolean =>
  registrationState === 'PRESENT' || (!checkInStarted && registrationState === null);
