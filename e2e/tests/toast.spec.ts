import { expect, test } from '../support/test';
import { ADMIN, adminFullName, fillLogin } from '../support/app';

// Spec sections 4 and 9: toasts queue up, each shows for 5 s, hovering holds it, leaving closes it.
test('toasts are queued, one at a time; hover holds one past its timer, leaving closes it', async ({ page, request }) => {
  const name = await adminFullName(request);
  await page.goto('/login');

  // A wrong password: the server answers 401 BAD_CREDENTIALS, shown by its catalogue text.
  await fillLogin(page, ADMIN.email, 'wrong-password-1');
  const error = page.getByRole('alert').filter({ hasText: 'E-mail or password is not correct.' });
  await expect(error).toBeVisible();
  await expect(error).toContainText('Error');

  // The correct password queues a success toast behind the error.
  await fillLogin(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('button', { name: new RegExp(name) })).toBeVisible();
  const welcome = page.getByRole('status').filter({ hasText: `Welcome, ${name}.` });
  await expect(welcome).toBeHidden();

  // Held by the mouse well past the 5 s timer; the queued toast keeps waiting.
  await error.hover();
  await page.waitForTimeout(6_500);
  await expect(error).toBeVisible();
  await expect(welcome).toBeHidden();

  // Leaving closes it at once and the next toast takes its place.
  await page.mouse.move(5, 700);
  await expect(error).toBeHidden({ timeout: 1_000 });
  await expect(welcome).toBeVisible({ timeout: 1_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Untouched, the success toast closes itself after its timer.
  await expect(welcome).toBeVisible({ timeout: 1_000 });
  await page.waitForTimeout(3_500);
  await expect(welcome).toBeVisible();
  await expect(welcome).toBeHidden({ timeout: 3_000 });
});
