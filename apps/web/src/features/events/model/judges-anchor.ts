/**
 * The judges' section of the event settings (judge logins, their cards, the scorecards' QR codes):
 * `/admin/events/{eventId}#judges`. Its own module, so the event page's link for organisers does not
 * bring the section's code (QR codes, print sheet) to every visitor of the event page.
 */
export const JUDGES_ANCHOR = 'judges';

export const judgesPath = (eventId: number): string => `/admin/events/${eventId}#${JUDGES_ANCHOR}`;
