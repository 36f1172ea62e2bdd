import { expect, test, type APIRequestContext } from '../support/test';
import { ADMIN, fillLogin, preferLanguage } from '../support/app';
import { cutTexts, pageWidth } from '../support/layout';

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

/** An event on race day: one race with groups A (20 racers) and B (5 racers), registration closed; with `ageCategories` the race has the category Adults. */
async function raceDay(request: APIRequestContext, { ageCategories = false } = {}) {
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
  const categoryIds = ageCategories ? [(await call<{ id: number }>('post', `/api/organization/${organization.id}/age-category`, { name: 'Adults', fromAge: 18 })).id] : [];
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
        ...(ageCategories ? { ageCategories: categoryIds } : {}),
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

test('the check-in desk on a 768x1024 tablet checks in 20 racers, moves a racer to another group, registers a walk-in and marks a group present', async ({ browser, request }) => {
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
  // A typo: the code stays in the field, selected for a fix, with the error under it in the dialog,
  // not in a toast over the dialog's title.
  const codeField = scanner.getByRole('textbox', { name: 'Check-in code' });
  const code = racers[18]!.checkInCode;
  const typo = `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`;
  await codeField.fill(typo);
  await scanner.getByRole('button', { name: 'Check in' }).tap();
  await expect(scanner.getByText('This check-in code does not belong to any racer of this race.')).toBeVisible();
  await expect(codeField).toHaveValue(typo);
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  expect(await codeField.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd, document.activeElement === input])).toEqual([0, typo.length, true]);
  await expect(tablet.locator('[data-toast-type]')).toHaveCount(0);
  await tablet.screenshot({ path: test.info().outputPath('desk-code-typo-768.png') });
  for (const racer of racers.slice(18)) {
    await codeField.fill(racer.checkInCode.toLowerCase().replace(/-/g, ' '));
    await scanner.getByRole('button', { name: 'Check in' }).tap();
    await expect(tablet.getByTestId('desk-status')).toHaveText(`${racer.fullName} (No. ${racer.racerNumber}) is checked in.`);
    // Said in the dialog too, and the field is empty for the next racer.
    await expect(scanner.getByTestId('scan-checked-in')).toHaveText(`${racer.fullName} (No. ${racer.racerNumber}) is checked in.`);
    await expect(codeField).toHaveValue('');
  }
  await expect(tablet.locator('[data-toast-type]')).toHaveCount(0);
  await tablet.keyboard.press('Escape');
  await expect(scanner).toHaveCount(0);
  await expect(groupA.getByTestId('desk-group-counts')).toHaveText(/20 registered\s*20 present\s*0 missing/);

  // A racer of group B asks to climb with friends in group A: moved at the desk before group A starts.
  await search.fill('bea1');
  await tablet.getByRole('combobox', { name: 'Group of Bea1 Béčková' }).selectOption({ label: 'Group A' });
  await expect(tablet.getByTestId('desk-status')).toHaveText(/^Bea1 Béčková \(No\. \d+\) moved to group A\.$/);
  await expect(groupA.getByTestId('desk-group-counts')).toHaveText(/21 registered\s*20 present\s*1 missing/);
  await expect(tablet.getByTestId('desk-group-B').getByTestId('desk-group-counts')).toHaveText(/4 registered\s*0 present\s*4 missing/);
  await tablet.screenshot({ path: test.info().outputPath('desk-moved-768.png') });
  await search.fill('');

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
  // The dialog's list (the racers' rows have group pickers with options of the same names).
  await tablet.getByRole('listbox').getByRole('option', { name: /Group A/ }).click();
  await walkIn.getByRole('button', { name: 'Register and check in' }).tap();
  await expect(walkIn).toHaveCount(0);
  await expect(tablet.getByTestId('desk-status')).toHaveText(/^Neskorá Príchodzia is registered with number \d+ and checked in\.$/);
  await expect(groupA.getByTestId('desk-group-counts')).toHaveText(/22 registered\s*21 present\s*1 missing/);
  if (SHOTS) await tablet.screenshot({ path: `${SHOTS}/desk-768.png`, fullPage: true });
  const list = await day.call<{ fullName: string; rounds: { state: string; startingNumber: number }[] }[]>('get', `/api/racer/list?race=${day.raceId}&stage=QUALIFICATION`);
  expect(list.at(-1)).toMatchObject({ fullName: 'Neskorá Príchodzia', rounds: [{ state: 'READY', startingNumber: 21 }] });

  // Group B at once.
  const groupB = tablet.getByTestId('desk-group-B');
  await expect(groupB.getByTestId('desk-group-counts')).toHaveText(/4 registered\s*0 present\s*4 missing/);
  await groupB.getByRole('button', { name: 'Mark all of group B present' }).tap();
  await expect(tablet.getByText('4 racers of group B marked present.')).toBeVisible();
  await expect(groupB.getByTestId('desk-group-counts')).toHaveText(/4 registered\s*4 present\s*0 missing/);

  // Made for the tablet: nothing sticks out sideways.
  expect(await tablet.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await tablet.screenshot({ path: test.info().outputPath('desk-tablet.png'), fullPage: true });
  await context.close();
});

