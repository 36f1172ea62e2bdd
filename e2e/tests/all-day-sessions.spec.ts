import { expect, request as playwrightRequest, test, type APIRequestContext } from '../support/test';
import { ADMIN } from '../support/app';
import { startOwnServer, type OwnServer } from '../support/own-server';

// Access tokens of five seconds on this spec's own server: waiting a few real seconds gives the
// browser a token the server has really let run out, while page.clock moves the app's time on.
const TOKEN_SECONDS = 5;

let server: OwnServer;
let api: APIRequestContext;

test.beforeAll(async () => {
  server = await startOwnServer({ ACCESS_TOKEN_TTL_SECONDS: String(TOKEN_SECONDS) });
  api = await playwrightRequest.newContext({ baseURL: server.baseURL });
});
test.afterAll(async () => {
  await api.dispose();
  await server.stop();
});

const isoDay = (days: number): string => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** API calls as the admin; a fresh login per call, because tokens live five seconds here. */
async function asAdmin<T>(method: 'get' | 'post' | 'put' | 'delete', url: string, data?: unknown): Promise<T> {
  const login = await api.post('/api/token/create', { data: ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const response = await api[method](url, { headers: { Authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method.toUpperCase()} ${url} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/** A bouldering race in its qualification with one present racer and the event's judge login. */
async function raceWithJudge() {
  const suffix = Date.now().toString(36);
  const organization = await asAdmin<{ id: number }>('post', '/api/organization', { name: `Day Club ${suffix}`, shortcut: `D${suffix}`.slice(0, 10).toUpperCase() });
  const today = isoDay(0);
  const event = await asAdmin<{ id: number; races: { id: number; qualificationGroups: { id: number }[] }[] }>('post', '/api/event', {
    organizationId: organization.id,
    name: `All Day Boulder ${suffix}`,
    startingDate: today,
    closingDate: today,
    isPublic: true,
    onlineRegistration: true,
    allowedUnregisteredUsers: true,
    races: [
      {
        name: 'Open',
        discipline: 'BOULDERING',
        raceGender: 'MEN',
        raceFormat: 'QUALIFICATION',
        startingDate: today,
        endDate: today,
        openingRegistrationDate: isoDay(-1),
        closingRegistrationDate: today,
        bouldering: { numberOfQualificationBoulders: 4, scoringType: 'TOPS_ZONES' },
        qualificationGroups: [{ name: 'A' }],
      },
    ],
  });
  const race = event.races[0];
  const groupId = race?.qualificationGroups[0]?.id;
  if (!race || groupId === undefined) throw new Error('the event came back without its race');
  await asAdmin('put', `/api/race/${race.id}/state`, { state: 'UPCOMING' });
  await asAdmin('put', `/api/race/${race.id}/state`, { state: 'OPEN_REGISTRATION' });
  const registration = await asAdmin<{ id: number; racerNumber: number }>('post', `/api/race-registration/${race.id}/register-unregistered-user/`, {
    name: 'Dano',
    surname: 'Vytrvalý',
    club: 'DC',
    sex: 'M',
    birthday: '1999-02-02',
    country: 'SK',
    qualificationGroupId: groupId,
  });
  await asAdmin('put', `/api/race-registration/${registration.id}/PRESENT`, {});
  await asAdmin('put', `/api/qualification-group/${groupId}/state`, { state: 'QUALIFICATION' });
  await asAdmin('put', `/api/race/${race.id}/state`, { state: 'QUALIFICATION_ONGOING' });
  const judge = await asAdmin<{ login: string; password: string }>('post', `/api/event/${event.id}/judge-account`, {});
  return { raceId: race.id, racerNumber: registration.racerNumber, judge };
}

test("a judge's scorecard still saves after the clock moves two hours on", async ({ browser }) => {
  const { raceId, racerNumber, judge } = await raceWithJudge();
  const context = await browser.newContext({ baseURL: server.baseURL, serviceWorkers: 'block', locale: 'en-US', viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const phone = await context.newPage();
  await phone.clock.install();
  await phone.goto(`/races/${raceId}/scorecard`);
  await phone.getByRole('textbox', { name: 'Judge login or e-mail' }).fill(judge.login);
  await phone.getByRole('textbox', { name: 'Password', exact: true }).fill(judge.password);
  await phone.getByRole('button', { name: 'Log in', exact: true }).click();
  await phone.getByRole('textbox', { name: 'Racer' }).fill(String(racerNumber));
  await phone.getByTestId('racer-option').first().click();
  await phone.getByRole('button', { name: 'Attempt' }).tap();
  await expect(phone.getByTestId('sync-saved')).toContainText('All saved at');

  // The phone's clock stops (a judge waiting between rounds) while the server lets the token run
  // out for real; then two hours pass at once on the phone.
  await phone.clock.pauseAt(Date.now() + 1000);
  await sleep((TOKEN_SECONDS + 2) * 1000);
  await phone.clock.fastForward('02:00:00');
  await phone.clock.resume();

  await phone.getByRole('button', { name: 'Zone' }).tap();
  await expect(phone.getByTestId('scorecard-marks')).toHaveText('Z1');
  await expect(phone.getByTestId('sync-saved')).toContainText('All saved at');
  await expect(phone.getByRole('dialog')).toHaveCount(0);
  await expect(phone.getByRole('textbox', { name: 'Judge login or e-mail' })).toHaveCount(0);

  // The server has the zone: the save really went through after the token had expired.
  const racers = await asAdmin<{ racerNumber: number; rounds: { boulders: { zoneAttempts: number | null }[] }[] }[]>('get', `/api/racer/list?race=${raceId}&stage=QUALIFICATION`);
  expect(racers.find((racer) => racer.racerNumber === racerNumber)?.rounds[0]?.boulders[0]?.zoneAttempts).toBe(1);
  await context.close();
});

test('a page whose session ended keeps what was typed and asks to log in again over it', async ({ browser }) => {
  const email = `day-${Date.now().toString(36)}@example.com`;
  const registered = await api.post('/api/user/register', { data: { email, password: 'Granite-Crimp42', name: 'Eva', surname: 'Celodenná' } });
  expect(registered.ok(), await registered.text()).toBe(true);
  const context = await browser.newContext({ baseURL: server.baseURL, serviceWorkers: 'block', locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Granite-Crimp42');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/events\/actual$/);
  // Several token lifetimes pass with the app open: the background renewal keeps the login.
  await sleep((TOKEN_SECONDS * 2 + 1) * 1000);
  await page.goto('/profile');
  await page.getByRole('textbox', { name: 'City' }).fill('Banská Bystrica');

  // The session is ended elsewhere (logged out on another device, for example).
  const token = (await context.cookies()).find((cookie) => cookie.name === 'climbing_session')?.value;
  const loggedOut = await api.delete('/api/token', { headers: { Authorization: `Bearer ${token}` } });
  expect(loggedOut.status()).toBe(204);

  await page.getByRole('button', { name: 'Save', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Your login has expired' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'E-mail or judge login' })).toHaveValue(email);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('Granite-Crimp42');
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  // Same page, same typed value; saving again works.
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Banská Bystrica');
  await page.getByRole('button', { name: 'Save', exact: true }).first().click();
  await expect(page.getByText('The profile has been saved.')).toBeVisible();
  await context.close();
});
