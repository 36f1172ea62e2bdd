import { ERROR_CATALOGUE, noFittingAgeCategoryMessage, rateLimitMessage, type Language } from '@climbing/domain';
import type { TFunction } from './translation';
import { ApiError, NetworkError } from './api-error';

/** The user-facing text for a failure, in the current language, by its stable code. */
export const translateError = (error: unknown, language: Language, t: TFunction): string => {
  if (error instanceof ApiError) {
    // Where the details say the limit that was broken, the message names it (as the server's does).
    if (error.code === 'RATE_LIMITED') return rateLimitMessage(language, error.details);
    if (error.code === 'NO_FITTING_AGE_CATEGORY') return noFittingAgeCategoryMessage(language, error.details);
    return ERROR_CATALOGUE[error.code][language];
  }
  if (error instanceof NetworkError) return t('errors.network');
  return ERROR_CATALOGUE.UNEXPECTED_ERROR[language];
};