/** A desk row's presence badge (the other badge of the row is the racer's sex, beside the name). */
const PRESENCE_BADGE = '.mantine-Badge-root:not([data-testid^="sex-"])';

test('on a 360 px phone the desk fits the screen with 44 px targets; on a 768 px touch tablet the racers table reaches every row action', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const day = await raceDay(request, { ageCategories: true });
  const [first, second] = day.groupARacers;
  // Two racers checked in: the rest of the list is "Not checked in" with both presence buttons (the widest rows).
  for (const racer of [first!, second!]) await day.call('put', `/api/race-registration/${racer.id}/PRESENT`);

  const phoneContext = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US', viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const phone = await phoneContext.newPage();
  await phone.goto('/login');
  await fillLogin(phone, ADMIN.email, ADMIN.password);
  await expect(phone).toHaveURL(/\/events\/actual$/);
  await phone.goto(`/admin/events/${day.eventId}/desk`);
  await expect(phone.getByTestId('desk-racers')).toBeVisible();
  expect(await pageWidth(phone)).toBeLessThanOrEqual(360);
  // Each racer's number, name, presence and presence buttons lie on the screen (a racer not confirmed yet has both "Not present"
  // and "Present"); every button is a thumb's target.
  for (const racer of [first!, day.groupARacers[5]!]) {
    const row = phone.getByTestId(`desk-racer-${racer.racerNumber}`);
    await row.scrollIntoViewIfNeeded();
    const buttons = await row.getByRole('button').all();
    expect(buttons.length).toBe(racer === first ? 1 : 2);
    // The presence badge and the sex badge beside the name.
    for (const part of [row.getByText(String(racer.racerNumber), { exact: true }), row.getByText(racer.fullName), row.locator(PRESENCE_BADGE), row.getByTestId(/^sex-/), ...buttons]) {
      const box = await part.boundingBox();
      expect(box, `${racer.fullName}: a part of the row is not drawn`).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    }
    for (const button of buttons) expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await expect(phone.getByTestId(`desk-racer-${first!.racerNumber}`).locator(PRESENCE_BADGE)).toHaveText('Present');
  expect(await cutTexts(phone)).toEqual([]);
  // The header's language switch and account menu stay on the screen.
  const account = await phone.getByRole('banner').getByRole('button').last().boundingBox();
  expect(account!.x + account!.width).toBeLessThanOrEqual(360);
  await phone.screenshot({ path: test.info().outputPath('desk-phone.png'), fullPage: true });

  // The public starting list on the phone: the check-in column's words are whole.
  await phone.goto(`/races/${day.raceId}/starting-list`);
  await expect(phone.getByText('Present', { exact: true }).first()).toBeAttached();
  expect(await cutTexts(phone)).toEqual([]);
  expect(await pageWidth(phone)).toBeLessThanOrEqual(360);
  await phoneContext.close();

  // The race page's racers table at the desk's tablet, in Slovak: no inner sideways scroll hides the row actions.
  const tabletContext = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US', viewport: { width: 768, height: 1024 }, hasTouch: true });
  const tablet = await tabletContext.newPage();
  await tablet.goto('/login');
  await fillLogin(tablet, ADMIN.email, ADMIN.password);
  await expect(tablet).toHaveURL(/\/events\/actual$/);
  await preferLanguage(tablet, 'sk');
  await tablet.goto(`/admin/races/${day.raceId}?tab=racers`);
  const row = tablet.getByTestId(`racer-${day.groupARacers[5]!.id}`);
  await expect(row).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  const scrollBox = tablet.locator('table').filter({ has: row }).locator('xpath=ancestor::*[@tabindex="0"][1]');
  expect(await scrollBox.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(1);
  const targets = row.locator('button:visible, input:visible, select:visible');
  expect(await targets.count()).toBeGreaterThanOrEqual(6);
  for (const target of await targets.all()) {
    const box = (await target.boundingBox())!;
    const name = (await target.getAttribute('aria-label')) ?? (await target.textContent());
    expect(box.height, `${name} is shorter than 44 px`).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width, `${name} is off the screen`).toBeLessThanOrEqual(768);
  }
  await expect(row.getByRole('button', { name: /^Odstrániť/ })).toBeInViewport();
  expect(await pageWidth(tablet)).toBeLessThanOrEqual(768);

  // The desk in Slovak on the tablet: "mark the whole group present" is whole, and the badge needs no gender.
  await tablet.goto(`/admin/events/${day.eventId}/desk`);
  await expect(tablet.getByTestId('desk-racers')).toBeVisible();
  await expect(tablet.getByTestId(`desk-racer-${first!.racerNumber}`).locator(PRESENCE_BADGE)).toHaveText('Je tu');
  expect(await cutTexts(tablet)).toEqual([]);
  await tablet.setViewportSize({ width: 1366, height: 900 });
  expect(await cutTexts(tablet)).toEqual([]);
  await tabletContext.close();
});
