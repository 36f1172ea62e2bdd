import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { I18n, TranslationProvider, useTranslation, type Catalogue, type TFunction } from './translation';

const en = {
  app: { title: 'Climbing', greeting: 'Hello {{name}}, {{ name }} again' },
  items_one: '{{count}} item',
  items_other: '{{count}} items',
  cups_one: 'one cup',
  cups_other: 'no cups: {{count}}',
  cups_zero: 'no cups at all',
  onlyEnglish: 'English only',
  plain: 'Plain',
  empty: '',
} satisfies Catalogue;

const sk = {
  app: { title: 'Lezenie', greeting: 'Ahoj {{name}}' },
  items_one: '{{count}} položka',
  items_few: '{{count}} položky',
  items_many: '{{count}} položky (zlomok)',
  items_other: '{{count}} položiek',
  plain: 'Obyčajný',
} satisfies Catalogue;

const create = (language: string, catalogues: Record<string, Catalogue> = { en, sk }) => new I18n({ language, fallbackLanguage: 'en', catalogues });

describe('t', () => {
  it('reads nested keys and fills placeholders, unescaped and without re-reading the values', () => {
    const { t } = create('en');
    expect(t('app.title')).toBe('Climbing');
    expect(t('app.greeting', { name: '<b>{{name}}</b>' })).toBe('Hello <b>{{name}}</b>, <b>{{name}}</b> again');
  });

  it('leaves a placeholder without an option as it is, and makes an undefined or null option empty', () => {
    const { t } = create('en');
    expect(t('app.greeting')).toBe('Hello {{name}}, {{ name }} again');
    expect(t('app.greeting', { name: undefined })).toBe('Hello ,  again');
    expect(t('app.greeting', { name: null })).toBe('Hello ,  again');
    expect(t('app.greeting', { name: 0 })).toBe('Hello 0, 0 again');
  });

  it.each([
    [0, '0 items'],
    [1, '1 item'],
    [2, '2 items'],
    [4, '4 items'],
    [5, '5 items'],
    [21, '21 items'],
    [1.5, '1.5 items'],
  ])('English plural of %d: %s', (count, expected) => {
    expect(create('en').t('items', { count })).toBe(expected);
  });

  it.each([
    [0, '0 položiek'],
    [1, '1 položka'],
    [2, '2 položky'],
    [4, '4 položky'],
    [5, '5 položiek'],
    [21, '21 položiek'],
    [1.5, '1.5 položky (zlomok)'],
  ])('Slovak plural of %d: %s', (count, expected) => {
    expect(create('sk').t('items', { count })).toBe(expected);
  });

  it('prefers a zero form for 0 when there is one, and falls back to the key itself without a plural form', () => {
    const { t } = create('en');
    expect(t('cups', { count: 0 })).toBe('no cups at all');
    expect(t('cups', { count: 2 })).toBe('no cups: 2');
    expect(t('plain', { count: 2 })).toBe('Plain');
  });

  it("takes what the language lacks from the fallback's catalogue when it is loaded", () => {
    expect(create('sk').t('onlyEnglish')).toBe('English only');
    expect(create('sk', { sk }).t('onlyEnglish')).toBe('onlyEnglish');
    // The language's own key wins over a plural form of the fallback.
    expect(create('sk').t('plain', { count: 2 })).toBe('Obyčajný');
  });

  it('gives the default value (filled in) for a missing key, else the key itself', () => {
    const { t } = create('en');
    expect(t('live.state.NEW', { defaultValue: 'NEW {{x}}', x: 1 })).toBe('NEW 1');
    expect(t('app.title', { defaultValue: 'unused' })).toBe('Climbing');
    expect(t('missing.key')).toBe('missing.key');
    expect(t('missing {{x}}', { x: 'filled' })).toBe('missing filled');
    expect(t('')).toBe('');
    expect(t('toString')).toBe('toString');
    expect(t('app.title.deeper')).toBe('app.title.deeper');
  });

  it('keeps an empty text, and says a group of texts is no text as i18next did', () => {
    const { t } = create('en');
    expect(t('empty', { defaultValue: 'x' })).toBe('');
    expect(t('app')).toBe("key 'app (en)' returned an object instead of string.");
  });
});

