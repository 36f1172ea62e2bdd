import type { Language } from '@climbing/domain';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import sk from '../locales/sk.json';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, isSupportedLanguage, persistLanguage } from './language';

export const resources = { en: { translation: en }, sk: { translation: sk } } as const;

/**
 * Creates an initialised i18next instance. Resources are bundled, so initialisation is
 * synchronous and the first render already has its texts (no Suspense for translations).
 */
export const createI18n = (language: Language): I18n => {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes already
    react: { useSuspense: false },
  });
  return instance;
};

/** Keeps local storage and <html lang> in step with the active language. */
export const persistLanguageChanges = (instance: I18n): void => {
  // Only an explicit switch is stored; a detected language must not freeze the choice.
  document.documentElement.lang = currentLanguage(instance);
  instance.on('languageChanged', (language) => {
    if (isSupportedLanguage(language)) persistLanguage(language);
  });
};

export const currentLanguage = (instance: I18n): Language => {
  const language = instance.resolvedLanguage ?? instance.language;
  return isSupportedLanguage(language) ? language : FALLBACK_LANGUAGE;
};
