import { expect, test } from '../support/test';
import { HEADER_TEXTS, preferLanguage, switchLanguage } from '../support/app';

test.describe('app shell', () => {
  // Other specs create events in the shared database; the shell's empty state is shown with an empty list.
  test.use({ serviceWorkers: 'block' });

  test('loads /events/actual directly in English and switches to Slovak and back', async ({ page }) => {
    await page.route(/\/api\/event\?/, (route) => route.fulfill({ json: [] }));
    await page.goto('/events/actual');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: HEADER_TEXTS.en.events })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: HEADER_TEXTS.en.cups })).toBeVisible();
    await expect(page.getByRole('link', { name: HEADER_TEXTS.en.login })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
    await expect(page.getByText('No events yet')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await switchLanguage(page, 'en', 'sk');
    const navSk = page.getByRole('navigation', { name: 'Hlavná navigácia' });
    await expect(navSk.getByRole('link', { name: HEADER_TEXTS.sk.events })).toBeVisible();
    await expect(navSk.getByRole('link', { name: HEADER_TEXTS.sk.cups })).toBeVisible();
    await expect(page.getByRole('link', { name: HEADER_TEXTS.sk.login })).toBeVisible();
    await expect(page.getByText('Zatiaľ žiadne podujatia')).toBeVisible();
    await expect(page).toHaveTitle('Lezecké preteky');

    // The choice is stored and wins over the browser's English on the next visit.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Podujatia' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('sk');

    await switchLanguage(page, 'sk', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  });

  test('navigates between the list pages', async ({ page }) => {
    await page.route(/\/api\/cup\?/, (route) => route.fulfill({ json: [] }));
    await page.goto('/events/actual');
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page).toHaveURL(/\/events\/history$/);
    await expect(page.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('link', { name: 'Cups' }).click();
    await expect(page).toHaveURL(/\/cups\/actual$/);
    await expect(page.getByText('No cups yet')).toBeVisible();
    await page.getByRole('tab', { name: 'Finished' }).click();
    await expect(page).toHaveURL(/\/cups\/history$/);
  });

  test('on a phone the sections are in a menu and the header fits the screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/events/actual');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Cups' })).toBeHidden();
    await header.getByRole('button', { name: 'Sections' }).click();
    await page.getByRole('menuitem', { name: 'Live' }).click();
    await expect(page).toHaveURL(/\/live$/);
    // Nothing in the header is pushed off the screen: language and account stay in view.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    for (const name of ['SK', 'EN']) {
      const box = await header.getByText(name, { exact: true }).boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(360);
    }
    await page.setViewportSize({ width: 1366, height: 768 });
    await expect(header.getByRole('link', { name: 'Cups' })).toBeVisible();
  });

  test('the event list\'s search hint is whole in its field on the smallest phones, in Slovak and English', async ({ page }) => {
    await page.route(/\/api\/event\?/, (route) => route.fulfill({ json: [] }));
    for (const language of ['sk', 'en'] as const) {
      await preferLanguage(page, language);
      for (const width of [320, 360]) {
        await page.setViewportSize({ width, height: 740 });
        await page.goto('/events/actual');
        const search = page.getByRole('searchbox');
        await expect(search).toBeVisible();
        // The hint as the field draws it, against the room the field has for text.
        const [hint, room] = await search.evaluate((input: HTMLInputElement) => {
          const style = getComputedStyle(input);
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = style.font;
          return [context.measureText(input.placeholder).width, input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)];
        });
        // With room to spare for a wider font than this machine's, or a scrollbar.
        expect(hint, `${language} at ${width} px`).toBeLessThanOrEqual(room * 0.85);
      }
    }
  });

  test('sends the root and unknown paths to the event list', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/events\/actual$/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/events\/actual$/);
  });
});

test.describe('with a Slovak browser', () => {
  test.use({ locale: 'sk-SK' });

  test('starts in Slovak without a stored choice', async ({ page }) => {
    await page.goto('/cups/history');
    await expect(page.getByRole('heading', { level: 1, name: 'Poháre' })).toBeVisible();
    await expect(page.getByRole('link', { name: HEADER_TEXTS.sk.login })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
  });
});