describe('I18n', () => {
  it('tells whether a key exists, plural forms included', () => {
    const i18n = create('sk');
    expect(i18n.exists('app.title')).toBe(true);
    expect(i18n.exists('app')).toBe(true);
    expect(i18n.exists('items', { count: 3 })).toBe(true);
    expect(i18n.exists('items')).toBe(false);
    expect(i18n.exists('missing')).toBe(false);
  });

  it('adds a catalogue and reports the language that answers', () => {
    const i18n = create('sk', { sk });
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    expect(i18n.resolvedLanguage).toBe('sk');
    i18n.addResourceBundle('en', 'translation', en);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    void i18n.changeLanguage('de');
    expect(i18n.language).toBe('de');
    expect(i18n.resolvedLanguage).toBe('en');
  });

  it('changes the language for t and tells the listeners each time', async () => {
    const i18n = create('en');
    const { t } = i18n;
    const onChange = vi.fn();
    const subscriber = vi.fn();
    i18n.on('languageChanged', onChange);
    const unsubscribe = i18n.subscribe(subscriber);
    await i18n.changeLanguage('sk');
    expect(t('app.title')).toBe('Lezenie');
    expect(onChange).toHaveBeenLastCalledWith('sk');
    await i18n.changeLanguage('sk');
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(subscriber).toHaveBeenCalledTimes(2);
    i18n.off('languageChanged', onChange);
    unsubscribe();
    await i18n.changeLanguage('en');
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(subscriber).toHaveBeenCalledTimes(2);
  });

  it('gives one fixed t per language', () => {
    const i18n = create('en');
    expect(i18n.getFixedT('sk')).toBe(i18n.getFixedT('sk'));
    expect(i18n.getFixedT('sk')('app.title')).toBe('Lezenie');
    expect(i18n.getFixedT('en')('app.title')).toBe('Climbing');
  });
});

describe('useTranslation', () => {
  const wrapperFor =
    (i18n: I18n) =>
    ({ children }: { children: ReactNode }) => <TranslationProvider i18n={i18n}>{children}</TranslationProvider>;

  it('renders again in the new language, with a new t', async () => {
    const i18n = create('en');
    function Title() {
      const { t } = useTranslation();
      return <h1>{t('app.title')}</h1>;
    }
    render(<Title />, { wrapper: wrapperFor(i18n) });
    expect(screen.getByRole('heading')).toHaveTextContent('Climbing');
    await act(() => i18n.changeLanguage('sk'));
    expect(screen.getByRole('heading')).toHaveTextContent('Lezenie');
  });

  it('keeps t while the language stays and replaces it when the language changes', async () => {
    const i18n = create('en');
    const { result, rerender } = renderHook(() => useTranslation(), { wrapper: wrapperFor(i18n) });
    const first: TFunction = result.current.t;
    rerender();
    expect(result.current.t).toBe(first);
    expect(result.current.i18n).toBe(i18n);
    await act(() => i18n.changeLanguage('sk'));
    expect(result.current.t).not.toBe(first);
    expect(result.current.t('app.title')).toBe('Lezenie');
    // A t kept from before still speaks the language it was made for, as react-i18next's did.
    expect(first('app.title')).toBe('Climbing');
  });

  it('renders again with a new t when texts are added to the shown language, and reports the keys it lacked', async () => {
    const i18n = new I18n({ language: 'en', fallbackLanguage: 'en', catalogues: { en: { app: { title: 'Climbing' } } } });
    const missing: string[] = [];
    i18n.onMissingKey((language, key) => missing.push(`${language}:${key}`));
    const { result } = renderHook(() => useTranslation(), { wrapper: wrapperFor(i18n) });
    const first = result.current.t;
    expect(first('event.name')).toBe('event.name');
    expect(missing).toEqual(['en:event.name']);
    await act(async () => i18n.addResourceBundle('en', 'translation', { event: { name: 'Event' } }));
    expect(result.current.t).not.toBe(first);
    expect(result.current.t('event.name')).toBe('Event');
    expect(result.current.t('app.title')).toBe('Climbing');
    expect(missing).toEqual(['en:event.name']);
  });

  it('needs the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useTranslation())).toThrow('TranslationProvider');
    vi.restoreAllMocks();
  });
});
