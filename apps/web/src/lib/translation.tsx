import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';

/**
 * The app's own translation layer (issue 14: i18next and react-i18next cost every page ~15 KB of
 * compressed JS). It does what the app used of them, the same way:
 * - keys are dotted paths into the nested catalogues (`events.found`);
 * - `{{name}}` is replaced by the option of that name, unescaped (React escapes); a placeholder
 *   without an option stays as it is, an option given as undefined or null becomes empty;
 * - `count` (a number) picks the plural form `key_<category>` by `Intl.PluralRules` of the
 *   language looked in (`key_zero` first when count is 0), else the key itself;
 * - the fallback language's catalogue answers what the language's own does not, when loaded;
 * - a missing key gives `defaultValue`, else the key itself (both interpolated);
 * - a key naming a group of texts gives i18next's sentence about it.
 * No namespaces (one catalogue per language), no `$t()` nesting, no formats (`{{value, number}}`),
 * no context or ordinal plurals: the catalogues use none (locales/catalogues.test.ts).
 */

/** Texts by key; a nested group for each dotted part of a key. */
export type Catalogue = { readonly [key: string]: string | Catalogue };

/** `count` chooses the plural form; every option can fill a `{{placeholder}}`. */
export interface TOptions {
  readonly count?: number;
  readonly defaultValue?: string;
  readonly [name: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

type LanguageListener = (language: string) => void;

/** The only namespace: kept in the bundle methods' signatures so callers read like i18next's. */
type Namespace = 'translation';

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

const pluralRules = new Map<string, Intl.PluralRules>();
const pluralCategory = (language: string, count: number): Intl.LDMLPluralRule => {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
};

const hasOwn = (value: unknown, key: string): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.hasOwn(value, key);

/** The value at a dotted key; own properties only, so `toString` is no text. The empty key finds nothing. */
const lookUp = (catalogue: Catalogue | undefined, key: string): unknown => {
  if (key === '') return undefined;
  let value: unknown = catalogue;
  for (const part of key.split('.')) {
    if (!hasOwn(value, part)) return undefined;
    value = value[part];
  }
  return value;
};

const interpolate = (text: string, options: TOptions): string =>
  text.replace(PLACEHOLDER, (placeholder, inner: string) => {
    const name = inner.trim();
    if (!Object.hasOwn(options, name)) return placeholder;
    const value = options[name];
    return value === undefined || value === null ? '' : String(value);
  });

export interface I18nOptions {
  language: string;
  /** Looked in after the language's own catalogue, if it is loaded. */
  fallbackLanguage: string;
  catalogues: Readonly<Record<string, Catalogue | undefined>>;
}

/** The texts of the loaded languages and the active language; components follow it through `useTranslation`. */
export class I18n {
  language: string;
  private readonly fallbackLanguage: string;
  private readonly catalogues = new Map<string, Catalogue>();
  private readonly listeners = new Set<LanguageListener>();
  /** `useTranslation`'s subscribers: told of a language change and of texts added. */
  private readonly renderers = new Set<() => void>();
  private readonly fixedTs = new Map<string, TFunction>();
  private missingKeyHandler: ((language: string, key: string) => void) | null = null;
  /** Counts changes of language and of texts, so components render again after either. */
  revision = 0;

  constructor({ language, fallbackLanguage, catalogues }: I18nOptions) {
    this.language = language;
    this.fallbackLanguage = fallbackLanguage;
    for (const [name, catalogue] of Object.entries(catalogues)) if (catalogue) this.catalogues.set(name, catalogue);
  }

  /** The first of the language and its fallback that has texts, as i18next's `resolvedLanguage`. */
  get resolvedLanguage(): string | undefined {
    return this.languagesFor(this.language).find((language) => this.catalogues.has(language));
  }

  /** Translates in the active language at the time of the call. */
  readonly t: TFunction = (key, options) => this.translate(this.language, key, options);

  /** A `t` for one language; the same function until the language or the texts change. */
  getFixedT(language: string): TFunction {
    let t = this.fixedTs.get(language);
    if (!t) {
      t = (key, options) => this.translate(language, key, options);
      this.fixedTs.set(language, t);
    }
    return t;
  }

  /** Whether the key (with its plural form, given `count`) has a text or a group, in the active language or the fallback. */
  readonly exists = (key: string, options: TOptions = {}): boolean => this.resolve(this.language, key, options) !== undefined;

  hasResourceBundle(language: string, _namespace: Namespace): boolean {
    return this.catalogues.has(language);
  }

  /** Adds texts to a language; keys already there are replaced at the top level, as i18next does. */
  addResourceBundle(language: string, _namespace: Namespace, catalogue: Catalogue): void {
    this.catalogues.set(language, { ...this.catalogues.get(language), ...catalogue });
    this.changed();
  }

  /**
   * Called when a key has no text in the loaded catalogues (lib/i18n.ts loads the rest of the
   * texts then); the handler decides what to do about repeated calls.
   */
  onMissingKey(handler: ((language: string, key: string) => void) | null): void {
    this.missingKeyHandler = handler;
  }

  /** Makes `language` active and tells the listeners (always, as i18next emits `languageChanged` each time). */
  changeLanguage(language: string): Promise<void> {
    this.language = language;
    for (const listener of [...this.listeners]) listener(language);
    this.changed();
    return Promise.resolve();
  }

  on(_event: 'languageChanged', listener: LanguageListener): this {
    this.listeners.add(listener);
    return this;
  }

  off(_event: 'languageChanged', listener: LanguageListener): this {
    this.listeners.delete(listener);
    return this;
  }

  /** For `useSyncExternalStore`: calls back on each language change, returns the unsubscription. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.renderers.add(listener);
    return () => this.renderers.delete(listener);
  };

  private changed(): void {
    this.revision += 1;
    // New texts or language: a new `t`, so values memoised on it are computed again.
    this.fixedTs.clear();
    for (const renderer of [...this.renderers]) renderer();
  }

  private languagesFor(language: string): string[] {
    return language === this.fallbackLanguage ? [language] : [language, this.fallbackLanguage];
  }

  /** The value for the key: per language, the zero form (count 0), the plural form, then the key itself. */
  private resolve(language: string, key: string, options: TOptions): unknown {
    const count = options.count;
    for (const code of this.languagesFor(language)) {
      const catalogue = this.catalogues.get(code);
      const keys = typeof count === 'number' ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralCategory(code, count)}`, key] : [key];
      for (const candidate of keys) {
        const value = lookUp(catalogue, candidate);
        if (value !== undefined && value !== null) return value;
      }
    }
    return undefined;
  }

  private translate(language: string, key: string, options: TOptions = {}): string {
    const value = this.resolve(language, key, options);
    if (value === undefined) this.missingKeyHandler?.(language, key);
    if (typeof value === 'object' && value !== null) return `key '${key} (${this.language})' returned an object instead of string.`;
    const text = typeof value === 'string' ? value : (options.defaultValue ?? key);
    return interpolate(text, options);
  }
}

const TranslationContext = createContext<I18n | null>(null);

export function TranslationProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <TranslationContext value={i18n}>{children}</TranslationContext>;
}

/**
 * `t` in the active language and the instance; the component renders again when the language
 * changes, and gets a new `t` then (memoised values that depend on it are recomputed).
 */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(TranslationContext);
  if (!i18n) throw new Error('useTranslation needs a TranslationProvider above it');
  // The revision is the snapshot: a change of language or of texts renders again; `getFixedT`
  // gives the same `t` until such a change, a new one after it.
  useSyncExternalStore(i18n.subscribe, () => i18n.revision);
  return { t: i18n.getFixedT(i18n.language), i18n };
}
