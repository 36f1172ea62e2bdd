import { expect, test, type APIRequestContext, type Browser, type Page } from '../support/test';
import { fillLogin } from '../support/app';

/*
 * Issue 5 acceptance: an organiser creates an event with a bouldering race of two groups through
 * the UI and opens registration; a visitor registers once without an account; a logged-in racer
 * registers; a racer fitting no age category is refused with the translated message; the organiser
 * confirms presence, generates the starting list and sees both racers; the print view renders.
 * Accounts, the organization and its age categories are set up through the API.
 */
const PASSWORD = 'Climb1234';
const run = Date.now().toString(36);

/** A calendar date `days` from today (UTC, the server's "today"), as YYYY-MM-DD. */
const isoDay = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const thisYear = new Date().getUTCFullYear();

const people = {
  organiser: { email: `organiser-${run}@example.com`, name: 'Olga', surname: 'Organizerová', sex: 'F', birthday: '1985-02-03' },
  racer: { email: `racer-${run}@example.com`, name: 'Rado', surname: 'Pretekár', sex: 'M', birthday: '1995-06-07' },
  // 16 this year: neither "Youth 10-14" nor "Adults 18+".
  teen: { email: `teen-${run}@example.com`, name: 'Tomáš', surname: 'Mladý', sex: 'M', birthday: `${thisYear - 16}-03-04` },
} as const;

