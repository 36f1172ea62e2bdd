import { expect, test, type APIRequestContext, type Page, type TestInfo } from '../support/test';
import { ADMIN, fillLogin } from '../support/app';

/*
 * A race-day walkthrough (desk on a tablet, judges on phones) found that the organiser's stage
 * transitions told nothing before an irreversible step. Now, before the step:
 * - "Start the qualification" names the registered racers not checked in (they will not climb);
 * - "Start the final" names the unfinished racers per group, the judges' devices still holding
 *   entries (refused once the stage is closed) and who advances, a tie at the cut-off included;
 * and a late check-in of a racer without a score can be undone, the group counting who climbs;
 * a group's own steps ask too when they leave a racer out or close unfinished rounds.
 * Screenshots of each dialog at 1366x768 (organiser), 768x1024 (desk tablet) and 360x740 (phone)
 * land in this test's output folder.
 */

/** A calendar date `days` from today (UTC, the server's "today"), as YYYY-MM-DD. */
const isoDay = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Call = (method: 'get' | 'post' | 'put', url: string, data?: unknown, token?: string) => Promise<unknown>;

const apiAs = async (request: APIRequestContext): Promise<{ call: Call; token: string }> => {
  const login = await request.post('/api/token/create', { data: ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const call: Call = async (method, url, data, as = token) => {
    const response = await request[method](url, { headers: { Authorization: `Bearer ${as}` }, data });
    expect(response.ok(), `${method.toUpperCase()} ${url} answered ${response.status()}: ${await response.text()}`).toBe(true);
    return response.status() === 204 ? null : response.json();
  };
  return { call, token };
};

const SIZES = [
  { name: '1366x768', width: 1366, height: 768 },
  { name: '768x1024', width: 768, height: 1024 },
  { name: '360x740', width: 360, height: 740 },
] as const;

/**
 * The open confirmation at each size, at its top and scrolled to its end, then back to the
 * organiser's laptop: nothing reaches past the window's width, and the step's button stays in view
 * while the preview scrolls.
 */
async function dialogAtEverySize(page: Page, testInfo: TestInfo, name: string, confirm: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await expect(dialog.getByRole('button', { name: confirm })).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath(`${name}-${size.name}.png`) });
    // Scrolled to its end: the dialog's scrolling box (the content, or the whole window on a phone) as far down as it goes.
    const scrollTo = (end: boolean) =>
      dialog.evaluate((element, down) => {
        for (let node: Element | null = element; node; node = node.parentElement) if (node.scrollHeight > node.clientHeight + 1) node.scrollTop = down ? node.scrollHeight : 0;
      }, end);
    await scrollTo(true);
    await expect(dialog.getByRole('button', { name: confirm })).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath(`${name}-${size.name}-end.png`) });
    await scrollTo(false);
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

/** An organisation with a public event of one bouldering race in `groups`, open for registration today. */
async function oneRaceEvent(call: Call, names: { club: string; event: string; race: string }, raceGender: 'MEN' | 'WOMEN', groups: string[]) {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const organization = (await call('post', '/api/organization', { name: `${names.club} ${suffix}`, shortcut: `${names.club[0]}${suffix}`.slice(0, 10).toUpperCase() })) as { id: number };
  const event = (await call('post', '/api/event', {
    organizationId: organization.id,
    name: `${names.event} ${suffix}`,
    startingDate: isoDay(0),
    closingDate: isoDay(0),
    isPublic: true,
    onlineRegistration: true,
    allowedUnregisteredUsers: true,
    races: [
      {
        name: names.race,
        discipline: 'BOULDERING',
        raceGender,
        raceFormat: 'QUALIFICATION_FINAL',
        startingDate: isoDay(0),
        endDate: isoDay(0),
        openingRegistrationDate: isoDay(-7),
        closingRegistrationDate: isoDay(-1),
        bouldering: { numberOfQualificationBoulders: 2, numberOfFinalBoulders: 2, numberOfFinalRacers: 2, scoringType: 'TOPS_ZONES' },
        qualificationGroups: groups.map((name) => ({ name })),
      },
    ],
  })) as { id: number; races: { id: number; qualificationGroups: { id: number }[] }[] };
  const race = event.races[0]!;
  await call('put', `/api/race/${race.id}/state`, { state: 'UPCOMING' });
  await call('put', `/api/race/${race.id}/state`, { state: 'OPEN_REGISTRATION' });
  /** Registers a racer of the club into group `group` (an index), checked in when `present`. */
  const register = async (name: string, surname: string, sex: 'M' | 'F', group: number, present: boolean) => {
    const registration = (await call('post', `/api/race-registration/${race.id}/register-unregistered-user/`, {
      name,
      surname,
      club: 'HK Úsvit',
      sex,
      birthday: '2000-04-01',
      country: 'SK',
      qualificationGroupId: race.qualificationGroups[group]!.id,
    })) as { id: number };
    if (present) await call('put', `/api/race-registration/${registration.id}/PRESENT`);
  };
  return { event, race, register };
}

