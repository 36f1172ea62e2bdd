import type { Language } from '@climbing/domain';
import type en from '../locales/en.json';
import { FALLBACK_LANGUAGE, isSupportedLanguage, persistLanguage } from './language';
import { CORE_GROUPS } from '../locales/core-groups';
import { I18n } from './translation';

export type Catalogue = typeof en;
export type Catalogues = Partial<Record<Language, Catalogue>>;

/**
 * The core texts of one language (locales/core-groups.ts), each a chunk of its own: a visit
 * downloads only the language it shows (issue 14, item 5), the other one when the user switches.
 */
const loadCoreTexts = async (language: Language): Promise<Catalogue> =>
  (language === 'sk' ? await import('../locales/sk.json?part=core') : await import('../locales/en.json?part=core')).default as Catalogue;

/** The other texts of one language: the organiser's, the forms', the event and cup pages'. */
const loadMoreTexts = async (language: Language): Promise<Catalogue> =>
  (language === 'sk' ? await import('../locales/sk.json?part=more') : await import('../locales/en.json?part=more')).default as Catalogue;

/** The languages whose other texts are loaded or on their way, per instance. */
const moreTexts = new WeakMap<I18n, Map<Language, Promise<void>>>();

/** Loads the other texts of a language once; a failed download may be tried again. */
const ensureMoreTexts = (instance: I18n, language: Language): Promise<void> => {
  let loads = moreTexts.get(instance);
  if (!loads) moreTexts.set(instance, (loads = new Map()));
  let load = loads.get(language);
  if (!load) {
    load = loadMoreTexts(language).then(
      (texts) => instance.addResourceBundle(language, 'translation', texts),
      () => void loads.delete(language),
    );
    loads.set(language, load);
  }
  return load;
};

let appI18n: I18n | null = null;

/**
 * Every text of the shown language: the pages other than the live pages and the scorecard wait
 * for it before they render (app/router.tsx), downloaded beside the page's own code.
 */
export const loadAllTexts = (): Promise<void> => (appI18n ? ensureMoreTexts(appI18n, currentLanguage(appI18n)) : Promise.resolve());

/**
 * Creates the translations with the catalogues given. They are in memory, so the first render
 * already has its texts (no Suspense for translations).
 */
export const createI18n = (language: Language, catalogues: Catalogues): I18n =>
  // Only a loaded catalogue serves as the fallback; both have every key (locales/catalogues.test.ts).
  new I18n({ language, fallbackLanguage: FALLBACK_LANGUAGE, catalogues });

/**
 * The app's translations: only the core texts of the language it starts in are downloaded. A key
 * they lack loads the rest of that language (and the page renders again with it).
 */
export const loadI18n = async (language: Language): Promise<I18n> => {
  const instance = createI18n(language, { [language]: await loadCoreTexts(language) });
  instance.onMissingKey((missingIn, key) => {
    // A key of a core group is simply missing (a page passes a defaultValue then): nothing to load.
    if (CORE_GROUPS.has(key.split('.')[0] ?? '')) return;
    if (isSupportedLanguage(missingIn) && instance.hasResourceBundle(missingIn, 'translation')) void ensureMoreTexts(instance, missingIn);
  });
  appI18n = instance;
  return instance;
};

/** Switches the language, downloading its texts first (as much of them as the visit has needed so far). */
export const switchLanguage = async (instance: I18n, language: Language): Promise<void> => {
  if (!instance.hasResourceBundle(language, 'translation')) instance.addResourceBundle(language, 'translation', await loadCoreTexts(language));
  const previous = currentLanguage(instance);
  if (moreTexts.get(instance)?.has(previous)) await ensureMoreTexts(instance, language);
  await instance.changeLanguage(language);
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
