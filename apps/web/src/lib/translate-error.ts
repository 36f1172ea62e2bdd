import { ERROR_CATALOGUE, rateLimitMessage, type Language } from '@climbing/domain';
import type { TFunction } from './translation';
import { ApiError, NetworkError } from './api-error';

/** The user-facing text for a failure, in the current language, by its stable code. */
export const translateError = (error: unknown, language: Language, t: TFunction): string => {
  if (error instanceof ApiError) return error.code === 'RATE_LIMITED' ? rateLimitMessage(language, error.details) : ERROR_CATALOGUE[error.code][language];
  if (error instanceof NetworkError) return t('errors.network');
  return ERROR_CATALOGUE.UNEXPECTED_ERROR[language];
};
