import type { ErrorCode } from '../errors/error-codes.ts';
import type { QualificationGroupState, RaceState } from '../model/enums.ts';
import { addDays, compareDates, type IsoDate } from './iso-date.ts';
import { canEditRoster } from './race-state.ts';

/*
 * Race day (issue 10): late and walk-in entries by the event's admins, presence at the check-in
 * desk, and racers confirming their own presence shortly before the start.
 */

/**
 * Why the event's admins may not add a racer now, or null. They may in every state that allows
 * roster edits (up to QUALIFICATION_ONGOING), whatever the registration period says; racers and
 * visitors stay bound by the period (registrationRefusal).
 */
export const lateEntryRefusal = (raceState: RaceState): ErrorCode | null => {
  if (raceState === 'FINISHED') return 'RACE_ALREADY_FINISHED';
  return canEditRoster(raceState) ? null : 'RACE_REGISTRATION_CLOSED';
};

/** A group the event's admins may still put a racer into: any but a closed one. */
export const groupTakesLateEntries = (state: QualificationGroupState): boolean => state !== 'QUALIFICATION_CLOSED';

/**
 * A group already moved to qualification has its starting order: a racer who joins it (a late
 * entry, or a registered racer checked in late) gets a READY round at the end of that order.
 */
export const groupHasStartingOrder = (state: QualificationGroupState): boolean => state === 'READY_FOR_QUALIFICATION' || state === 'QUALIFICATION';

/** Self check-in: days before the race's start from which racers may confirm their own presence. */
export const SELF_CHECK_IN_DAYS_DEFAULT = 2;
export const SELF_CHECK_IN_DAYS_MAX = 30;

export interface SelfCheckInSettings {
  startingDate: IsoDate;
  /** null: racers cannot confirm themselves (only the desk does); 0: on the race day only. */
  selfCheckInDays: number | null;
}

/** The days (both included) in which a racer may confirm their own presence, or null when self check-in is off. */
export const selfCheckInWindow = (race: SelfCheckInSettings): { opens: IsoDate; closes: IsoDate } | null =>
  race.selfCheckInDays === null ? null : { opens: addDays(race.startingDate, -race.selfCheckInDays), closes: race.startingDate };

/**
 * Why a racer may not confirm their own presence now, or null. Inside the window only, while the
 * race allows roster edits and their group has not moved to qualification yet (after that the
 * desk checks racers in, since joining a starting order is the organiser's call).
 */
export const selfCheckInRefusal = (
  race: SelfCheckInSettings & { state: RaceState },
  groupState: QualificationGroupState | null,
  today: IsoDate,
): ErrorCode | null => {
  if (race.state === 'FINISHED') return 'RACE_ALREADY_FINISHED';
  const window = selfCheckInWindow(race);
  if (window === null) return 'SELF_CHECK_IN_NOT_OPEN';
  if (compareDates(today, window.opens) < 0) return 'SELF_CHECK_IN_NOT_OPEN';
  if (compareDates(today, window.closes) > 0 || !canEditRoster(race.state) || (groupState !== null && groupState !== 'OPEN_REGISTRATION')) return 'SELF_CHECK_IN_CLOSED';
  return null;
};
