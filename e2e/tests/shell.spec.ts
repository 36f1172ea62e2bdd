import { expect, test } from '../support/test';
import { HEADER_TEXTS, switchLanguage } from '../support/app';

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
