import { DomainError } from '../errors/domain-error.ts';
import type { RaceState } from '../model/enums.ts';
import { addDays, compareDates, type IsoDate } from './iso-date.ts';

export interface EventVisibilityFlags {
  isPublic: boolean;
  allowedUnregisteredUsers: boolean;
}

/**
 * Keeps "unregistered users allowed ⇒ public" true after an edit (spec section 4). The flag the
 * user changed decides: turning public off turns unregistered access off, allowing unregistered
 * users turns public on. If both are flipped against each other at once, privacy wins.
 * While online registration is in progress the event must stay public: turning it off throws
 * ONLINE_REGISTRATION_IN_PROGRESS.
 */
export const normalizeEventFlags = <Flags extends EventVisibilityFlags>(
  previous: EventVisibilityFlags,
  next: Flags,
  options: { onlineRegistrationInProgress?: boolean } = {},
): Flags => {
  const madePrivate = previous.isPublic && !next.isPublic;
  let flags: Flags = { ...next };
  if (madePrivate) flags = { ...flags, allowedUnregisteredUsers: false };
  else if (flags.allowedUnregisteredUsers) flags = { ...flags, isPublic: true };
  if (options.onlineRegistrationInProgress && !flags.isPublic) throw new DomainError('ONLINE_REGISTRATION_IN_PROGRESS');
  return flags;
};

/** Online registration is in progress when the event takes it and one of its races is open for it. */
export const isOnlineRegistrationInProgress = (onlineRegistration: boolean, raceStates: readonly RaceState[]): boolean =>
  onlineRegistration && raceStates.includes('OPEN_REGISTRATION');

/** Days an event stays in the actual list after its date, so results stay easy to find. */
export const EVENT_ACTUAL_GRACE_DAYS = 3;

/** An event is actual until 3 days after its date: date + 3 days is not before today. */
export const isEventActual = (closingOrStartDate: IsoDate | Date, today: IsoDate | Date): boolean =>
  compareDates(addDays(closingOrStartDate, EVENT_ACTUAL_GRACE_DAYS), today) >= 0;

export type EventListBucket = 'ACTUAL' | 'HISTORY';

/** /events/actual or /events/history. */
export const eventListBucket = (closingOrStartDate: IsoDate | Date, today: IsoDate | Date): EventListBucket =>
  isEventActual(closingOrStartDate, today) ? 'ACTUAL' : 'HISTORY';

/**
 * Throws EVENT_HAS_FINISHED_RACE when a race is finished (its results must stay), else
 * EVENT_ONGOING_OR_FINISHED when a race is running. Returns true when the event can be deleted.
 */
export const canDeleteEvent = (raceStates: readonly RaceState[]): true => {
  if (raceStates.includes('FINISHED')) throw new DomainError('EVENT_HAS_FINISHED_RACE');
  if (raceStates.some((state) => state.endsWith('_ONGOING'))) throw new DomainError('EVENT_ONGOING_OR_FINISHED');
  return true;
};

export interface NewEventDefaults {
  name: string;
  displayName: string;
  description: string;
  onlineRegistration: boolean;
  isPublic: boolean;
  isHidden: boolean;
  allowedUnregisteredUsers: boolean;
  sendUpdateInfo: boolean;
}

/** Spec section 9: online registration on, public, hidden, unregistered users allowed, update info sent. */
export const newEventDefaults = (): NewEventDefaults => ({
  name: '',
  displayName: '',
  description: '',
  onlineRegistration: true,
  isPublic: true,
  isHidden: true,
  allowedUnregisteredUsers: true,
  sendUpdateInfo: true,
});
