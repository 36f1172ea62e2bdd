import type { ErrorCode } from '../errors/error-codes.ts';
import { DomainError } from '../errors/domain-error.ts';
import type { RaceState } from '../model/enums.ts';
import { compareDates, type IsoDate } from './iso-date.ts';

export interface RegistrationWindow {
  /** null: open from the start. */
  openingRegistrationDate: IsoDate | null;
  /** null: open until the race state changes. */
  closingRegistrationDate: IsoDate | null;
}

/** Why the registration period refuses today, or null. Both the opening and the closing day are inside. */
export const registrationPeriodRefusal = (race: RegistrationWindow, today: IsoDate | Date): ErrorCode | null => {
  if (race.openingRegistrationDate && compareDates(today, race.openingRegistrationDate) < 0) return 'RACE_REGISTRATION_NOT_OPENED';
  if (race.closingRegistrationDate && compareDates(today, race.closingRegistrationDate) > 0) return 'RACE_REGISTRATION_PERIOD_FINISHED';
  return null;
};

/** The period check alone; a registration also needs the race state, see assertCanRegister. */
export const isRegistrationOpen = (race: RegistrationWindow, today: IsoDate | Date): boolean => registrationPeriodRefusal(race, today) === null;

/** Throws RACE_REGISTRATION_NOT_OPENED before the period, RACE_REGISTRATION_PERIOD_FINISHED after it. */
export const assertRegistrationOpen = (race: RegistrationWindow, today: IsoDate | Date): void => {
  const refusal = registrationPeriodRefusal(race, today);
  if (refusal) throw new DomainError(refusal);
};

/** Why a new registration is refused, or null: the race must be open for registration and within its period. */
export const registrationRefusal = (race: RegistrationWindow & { state: RaceState }, today: IsoDate | Date): ErrorCode | null => {
  if (race.state === 'FINISHED') return 'RACE_ALREADY_FINISHED';
  if (race.state === 'HIDDEN' || race.state === 'UPCOMING') return 'RACE_REGISTRATION_NOT_OPENED';
  if (race.state !== 'OPEN_REGISTRATION') return 'RACE_REGISTRATION_CLOSED';
  return registrationPeriodRefusal(race, today);
};

/** The full check the server runs before registering a racer. */
export const assertCanRegister = (race: RegistrationWindow & { state: RaceState }, today: IsoDate | Date): void => {
  const refusal = registrationRefusal(race, today);
  if (refusal) throw new DomainError(refusal);
};

/** Spec 5: a registration can be removed only until the registration period ends (closing day included). */
export const isRegistrationRemovable = (race: RegistrationWindow, today: IsoDate | Date): boolean =>
  !race.closingRegistrationDate || compareDates(today, race.closingRegistrationDate) <= 0;

/** Throws REGISTRATION_CANNOT_BE_REMOVED after the registration period (`isRegistrationRemovable`). */
export const assertRegistrationRemovable = (race: RegistrationWindow, today: IsoDate | Date): void => {
  if (!isRegistrationRemovable(race, today)) throw new DomainError('REGISTRATION_CANNOT_BE_REMOVED');
};
