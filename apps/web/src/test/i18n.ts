import type { Language } from '@climbing/domain';
import type { I18n } from '../lib/translation';
import { createI18n as createWith } from '../lib/i18n';
import en from '../locales/en.json';
import sk from '../locales/sk.json';

/** Tests get both catalogues in memory, so any language works at once (the app loads one lazily). */
export const createI18n = (language: Language): I18n => createWith(language, { en, sk });
