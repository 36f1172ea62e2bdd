import { ADMIN, fillLogin } from '../support/app';
import { expect, test } from '../support/test';

/*
 * Issue 11, item 11: the app works under the server's Content-Security-Policy. Every browser test
 * fails on a violation (support/test.ts); this one walks the main pages and shows that the guard
 * really sees one.
 */

const PUBLIC_PAGES = ['/events/actual', '/events/history', '/cups/actual', '/organizations', '/live', '/login', '/sign-up', '/forgot-password', '/about', '/contact', '/privacy'];
// The other pages (event, race, scorecard, desk, results, print) are walked by the other specs under the same guard.
const ADMIN_PAGES = ['/my-board', '/profile', '/organizations/new', '/admin/organizations', '/admin/outbox'];

test('the main pages load under the policy without a violation', async ({ page }) => {
  const first = await page.goto('/events/actual');
  expect(first?.headers()['content-security-policy']).toContain("script-src 'self'");
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
  }
  await page.goto('/login');
  await fillLogin(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/events\/actual$/);
  for (const path of ADMIN_PAGES) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
  }
});

test('an injected inline script does not run, and the guard sees the violation', async ({ page, cspViolations }) => {
  await page.goto('/events/actual');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true;';
    document.body.append(script);
  });
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  expect(cspViolations[0]).toMatch(/Content Security Policy/);
  // Provoked on purpose: emptied so the guard lets this test pass.
  cspViolations.length = 0;
});
