/** Business constants of spec sections 5 and 9, shared so the form and the server check the same limit. */
const MEGABYTE = 1024 * 1024;

export const POSTER_MAX_BYTES = 5 * MEGABYTE;
export const LOGO_MAX_BYTES = 5 * MEGABYTE;
/** All attachments of one event together. */
export const ATTACHMENTS_TOTAL_MAX_BYTES = 20 * MEGABYTE;
export const PASSWORD_MIN_LENGTH = 8;
export const NOTIFICATION_DEFAULT_TIMER_MS = 5000;
export const DATE_PICKER_MIN_YEAR = 1890;
/** Years ahead of the current one the date picker offers. */
export const DATE_PICKER_YEARS_AHEAD = 20;

/** A user search needs this many characters of a name (an e-mail is matched only whole). */
export const USER_SEARCH_MIN_LENGTH = 3;

export const datePickerMaxYear = (currentYear: number): number => currentYear + DATE_PICKER_YEARS_AHEAD;
