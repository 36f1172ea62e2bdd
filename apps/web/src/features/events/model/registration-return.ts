/** The event page with this race's registration dialog open: where logging in or signing up from the dialog returns (issue 10). */
export const registrationReturnPath = (race: { id: number; eventId: number }): string => `/events/${race.eventId}?register=${race.id}`;
