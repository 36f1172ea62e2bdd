import { ERROR_CATALOGUE, decodeValidationMessage, encodeValidationMessage, type Language, type ValidationParams } from '@climbing/domain';
import type { TFunction } from './translation';
import { useCallback } from 'react';
import { useTranslation } from './translation';
import { currentLanguage } from './i18n';

const FORM_KEY = /^[a-z][a-zA-Z]*(\.[a-zA-Z0-9_]+)+$/;

/**
 * The text of a field message: an encoded validation message (`validation.tooLong?count=100`, the
 * limit translated into the sentence), or an error code of the catalogue the server put on a field
 * (EMAIL_ALREADY_IN_USE). Anything else, e.g. a validator's own English, reads "The value is not valid."
 */
export const validationText = (message: string, t: TFunction, language: Language, params?: ValidationParams): string => {
  if (Object.hasOwn(ERROR_CATALOGUE, message)) return ERROR_CATALOGUE[message as keyof typeof ERROR_CATALOGUE][language];
  const invalid = t('validation.invalid');
  // A form's own key outside the validation catalogue (race.groupsRequired) is still a key of ours.
  if (!message.startsWith('validation.') && FORM_KEY.test(message)) return t(message, { defaultValue: invalid });
  const { key, params: decoded } = decodeValidationMessage(message, params);
  return t(key, { ...decoded, defaultValue: invalid });
};

/** `validationText` in the current language; re-renders re-translate on a language switch. */
export const useValidationText = () => {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return useCallback((message: string, params?: ValidationParams) => validationText(message, t, language, params), [t, language]);
};

/** The message of a hand-written check of a whole number between two limits (both allowed). */
export const betweenMessage = (min: number, max: number): string => encodeValidationMessage({ key: 'validation.sizeBetween', params: { min, max } });

/** The message of a hand-written check of a text's length. */
export const tooLongMessage = (count: number): string => encodeValidationMessage({ key: 'validation.tooLong', params: { count } });
