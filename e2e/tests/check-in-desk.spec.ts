import { expect, test, type APIRequestContext } from '../support/test';
import { ADMIN, fillLogin } from '../support/app';

const isoDay = (days: number): string => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

interface Registered {
  id: number;
  racerNumber: number;
  fullName: string;
  checkInCode: string;
}

/** An event on race day: one race with groups A (20 racers) and B (5 racers), registration closed. */
async function raceDay(request: APIRequestContext) {
  const login = await request.post('/api/token/create', { data: ADMIN });
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const call = async <T>(method: 'post' | 'put' | 'get', url: string, data?: unknown): Promise<T> => {
    const response = await request[method](url, { headers, ...(data === undefined ? {} : { data }) });
    expect(response.ok(), `${method.toUpperCase()} ${url} answered ${response.status()}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  const suffix = Date.now().toString(36);
  const organization = await call<{ id: number }>('post', '/api/organization', { name: `Desk Club ${suffix}`, shortcut: `K${suffix}`.slice(0, 10).toUpperCase() });
  const today = isoDay(0);
  const event = await call<{ id: number; races: { id: number; qualificationGroups: { id: number; name: string }[] }[] }>('post', '/api/event', {
    organizationId: organization.id,
    name: `Desk Open ${suffix}`,
    startingDate: today,
    closingDate: today,
    isPublic: true,
    onlineRegistration: true,
    allowedUnregisteredUsers: true,
    races: [
      {
        name: 'Open',
        discipline: 'BOULDERING',
        raceGender: 'MIXED',
        raceFormat: 'QUALIFICATION',
        startingDate: today,
        endDate: today,
        openingRegistrationDate: isoDay(-7),
        closingRegistrationDate: today,
        bouldering: { numberOfQualificationBoulders: 4, scoringType: 'TOPS_ZONES' },
        qualificationGroups: [{ name: 'A' }, { name: 'B' }],
      },
    ],
  });
  const race = event.races[0]!;
  const [groupA, groupB] = race.qualificationGroups;
  if (!groupA || !groupB) throw new Error('two groups expected');
  await call('put', `/api/race/${race.id}/state`, { state: 'UPCOMING' });
  await call('put', `/api/race/${race.id}/state`, { state: 'OPEN_REGISTRATION' });
  const register = async (name: string, surname: string, groupId: number) => {
    const created = await call<Registered>('post', `/api/race-registration/${race.id}/register-unregistered-user/`, {
      name,
      surname,
      club: surname.length % 2 === 0 ? 'Boulder Club Bratislava' : 'Lezecký klub Žilina',
      sex: surname.length % 2 === 0 ? 'F' : 'M',
      birthday: '1998-05-05',
      country: 'SK',
      qualificationGroupId: groupId,
    });
    return { ...created, fullName: `${name} ${surname}` };
  };
  const groupARacers: Registered[] = [];
  for (let index = 1; index <= 20; index += 1) groupARacers.push(await register(`Racer${index}`, `Áčkar${'x'.repeat(index % 3)}`, groupA.id));
  for (let index = 1; index <= 5; index += 1) await register(`Bea${index}`, 'Béčková', groupB.id);
  await call('put', `/api/race/${race.id}/state`, { state: 'QUALIFICATION' });
  return { eventId: event.id, raceId: race.id, groupA, groupB, groupARacers, call };
}

/** Set E2E_SCREENSHOTS to a directory to keep screenshots of the desk. */
const SHOTS = process.env.E2E_SCREENSHOTS;

test('the check-in desk on a 768x1024 tablet checks in 20 racers, registers a walk-in and marks a group present', async ({ browser, request }) => {
  // Twenty-five registrations through the API and twenty check-ins through the page.
  test.setTimeout(180_000);
  const day = await raceDay(request);
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US', viewport: { width: 768, height: 1024 }, hasTouch: true });
  const tablet = await context.newPage();
  await tablet.goto('/login');
  await fillLogin(tablet, ADMIN.email, ADMIN.password);
  await expect(tablet).toHaveURL(/\/events\/actual$/);

  // From the event's administration to the desk.
  await tablet.goto(`/admin/events/${day.eventId}`);
  await tablet.getByRole('link', { name: 'Check-in desk' }).click();
  await expect(tablet).toHaveURL(new RegExp(`/admin/events/${day.eventId}/desk$`));
  const groupA = tablet.getByTestId('desk-group-A');
  await expect(groupA.getByTestId('desk-group-counts')).toHaveText(/20 registered\s*0 present\s*20 missing/);

  // Eighteen racers found as they are typed: by number, by name, by club, each checked in with one tap.
  const search = tablet.getByRole('searchbox', { name: 'Search racers' });
  const racers = day.groupARacers;
  for (const [index, racer] of racers.slice(0, 18).entries()) {
    await search.fill(index % 3 === 0 ? racer.fullName.toLowerCase() : String(racer.racerNumber));
    const row = tablet.getByTestId(`desk-racer-${racer.racerNumber}`);
    await row.getByRole('button', { name: `Mark ${racer.fullName} present` }).tap();
    await expect(row).toHaveAttribute('data-state', 'PRESENT');
  }
  // The search ignores diacritics: "ackar" finds every Áčkar.
  await search.fill('ackarxx');
  await expect(tablet.getByTestId('desk-racers').getByRole('row')).toHaveCount(1 + racers.filter((racer) => racer.fullName.endsWith('xx')).length);

  // Two racers show the QR code of their confirmation; this browser has no camera reader, so the desk types the code.
  await tablet.getByRole('button', { name: 'Scan QR code' }).tap();
  const scanner = tablet.getByRole('dialog', { name: "Scan the racer's QR code" });
  await expect(scanner.getByTestId('camera-problem')).toBeVisible();
  if (SHOTS) await tablet.screenshot({ path: `${SHOTS}/desk-scanner-768.png` });
  for (const racer of racers.slice(18)) {
    await scanner.getByRole('textbox', { name: 'Check-in code' }).fill(racer.checkInCode.toLowerCase().replace(/-/g, ' '));
    await scanner.getByRole('button', { name: 'Check in' }).tap();
    await expect(tablet.getByTestId('desk-status')).toHaveText(`${racer.fullName} (No. ${racer.racerNumber}) is checked in.`);
  }
  await tablet.keyboard.press('Escape');
  await expect(scanner).toHaveCount(0);
  await expect(groupA.getByTestId('desk-group-counts')).toHaveText(/20 registered\s*20 present\s*0 missing/);

  // Group A starts climbing; a racer turns up without having registered and joins it at the end.
  await day.call('put', `/api/qualification-group/${day.groupA.id}/state`, { state: 'QUALIFICATION' });
  await tablet.reload();
  await tablet.getByRole('button', { name: 'Walk-in registration' }).tap();
  const walkIn = tablet.getByRole('dialog', { name: /Walk-in registration/ });
  await walkIn.getByRole('textbox', { name: 'Name', exact: true }).fill('Neskorá');
  await walkIn.getByRole('textbox', { name: 'Surname' }).fill('Príchodzia');
  await walkIn.getByRole('combobox', { name: 'Sex', exact: true }).click();
  await tablet.getByRole('option', { name: 'Female' }).click();
  await walkIn.getByRole('textbox', { name: 'Birthday' }).fill('2001-07-07');
  await walkIn.getByRole('combobox', { name: 'Qualification group' }).click();
  await tablet.getByRole('option', { name: /Group A/ }).click();
  await walkIn.getByRole('button', { name: 'Register and check in' }).tap();
  await expect(walkIn).toHaveCount(0);
  await expect(groupA.getByTestId('desk-group-counts')).toHaveText(/21 registered\s*21 present\s*0 missing/);
  if (SHOTS) await tablet.screenshot({ path: `${SHOTS}/desk-768.png`, fullPage: true });
  const list = await day.call<{ fullName: string; rounds: { state: string; startingNumber: number }[] }[]>('get', `/api/racer/list?race=${day.raceId}&stage=QUALIFICATION`);
  expect(list.at(-1)).toMatchObject({ fullName: 'Neskorá Príchodzia', rounds: [{ state: 'READY', startingNumber: 21 }] });

  // Group B at once.
  const groupB = tablet.getByTestId('desk-group-B');
  await expect(groupB.getByTestId('desk-group-counts')).toHaveText(/5 registered\s*0 present\s*5 missing/);
  await groupB.getByRole('button', { name: 'Mark all of group B present' }).tap();
  await expect(tablet.getByText('5 racers of group B marked present.')).toBeVisible();
  await expect(groupB.getByTestId('desk-group-counts')).toHaveText(/5 registered\s*5 present\s*0 missing/);

  // Made for the tablet: nothing sticks out sideways.
  expect(await tablet.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await tablet.screenshot({ path: test.info().outputPath('desk-tablet.png'), fullPage: true });
  await context.close();
});
