import { expect, test } from '../support/test';
import { ADMIN, adminFullName, fillLogin } from '../support/app';

test('login shows the user in the header, survives a reload through token renewal, and logs out', async ({
  page,
  request,
}) => {
  const name = await adminFullName(request);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();

  await fillLogin(page, ADMIN.email, ADMIN.password);
  const userMenu = page.getByRole('button', { name: new RegExp(name) });
  await expect(userMenu).toBeVisible();
  await expect(page).toHaveURL(/\/events\/actual$/);
  // The token is in an HttpOnly cookie no script can read; the page keeps only the CSRF token.
  const sessionCookie = (await page.context().cookies()).find((cookie) => cookie.name === 'climbing_session');
  expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
  const stored = await page.evaluate(() => window.localStorage.getItem('session'));
  expect(JSON.parse(stored ?? '{}')).toMatchObject({ csrfToken: expect.any(String) });
  expect(stored).not.toContain(sessionCookie?.value ?? 'no cookie');
  expect(await page.evaluate(() => document.cookie)).not.toContain('climbing_session');

  // Start-up: GET /api/user, then PUT /api/token/renew with the session cookie.
  const renewed = page.waitForResponse((response) => response.url().endsWith('/api/token/renew'));
  await page.reload();
  expect((await renewed).status()).toBe(200);
  await expect(userMenu).toBeVisible();

  await userMenu.click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('session'))).toBeNull();
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'climbing_session')).toBe(false);
});

test('the login form marks required fields and shows field errors', async ({ page }) => {
  await page.goto('/login');
  const email = page.getByRole('textbox', { name: 'E-mail' });
  await expect(email).toHaveAttribute('required', '');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('This value must be filled.')).toHaveCount(2);
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  await email.fill('not-an-email');
  await email.blur();
  await expect(page.getByText('Invalid e-mail format.')).toBeVisible();

  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await password.fill('secret1234');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
});