async function api(request: APIRequestContext, method: 'post' | 'put', url: string, data: unknown, token?: string) {
  const response = await request[method](url, { data, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  expect(response.ok(), `${method.toUpperCase()} ${url} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

async function setUp(request: APIRequestContext): Promise<{ organizationId: number; organizationName: string }> {
  for (const person of Object.values(people)) {
    await api(request, 'post', '/api/user/register', { ...person, password: PASSWORD, language: 'EN' });
  }
  const { token } = (await api(request, 'post', '/api/token/create', { email: people.organiser.email, password: PASSWORD })) as { token: string };
  const organizationName = `Boulder Club ${run}`;
  const organization = await api(request, 'post', '/api/organization', { name: organizationName, shortcut: `E${run}`.slice(0, 10).toUpperCase() }, token);
  const organizationId = Number(organization.id);
  await api(request, 'post', `/api/organization/${organizationId}/age-category`, { name: 'Youth', fromAge: 10, toAge: 14 }, token);
  await api(request, 'post', `/api/organization/${organizationId}/age-category`, { name: 'Adults', fromAge: 18, toAge: null }, token);
  return { organizationId, organizationName };
}

const login = async (page: Page, email: string) => {
  await page.goto('/login');
  await fillLogin(page, email, PASSWORD);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
};

const pick = async (page: Page, label: string | RegExp, option: string | RegExp) => {
  await page.getByRole('combobox', { name: label, exact: typeof label === 'string' }).click();
  await page.getByRole('option', { name: option }).click();
};

const openRegistration = async (browser: Browser, eventUrl: string, email?: string, viewport?: { width: number; height: number }) => {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  if (email) await login(page, email);
  await page.goto(eventUrl);
  await page.getByRole('article', { name: 'Open boulder' }).getByRole('button', { name: 'Register' }).click();
  return { context, dialog: page.getByRole('dialog') };
};

test('organiser, visitor and racer: event, registration, presence and starting list', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const { organizationId } = await setUp(request);
  const eventName = `Autumn Boulder ${run}`;

  // The organiser creates the event and its first race (two groups, two age categories) in the UI.
  await login(page, people.organiser.email);
  await page.goto(`/admin/organization/${organizationId}/events`);
  await page.getByRole('link', { name: 'New event' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(eventName);
  await page.getByRole('textbox', { name: 'Start date' }).first().fill(isoDay(7));
  await page.getByRole('textbox', { name: 'End date' }).first().fill(isoDay(7));
  await page.getByRole('textbox', { name: 'City' }).fill('Bratislava');
  await page.getByRole('textbox', { name: 'Race name' }).fill('Open boulder');
  await page.getByRole('textbox', { name: 'Start date' }).nth(1).fill(isoDay(7));
  await page.getByRole('textbox', { name: 'End date' }).nth(1).fill(isoDay(7));
  await page.getByRole('textbox', { name: 'Registration opens' }).fill(isoDay(-1));
  await page.getByRole('textbox', { name: 'Registration closes' }).fill(isoDay(5));
  await page.keyboard.press('Escape'); // the date picker's dropdown
  const categories = page.getByRole('combobox', { name: 'Age categories' });
  await categories.fill('Youth');
  await page.getByRole('option', { name: /Youth/ }).click();
  await categories.fill('Adults');
  await page.getByRole('option', { name: /Adults/ }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add group' }).click();
  await expect(page.getByText('Group B', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Create event' }).click();

  await expect(page).toHaveURL(/\/admin\/events\/\d+$/);
  const eventId = Number(/\/admin\/events\/(\d+)/.exec(page.url())?.[1]);
  await page.getByRole('link', { name: 'Open boulder' }).click();
  await expect(page).toHaveURL(/\/admin\/races\/\d+/);
  const raceUrl = page.url().split('?')[0] ?? '';
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('button', { name: 'Open registration' }).click();
  await expect(page.getByRole('group', { name: 'Race state' }).getByText('Registration open')).toBeVisible();
  await expect(page.getByText('Group A', { exact: true })).toBeVisible();
  await expect(page.getByText('Group B', { exact: true })).toBeVisible();

  const eventUrl = `/events/${eventId}`;

  // A visitor registers once from a phone, without an account, with a confirmation step.
  const visitor = await openRegistration(browser, eventUrl, undefined, { width: 360, height: 740 });
  await visitor.dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Vera');
  await visitor.dialog.getByRole('textbox', { name: 'Surname' }).fill('Návštevná');
  await pick(visitor.dialog.page(), 'Sex', 'Female');
  await visitor.dialog.getByRole('textbox', { name: 'Birthday' }).fill('1999-09-09');
  await visitor.dialog.getByRole('textbox', { name: 'Club' }).fill('BCB');
  await visitor.dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(visitor.dialog.getByText('Racer: Vera Návštevná')).toBeVisible();
  await visitor.dialog.getByRole('button', { name: 'Confirm registration' }).click();
  await expect(visitor.dialog.getByText('You are registered')).toBeVisible();
  // Without an account or e-mail, the code the desk scans is shown here and nowhere else, and says so.
  await expect(visitor.dialog.getByTestId('registration-check-in-code')).toHaveText(/\S{6,}/);
  await expect(visitor.dialog.getByRole('img', { name: /^QR code of racer number \d+$/ })).toBeVisible();
  await expect(visitor.dialog.getByText(/it is nowhere else: take a screenshot or write the code down/)).toBeVisible();
  await visitor.dialog.page().screenshot({ path: test.info().outputPath('visitor-registered.png') });
  await visitor.context.close();

  // A racer with an account registers.
  const racer = await openRegistration(browser, eventUrl, people.racer.email);
  await expect(racer.dialog.getByText('You are registering as Rado Pretekár.')).toBeVisible();
  await racer.dialog.getByRole('button', { name: 'Continue' }).click();
  await racer.dialog.getByRole('button', { name: 'Confirm registration' }).click();
  await expect(racer.dialog.getByText('You are registered')).toBeVisible();
  // Back on the event page the race card says so, with the number and the board, and offers no second registration.
  await racer.dialog.page().keyboard.press('Escape');
  const racerCard = racer.dialog.page().getByRole('article', { name: 'Open boulder' });
  await expect(racerCard.getByText('You are registered for this race')).toBeVisible();
  await expect(racerCard.getByText(/^Racer number \d+ · group [AB]$/)).toBeVisible();
  await expect(racerCard.getByRole('link', { name: /My board/ })).toHaveAttribute('href', '/my-board');
  await expect(racerCard.getByRole('button', { name: 'Register' })).toHaveCount(0);
  await racer.context.close();

  // A racer who fits no age category is refused with the translated message.
  const teen = await openRegistration(browser, eventUrl, people.teen.email);
  await teen.dialog.getByRole('button', { name: 'Continue' }).click();
  await teen.dialog.getByRole('button', { name: 'Confirm registration' }).click();
  await expect(teen.dialog.getByRole('alert')).toContainText('The racer does not fit any age category of this race.');
  await teen.context.close();

  // The organiser confirms presence of both, generates the starting list and sees both racers.
  await page.goto(raceUrl);
  for (const name of ['Vera Návštevná', 'Rado Pretekár']) {
    await page.getByRole('button', { name: `Confirm presence of ${name}` }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) }).getByText('Present', { exact: true })).toBeVisible();
  }
  await page.getByRole('tab', { name: 'Starting list' }).click();
  // Toasts queue one at a time, so the answer of the call is the proof, not the toast.
  const generated = page.waitForResponse((response) => response.request().method() === 'POST' && /\/api\/race\/\d+\/starting-list$/.test(response.url()));
  await page.getByRole('button', { name: 'Generate starting list' }).click();
  expect((await generated).ok()).toBe(true);
  const lists = page.getByRole('tabpanel');
  // Check-in has started (both are present): the hint says the checked-in have numbers, the others come last.
  await expect(page.getByTestId('starting-list-intro')).toContainText('Racers whose presence is confirmed have a starting number');
  await expect(lists.getByRole('cell', { name: 'Vera Návštevná' })).toBeVisible();
  await expect(lists.getByRole('cell', { name: 'Rado Pretekár' })).toBeVisible();

  // The print view renders: both racers, and with print media the per-group header and no app header.
  await page.getByRole('link', { name: 'Print view' }).click();
  await expect(page.getByRole('heading', { name: 'Starting list: Open boulder' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Vera Návštevná' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Rado Pretekár' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header').first()).toBeHidden();
  await expect(page.getByText(/Open boulder · Group A ·/)).toBeVisible();
  await expect(page.getByText(/Open boulder · Group B ·/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
});
