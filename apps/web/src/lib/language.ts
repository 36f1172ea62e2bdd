import type { Language } from '@climbing/domain';

export const SUPPORTED_LANGUAGES = ['sk', 'en'] as const satisfies readonly Language[];
export const FALLBACK_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';

export const isSupportedLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);

interface LanguageSources {
  stored: string | null;
  browserLanguages: readonly string[];
}

/**
 * Spec section 9: the language saved in local storage wins, then the browser's preferred
 * languages in order (first two letters, so "sk-SK" counts as Slovak), then English.
 */
export const detectLanguage = ({ stored, browserLanguages }: LanguageSources): Language => {
  if (isSupportedLanguage(stored)) return stored;
  for (const browserLanguage of browserLanguages) {
    const prefix = browserLanguage.slice(0, 2).toLowerCase();
    if (isSupportedLanguage(prefix)) return prefix;
  }
  return FALLBACK_LANGUAGE;
};

const readStoredLanguage = (): string | null => {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage can be blocked (private mode, policies); detection then falls back to the browser.
    return null;
  }
};

export const detectBrowserLanguage = (): Language =>
  detectLanguage({
    stored: readStoredLanguage(),
    browserLanguages: navigator.languages.length > 0 ? navigator.languages : [navigator.language],
  });

export const persistLanguage = (language: Language): void => {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not persisting is acceptable: the choice still applies to this visit.
  }
  document.documentElement.lang = language;
};
