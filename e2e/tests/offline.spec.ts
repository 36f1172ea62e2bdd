import { expect, test } from '../support/test';

const OFFLINE_TEXT = 'You are offline.';

test('the offline notice follows the connection', async ({ page, context }) => {
  await page.goto('/events/actual');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expect(page.getByText(OFFLINE_TEXT)).toBeHidden();

  await context.setOffline(true);
  await expect(page.getByTestId('offline-notice')).toContainText(OFFLINE_TEXT);

  await context.setOffline(false);
  await expect(page.getByTestId('offline-notice')).toBeHidden();
});

test('the service worker serves the app shell while offline', async ({ page, context }) => {
  await page.goto('/events/actual');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first load installed the worker; the next navigation is answered from its precache.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByTestId('offline-notice')).toBeVisible();
  await context.setOffline(false);
});
