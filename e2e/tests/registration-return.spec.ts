import { expect, test, type APIRequestContext } from '../support/test';
import { ADMIN, fillLogin } from '../support/app';

/*
 * Issue 10, item 8: logging in or signing up from a race's registration dialog comes back to that
 * event with the dialog open for that race; the `redirect` value is never an open redirect.
 */

const isoDay = (days: number): string => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

/** A public event with two races open for registration, built through the API. */
async function openEvent(request: APIRequestContext): Promise<{ eventId: number }> {
  const login = await request.post('/api/token/create', { data: ADMIN });
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const call = async (method: 'post' | 'put', url: string, data: unknown) => {
    const response = await request[method](url, { headers, data });
    expect(response.ok(), `${method.toUpperCase()} ${url} answered ${response.status()}: ${await response.text()}`).toBe(true);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const organization = await call('post', '/api/organization', { name: `Return Club ${suffix}`, shortcut: `T${suffix}`.slice(0, 10).toUpperCase() });
  const race = (name: string) => ({
    name,
    discipline: 'BOULDERING',
    raceGender: 'MIXED',
    raceFormat: 'QUALIFICATION_FINAL',
    startingDate: isoDay(7),
    endDate: isoDay(7),
    openingRegistrationDate: isoDay(-1),
    closingRegistrationDate: isoDay(6),
    qualificationGroups: [{ name: 'A' }],
  });
  const event = (await call('post', '/api/event', {
    organizationId: organization.id,
    name: `Return Cup ${suffix}`,
    startingDate: isoDay(7),
    closingDate: isoDay(7),
    isPublic: true,
    onlineRegistration: true,
    allowedUnregisteredUsers: true,
    races: [race('Youth boulder'), race('Open boulder')],
  })) as { id: number; races: { id: number }[] };
  for (const { id } of event.races) {
    await call('put', `/api/race/${id}/state`, { state: 'UPCOMING' });
    await call('put', `/api/race/${id}/state`, { state: 'OPEN_REGISTRATION' });
  }
  return { eventId: event.id };
}

test('logging in from a race registration comes back to that race with the dialog open', async ({ page, request }) => {
  const { eventId } = await openEvent(request);
  await page.goto(`/events/${eventId}`);
  await page.getByRole('article', { name: 'Open boulder' }).getByRole('button', { name: 'Register' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'log in to register with your account' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  // The URL changes before the lazy page replaces the event page: its dialog has an e-mail field too.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
  await fillLogin(page, ADMIN.email, ADMIN.password);

  await expect(page).toHaveURL(new RegExp(`/events/${eventId}\\?register=\\d+$`));
  const dialog = page.getByRole('dialog', { name: 'Registration: Open boulder' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You are registering as');
  // Closing it leaves the plain event page: a reload does not open it again.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}$`));
  await page.reload();
  await expect(page.getByRole('article', { name: 'Open boulder' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('signing up from a race registration asks for birthday and sex, comes back to that race with the dialog open and registers', async ({ page, request }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { eventId } = await openEvent(request);
  await page.goto(`/events/${eventId}`);
  await page.getByRole('article', { name: 'Youth boulder' }).getByRole('button', { name: 'Register' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Create one and register' }).click();
  await expect(page).toHaveURL(/\/sign-up\?redirect=/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Sign up', level: 1 })).toBeVisible();
  await expect(page.getByText('The race needs your birthday and sex')).toBeVisible();
  const email = `return-${Date.now().toString(36)}@example.com`;
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Ret-urn-2026!x');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('Ret-urn-2026!x');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Rita');
  await page.getByRole('textbox', { name: 'Surname' }).fill('Returner');
  const emailField = page.getByRole('textbox', { name: 'E-mail' });
  await expect(async () => {
    await emailField.fill(email);
    await expect(emailField).toHaveValue(email, { timeout: 1_000 });
  }).toPass();
  // Without birthday and sex the registration right after would be refused: the form says so first.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('textbox', { name: 'Birthday' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('combobox', { name: 'Sex' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/sign-up\?redirect=/);
  await page.screenshot({ path: testInfo.outputPath('sign-up-for-registration-360x740.png'), fullPage: true });
  // Typed as people write a date by hand: a partial one is said and not kept, a whole one is read.
  const birthday = page.getByRole('textbox', { name: 'Birthday' });
  await birthday.fill('6. 5. 20');
  await page.getByRole('textbox', { name: 'Name', exact: true }).click();
  await expect(page.getByText('“6. 5. 20” is not a whole date: type it as 2011‑03‑15, 15.3.2011 or 15032011.')).toBeVisible();
  await expect(birthday).toHaveValue('');
  await birthday.fill('6. 5. 2004');
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'Name', exact: true }).click();
  await expect(birthday).toHaveValue('2004-05-06');
  await expect(page.getByText('is not a whole date')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Sex' }).click();
  await page.getByRole('option', { name: 'Female' }).click();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(new RegExp(`/events/${eventId}\\?register=\\d+$`));
  const dialog = page.getByRole('dialog', { name: 'Registration: Youth boulder' });
  await expect(dialog).toContainText('You are registering as Rita Returner.');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Confirm registration' }).click();
  await expect(dialog.getByText('You are registered')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('sign-up-registered-360x740.png') });
});

test('an account without sex is told before Confirm what its profile lacks, with the way to the profile, which returns to the registration', async ({ page, request }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { eventId } = await openEvent(request);
  const email = `nosex-${Date.now().toString(36)}@example.com`;
  const password = 'Ret-urn-2026!x';
  const registered = await request.post('/api/user/register', {
    data: { email, password, name: 'Lucia', surname: 'Profilová', birthday: null, sex: null, phoneNumber: null, club: null, language: 'EN' },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  await page.goto(`/login?redirect=${encodeURIComponent(`/events/${eventId}`)}`);
  await fillLogin(page, email, password);
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}$`));

  await page.getByRole('article', { name: 'Open boulder' }).getByRole('button', { name: 'Register' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registration: Open boulder' });
  // Up front, before anything is sent: what is missing, and Confirm stays disabled (the race has no age categories: no birthday needed).
  const gaps = dialog.getByTestId('registration-profile-gaps');
  await expect(gaps).toContainText('Complete your profile before registering');
  await expect(gaps.getByRole('listitem')).toHaveText(['your sex']);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('button', { name: 'Confirm registration' })).toBeDisabled();
  // Nothing was sent, so no refusal of the server.
  await expect(dialog.getByText('lacks the sex or the birthday')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('registration-profile-gaps-360x740.png') });
  await gaps.getByRole('link', { name: 'Complete my profile' }).click();

  await expect(page).toHaveURL(/\/profile\?redirect=/);
  await expect(page.getByTestId('profile-for-registration')).toBeVisible();
  await page.getByRole('textbox', { name: 'Birthday' }).fill('1999-03-04');
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Sex' }).click();
  await page.getByRole('option', { name: 'Female' }).click();
  await page.screenshot({ path: testInfo.outputPath('profile-for-registration-360x740.png') });
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/events/${eventId}\\?register=\\d+$`));
  await expect(dialog.getByTestId('registration-profile-gaps')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Confirm registration' }).click();
  await expect(dialog.getByText('You are registered')).toBeVisible();
});

test('a redirect to another site is ignored: the login lands on the start page', async ({ page }) => {
  for (const redirect of ['//evil.example/x', 'https://evil.example/x', '/\\evil.example']) {
    await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
    await fillLogin(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/events\/actual$/);
    await page.evaluate(() => window.localStorage.removeItem('session'));
    await page.context().clearCookies();
  }
});
