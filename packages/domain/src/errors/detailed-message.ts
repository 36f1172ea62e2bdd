import { ERROR_CATALOGUE, type Language } from './error-catalogue.ts';
import type { ErrorCode } from './error-codes.ts';
import { noFittingAgeCategoryMessage } from './age-category-message.ts';
import { rateLimitMessage } from './rate-limit-message.ts';
import { otherRaceCheckInMessage } from './check-in-message.ts';
import { closedMatchMessage, speedNextMatchMessage } from './speed-match-message.ts';

/**
 * The message of an error answer: the catalogue's, with the limit or the ranges it broke where its
 * details say them. The server writes it into the answer and the web app shows it from the code
 * and details, so both say the same words.
 */
export function detailedErrorMessage(code: ErrorCode, language: Language, details: unknown): string {
  if (code === 'RATE_LIMITED') return rateLimitMessage(language, details);
  if (code === 'NO_FITTING_AGE_CATEGORY') return noFittingAgeCategoryMessage(language, details);
  if (code === 'SPEED_NEXT_MATCH_STARTED') return speedNextMatchMessage(language, details);
  if (code === 'CHECK_IN_CODE_OTHER_RACE') return otherRaceCheckInMessage(language, details);
  if (code === 'ROUND_CLOSED') return closedMatchMessage(language, details) ?? ERROR_CATALOGUE.ROUND_CLOSED[language];
  return ERROR_CATALOGUE[code][language];
}
