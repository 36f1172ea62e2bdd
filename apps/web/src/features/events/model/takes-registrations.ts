import { registrationRefusal, type RaceState } from '@climbing/domain';

interface RegistrationRace {
  state: RaceState;
  openingRegistrationDate: string | null;
  closingRegistrationDate: string | null;
}

/** Racers may register for the race now: the event has online registration and the domain's `registrationRefusal` is null. */
export const raceTakesRegistrations = (event: { onlineRegistration: boolean }, race: RegistrationRace, today: string): boolean =>
  event.onlineRegistration && registrationRefusal(race, today) === null;

/** Some race of the event takes registrations now: the event's "Online registration" badge shows only then. */
export const eventTakesRegistrations = (event: { onlineRegistration: boolean; races: readonly RegistrationRace[] }, today: string): boolean =>
  event.races.some((race) => raceTakesRegistrations(event, race, today));
