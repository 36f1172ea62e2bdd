import type { Language } from '@climbing/domain';
import type en from '../locales/en.json';
import { FALLBACK_LANGUAGE, isSupportedLanguage, persistLanguage } from './language';
import { partOfGroup } from '../locales/catalogue-parts';
import { I18n } from './translation';

export type Catalogue = typeof en;
export type Catalogues = Partial<Record<Language, Catalogue>>;

/**
 * The core texts of one language (locales/core-groups.ts), each a chunk of its own: a visit
 * downloads only the language it shows (issue 14, item 5), the other one when the user switches.
 */
const loadCoreTexts = async (language: Language): Promise<Catalogue> =>
  (language === 'sk' ? await import('../locales/sk.json?part=core') : await import('../locales/en.json?part=core')).default as Catalogue;

/** The texts of a part other than the core: the judge's (the scorecard's groups) or the rest. */
type ExtraPart = 'judge' | 'more';

/** The texts of one language's part other than the core, each a chunk of its own. */
const loadPartTexts = async (language: Language, part: ExtraPart): Promise<Catalogue> => {
  if (part === 'judge') return (language === 'sk' ? await import('../locales/sk.json?part=judge') : await import('../locales/en.json?part=judge')).default as Catalogue;
  return (language === 'sk' ? await import('../locales/sk.json?part=more') : await import('../locales/en.json?part=more')).default as Catalogue;
};

/** The parts of each language loaded or on their way, per instance (key `language:part`). */
const partLoads = new WeakMap<I18n, Map<string, Promise<void>>>();

/** Loads a part of a language once; a failed download may be tried again. */
const ensurePart = (instance: I18n, language: Language, part: ExtraPart): Promise<void> => {
  let loads = partLoads.get(instance);
  if (!loads) partLoads.set(instance, (loads = new Map()));
  const key = `${language}:${part}`;
  let load = loads.get(key);
  if (!load) {
    load = loadPartTexts(language, part).then(
      (texts) => instance.addResourceBundle(language, 'translation', texts),
      () => void loads.delete(key),
    );
    loads.set(key, load);
  }
  return load;
};

let appI18n: I18n | null = null;

/**
 * Every text of the shown language: the pages other than the live pages and the scorecard wait
 * for it before they render (app/router.tsx), downloaded beside the page's own code.
 */
export const loadAllTexts = (): Promise<void> => loadParts(['judge', 'more']);

/** The judge's texts of the shown language: the scorecard waits for them beside its code. */
export const loadJudgeTexts = (): Promise<void> => loadParts(['judge']);

const loadParts = async (parts: readonly ExtraPart[]): Promise<void> => {
  const instance = appI18n;
  if (instance) await Promise.all(parts.map((part) => ensurePart(instance, currentLanguage(instance), part)));
};

/**
 * Starts downloading the judge's texts of a language before the app has started (main.tsx, on the
 * scorecard's address), so the scorecard does not wait a round trip more for them after the core texts.
 */
export const preloadJudgeTexts = (language: Language): void => void loadPartTexts(language, 'judge').catch(() => undefined);

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
    const part = partOfGroup(key.split('.')[0] ?? '');
    if (part === 'core') return;
    if (isSupportedLanguage(missingIn) && instance.hasResourceBundle(missingIn, 'translation')) void ensurePart(instance, missingIn, part);
  });
  appI18n = instance;
  return instance;
};

/** Switches the language, downloading its texts first (as much of them as the visit has needed so far). */
export const switchLanguage = async (instance: I18n, language: Language): Promise<void> => {
  if (!instance.hasResourceBundle(language, 'translation')) instance.addResourceBundle(language, 'translation', await loadCoreTexts(language));
  const previous = currentLanguage(instance);
  const loaded = partLoads.get(instance);
  await Promise.all((['judge', 'more'] as const).filter((part) => loaded?.has(`${previous}:${part}`)).map((part) => ensurePart(instance, language, part)));
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
