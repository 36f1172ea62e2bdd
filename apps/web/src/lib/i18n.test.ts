import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import sk from '../locales/sk.json';
import { loadAllTexts, loadI18n, loadJudgeTexts, switchLanguage } from './i18n';

describe('i18n catalogues', () => {
  it('starts with the shown language only and downloads the other on the first switch', async () => {
    const i18n = await loadI18n('en');
    expect(i18n.t('app.title')).toBe('Climbing competitions');
    expect(i18n.hasResourceBundle('sk', 'translation')).toBe(false);
    await switchLanguage(i18n, 'sk');
    expect(i18n.language).toBe('sk');
    expect(i18n.t('app.title')).toBe('Lezecké preteky');
    await switchLanguage(i18n, 'en');
    expect(i18n.t('app.title')).toBe('Climbing competitions');
  });
});

describe('core and other texts', () => {
  const waitFor = async (condition: () => boolean) => {
    for (let tries = 0; tries < 100 && !condition(); tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(condition()).toBe(true);
  };

  it('starts with the core texts only; a key of another group loads the rest of the shown language', async () => {
    const i18n = await loadI18n('en');
    expect(i18n.t('live.nav')).toBe(en.live.nav);
    const revision = i18n.revision;
    expect(i18n.t('event.name')).toBe('event.name');
    await waitFor(() => i18n.t('event.name') === en.event.name);
    expect(i18n.revision).toBeGreaterThan(revision);
  });

  it("a key of the judge's groups loads the judge's texts, not the rest", async () => {
    const i18n = await loadI18n('en');
    expect(i18n.t('scorecard.title')).toBe('scorecard.title');
    await waitFor(() => i18n.t('scorecard.title') === en.scorecard.title);
    expect(i18n.exists('event.name')).toBe(false);
  });

  it("loadJudgeTexts brings the scorecard's texts alone; a switch brings the other language's core and judge texts", async () => {
    const i18n = await loadI18n('en');
    await loadJudgeTexts();
    expect(i18n.t('sync.online')).toBe(en.sync.online);
    expect(i18n.exists('event.name')).toBe(false);
    await switchLanguage(i18n, 'sk');
    expect(i18n.t('sync.online')).toBe(sk.sync.online);
    expect(i18n.t('live.nav')).toBe(sk.live.nav);
    expect(i18n.exists('event.name')).toBe(false);
  });

  it('a missing key of a core group loads nothing', async () => {
    const i18n = await loadI18n('en');
    const revision = i18n.revision;
    expect(i18n.t('live.raceState.NO_SUCH_STATE', { defaultValue: 'No such state' })).toBe('No such state');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(i18n.revision).toBe(revision);
    expect(i18n.exists('event.name')).toBe(false);
  });

  it('loadAllTexts brings the rest of the shown language, and a later switch brings both parts of the other', async () => {
    const i18n = await loadI18n('en');
    await loadAllTexts();
    expect(i18n.t('event.name')).toBe(en.event.name);
    await switchLanguage(i18n, 'sk');
    expect(i18n.t('event.name')).toBe(sk.event.name);
    expect(i18n.t('scorecard.title')).toBe(sk.scorecard.title);
    expect(i18n.t('live.nav')).toBe(sk.live.nav);
  });
});