interface ListedRacer {
  id: number;
  fullName: string;
  rounds: { id: number; version: number }[];
}

test('before "Start the qualification" and "Start the final" the organiser learns what the step will do', async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const { call } = await apiAs(request);
  const { event, race, register } = await oneRaceEvent(call, { club: 'Dawn Club', event: "Seven O'Clock Cup", race: 'Men open' }, 'MEN', ['A', 'B', 'C']);
  // Groups A (3), B (2), C (2); Gejza of group C has not come to the desk.
  const entries = [
    ['Adam', 'Skalný', 0],
    ['Boris', 'Chytrý', 0],
    ['Cyril', 'Pevný', 0],
    ['Dušan', 'Ľahký', 1],
    ['Emil', 'Tichý', 1],
    ['Filip', 'Rýchly', 2],
    ['Gejza', 'Neskorý', 2],
  ] as const;
  for (const [name, surname, group] of entries) await register(name, surname, 'M', group, name !== 'Gejza');
  await call('put', `/api/race/${race.id}/state`, { state: 'QUALIFICATION' });

  await page.goto('/login');
  await fillLogin(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await page.goto(`/admin/races/${race.id}`);
  await expect(page.getByTestId('race-state')).toHaveText('Registration closed');
  await expect(page.getByTestId('group-C').getByTestId('group-count')).toHaveText('1 racer will climb (2 registered)');

  // 1. Start the qualification: asked first, because Gejza is not checked in and will not climb.
  await page.getByTestId('race-next-step-button').click();
  const start = page.getByRole('dialog', { name: 'Start the qualification?' });
  const checkIn = start.getByTestId('preview-check-in');
  await expect(checkIn).toContainText('1 registered racer is not checked in');
  await expect(checkIn).toContainText('They will not climb');
  await expect(checkIn).toContainText(/Group C \(1\): \d+ Gejza Neskorý/);
  await expect(checkIn).toContainText('6 racers climb in the qualification.');
  await dialogAtEverySize(page, testInfo, '1-start-qualification', 'Start the qualification');
  await start.getByRole('button', { name: 'Start the qualification' }).click();
  await expect(page.getByTestId('race-state')).toHaveText('Qualification in progress');
  // The group counts who climbs, not the registrations.
  await expect(page.getByTestId('group-C').getByTestId('group-count')).toHaveText('1 racer climbs (2 registered)');

  // 2. Gejza turns up: a late check-in puts him into group C's order, and a mistaken one is undone.
  const gejza = page.getByRole('row', { name: /Gejza Neskorý/ });
  await gejza.getByRole('button', { name: 'Confirm presence of Gejza Neskorý' }).click();
  await expect(page.getByTestId('group-C').getByTestId('group-count')).toHaveText('2 racers climb');
  await expect(page.getByTestId('remove-after-period')).toContainText('registrations can no longer be removed');
  await expect(gejza.getByRole('button', { name: 'Remove Gejza Neskorý' })).toBeDisabled();
  await gejza.getByRole('button', { name: 'Mark Gejza Neskorý as not present' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Gejza Neskorý is marked not present and taken out of the starting order.' })).toBeVisible();
  await expect(page.getByTestId('group-C').getByTestId('group-count')).toHaveText('1 racer climbs (2 registered)');
  expect(((await call('get', `/api/racer/list?race=${race.id}&stage=QUALIFICATION`)) as ListedRacer[]).map((racer) => racer.fullName)).not.toContain('Gejza Neskorý');

  // 3. The judges score. Adam (A), Dušan (B) and Filip (C) each win their group: all three share
  // place 1 of the merged ranking, for 2 places in the final. Cyril and Filip are still climbing,
  // Emil has nothing yet.
  const racers = (await call('get', `/api/racer/list?race=${race.id}&stage=QUALIFICATION`)) as ListedRacer[];
  const score = async (fullName: string, boulders: object[]) => {
    const racer = racers.find((row) => row.fullName === fullName)!;
    await call('put', `/api/racer/${racer.id}/round/${racer.rounds[0]!.id}`, { boulders: boulders.map((boulder, boulderIndex) => ({ boulderIndex, ...boulder })) });
  };
  const topIn = (attempts: number) => ({ topAttempts: attempts, zoneAttempts: 1, currentAttempt: attempts });
  const zoneIn = (attempts: number) => ({ topAttempts: null, zoneAttempts: attempts, currentAttempt: attempts });
  await score('Adam Skalný', [topIn(1), topIn(1)]);
  await score('Boris Chytrý', [topIn(2), zoneIn(1)]);
  await score('Cyril Pevný', [zoneIn(1)]);
  await score('Dušan Ľahký', [topIn(1), topIn(1)]);
  await score('Filip Rýchly', [topIn(1)]);
  // A judge's phone holds two entries it could not send.
  const judge = (await call('post', `/api/event/${event.id}/judge-account`, {})) as { login: string; password: string };
  const judgeLogin = await request.post('/api/token/create', { data: { email: judge.login, password: judge.password } });
  const judgeToken = ((await judgeLogin.json()) as { token: string }).token;
  await call('put', `/api/race/${race.id}/scoring-device/phone-boulder-2`, { pending: 2, oldestPendingAt: new Date(Date.now() - 240_000).toISOString() }, judgeToken);

  // 4. The rounds page: "Start the final" says what it will do.
  await page.goto(`/admin/races/${race.id}/rounds`);
  await expect(page.getByTestId('device-queues')).toContainText(judge.login);
  await page.getByTestId('race-next-step-button').click();
  const final = page.getByRole('dialog', { name: 'Start the final?' });
  const unfinished = final.getByTestId('preview-unfinished');
  await expect(unfinished).toContainText('Qualification: not everything is finished');
  await expect(unfinished).toContainText('3 of 6 racers have not finished. (nothing entered yet: 1)');
  await expect(unfinished).toContainText('Group A: 1 racer not finished');
  await expect(unfinished).toContainText('Group B: 1 racer not finished (nothing entered yet: 1)');
  await expect(unfinished).toContainText('Group C: 1 racer not finished');
  const devices = final.getByTestId('preview-devices');
  await expect(devices).toContainText(`${judge.login}: 2 entries waiting since`);
  await expect(devices).toContainText('refused for good');
  const advancing = final.getByTestId('preview-advancing');
  await expect(advancing).toContainText('3 racers advance for 2 places.');
  await expect(advancing.getByTestId('preview-tie')).toContainText('share place 1 at the cut-off, so all of them advance.');
  for (const name of ['Adam Skalný', 'Dušan Ľahký', 'Filip Rýchly']) await expect(advancing.getByRole('row', { name: new RegExp(name) })).toHaveAttribute('data-tied', 'true');
  await expect(advancing.getByRole('row')).toHaveCount(4);
  await dialogAtEverySize(page, testInfo, '2-start-final', 'Start the final');

  // The phone sends its entries: the open dialog follows within a few seconds.
  await call('put', `/api/race/${race.id}/scoring-device/phone-boulder-2`, { pending: 0 }, judgeToken);
  await expect(devices).toContainText("No judge's device reports unsent entries.", { timeout: 15_000 });
  await page.screenshot({ path: testInfo.outputPath('3-start-final-devices-synced-1366x768.png') });

  await final.getByRole('button', { name: 'Start the final' }).click();
  await expect(page.getByTestId('race-state')).toHaveText('Final in progress');
  await expect(page.getByRole('tab', { name: 'Final', selected: true })).toBeVisible();
  // The final has exactly the racers the dialog named.
  const finalists = ((await call('get', `/api/racer/list?race=${race.id}&stage=FINAL`)) as ListedRacer[]).map((racer) => racer.fullName).sort();
  expect(finalists).toEqual(['Adam Skalný', 'Dušan Ľahký', 'Filip Rýchly']);
  await expect(page.getByTestId('round-state')).toHaveCount(3);
});

test('a group\'s own "Move to qualification", "Start" and "Close" ask first when they leave a racer out or a round unfinished', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 768, height: 1024 });
  const { call } = await apiAs(request);
  const { race, register } = await oneRaceEvent(call, { club: 'Desk Club', event: 'Group Morning', race: 'Women open' }, 'WOMEN', ['A', 'B']);
  // Group A: Alena and Bibiána checked in, Cecília not yet; group B: Dana.
  await register('Alena', 'Ranná', 'F', 0, true);
  await register('Bibiána', 'Včasná', 'F', 0, true);
  await register('Cecília', 'Neskorá', 'F', 0, false);
  await register('Dana', 'Pokojná', 'F', 1, true);

  await page.goto('/login');
  await fillLogin(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await page.goto(`/admin/races/${race.id}`);
  const groupA = page.getByTestId('group-A');
  await expect(groupA.getByTestId('group-count')).toHaveText('2 racers will climb (3 registered)');

  // Group B: everybody is checked in, so its step is taken at once.
  await page.getByTestId('group-B').getByRole('button', { name: 'Move to qualification' }).click();
  await expect(page.getByTestId('group-B')).toContainText('Ready for qualification');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Group A: Cecília is not checked in and would be left out: asked first, and Cancel changes nothing.
  await groupA.getByRole('button', { name: 'Move to qualification' }).click();
  const moving = page.getByRole('dialog');
  await expect(moving).toContainText('Move group A to the qualification?');
  await expect(moving.getByTestId('preview-check-in')).toContainText('1 registered racer is not checked in');
  await expect(moving.getByTestId('preview-check-in')).toContainText(/Group A \(1\): \d+ Cecília Neskorá/);
  await dialogAtEverySize(page, testInfo, '3-group-move', 'Move to qualification');
  await moving.getByRole('button', { name: 'Cancel' }).click();
  await expect(groupA).toContainText('Registration');
  await groupA.getByRole('button', { name: 'Move to qualification' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Move to qualification' }).click();
  await expect(groupA).toContainText('Ready for qualification');
  await expect(groupA.getByTestId('group-count')).toHaveText('2 racers climb (3 registered)');

  // "Start" names her again; confirmed, the group runs without her.
  await groupA.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('dialog').getByTestId('preview-check-in')).toContainText('Cecília Neskorá');
  await page.getByRole('dialog').getByRole('button', { name: 'Start' }).click();
  await expect(groupA).toContainText('Qualification running');

  // The race's qualification runs; group B's Dana has not finished: closing B says so.
  await call('put', `/api/race/${race.id}/state`, { state: 'QUALIFICATION' });
  await call('put', `/api/race/${race.id}/state`, { state: 'QUALIFICATION_ONGOING' });
  await page.reload();
  const groupB = page.getByTestId('group-B');
  await groupB.getByRole('button', { name: 'Close' }).click();
  const closing = page.getByRole('dialog');
  await expect(closing).toContainText('Close group B?');
  await expect(closing.getByTestId('preview-unfinished')).toContainText('1 of 1 racers has not finished. (nothing entered yet: 1)');
  await expect(closing).toContainText('Judges can still enter its scores until the qualification is closed.');
  await dialogAtEverySize(page, testInfo, '4-group-close', 'Close');
  await closing.getByRole('button', { name: 'Close' }).click();
  await expect(groupB).toContainText('Qualification closed');
  await expect(groupB.getByTestId('group-count')).toHaveText('1 racer climbed');
});
