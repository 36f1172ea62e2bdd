import { ERROR_CATALOGUE, detailedErrorMessage, type Language } from '@climbing/domain';
import type { TFunction } from './translation';
import { ApiError, NetworkError } from './api-error';

/** The user-facing text for a failure, in the current language, by its stable code. */
export const translateError = (error: unknown, language: Language, t: TFunction): string => {
  // The same words the server wrote, from the code and its details (the limit or ranges it broke).
  if (error instanceof ApiError) return detailedErrorMessage(error.code, language, error.details);
  if (error instanceof NetworkError) return t('errors.network');
  return ERROR_CATALOGUE.UNEXPECTED_ERROR[language];
};
