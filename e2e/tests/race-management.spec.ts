import { expect, test, type APIRequestContext, type Page, type TestInfo } from '../support/test';
import { ADMIN, fillLogin } from '../support/app';

/*
 * Issue 10, item 7: a whole bouldering race (qualification, final, finish) run by its organiser
 * through race management with one button per step; the judges' scores come through the API. At
 * the end the race is FINISHED and every group and round is closed, on the server and on screen.
 */

/** A calendar date `days` from today, as YYYY-MM-DD (local time of the server host). */
const isoDay = (days: number): string => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

type Call = (method: 'get' | 'post' | 'put', url: string, data?: unknown) => Promise<unknown>;

const apiAs = async (request: APIRequestContext): Promise<Call> => {
  const login = await request.post('/api/token/create', { data: ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  return async (method, url, data) => {
    const response = await request[method](url, { headers: { Authorization: `Bearer ${token}` }, data });
    expect(response.ok(), `${method.toUpperCase()} ${url} answered ${response.status()}: ${await response.text()}`).toBe(true);
    return response.json();
  };
};

interface RacerRow {
  id: number;
  fullName: string;
  rounds: { id: number; version: number; state: string; boulders: unknown[] }[];
}

/** Every racer of a stage gets a score on each boulder (a top for the first racer, zones for the others). */
async function judgesScore(call: Call, raceId: number, stage: 'QUALIFICATION' | 'FINAL'): Promise<number> {
  const list = (await call('get', `/api/racer/list?race=${raceId}&stage=${stage}`)) as RacerRow[];
  for (const [index, racer] of list.entries()) {
    const round = racer.rounds[0];
    if (!round) throw new Error(`${racer.fullName} has no ${stage} round`);
    const boulders = round.boulders.map((_, boulderIndex) => ({ boulderIndex, topAttempts: index === 0 ? 1 : null, zoneAttempts: 1 + index, currentAttempt: 1 + index }));
    await call('put', `/api/racer/${racer.id}/round/${round.id}`, { version: round.version, boulders });
  }
  return list.length;
}

/** The one next-step button says `label`; pressing it (and confirming when asked) moves the race on. */
async function pressNextStep(page: Page, label: string, confirm: boolean): Promise<void> {
  const button = page.getByTestId('race-next-step-button');
  await expect(button).toHaveText(label);
  await button.click();
  if (confirm) {
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: label }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(page.getByRole('status').filter({ hasText: `Done: ${label}.` })).toBeVisible();
}

/** The step panel at desktop and phone size: the next step must be visible without scrolling on a phone too. */
async function atBothSizes(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}-1366x768.png`) });
  await page.setViewportSize({ width: 360, height: 740 });
  const button = page.getByTestId('race-next-step-button');
  if ((await button.count()) > 0) await expect(button).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath(`${name}-360x740.png`) });
  await page.setViewportSize({ width: 1366, height: 768 });
}

test('an organiser runs a whole bouldering race with one button per step, and everything ends closed', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const call = await apiAs(request);
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const organization = (await call('post', '/api/organization', { name: `Race Day Club ${suffix}`, shortcut: `R${suffix}`.slice(0, 10).toUpperCase() })) as { id: number };
  const event = (await call('post', '/api/event', {
    organizationId: organization.id,
    name: `One Button Cup ${suffix}`,
    startingDate: isoDay(0),
    closingDate: isoDay(0),
    isPublic: true,
    onlineRegistration: true,
    allowedUnregisteredUsers: true,
    races: [
      {
        name: 'Men open',
        discipline: 'BOULDERING',
        raceGender: 'MEN',
        raceFormat: 'QUALIFICATION_FINAL',
        startingDate: isoDay(0),
        endDate: isoDay(0),
        openingRegistrationDate: isoDay(-1),
        closingRegistrationDate: isoDay(0),
        bouldering: { numberOfQualificationBoulders: 4, numberOfFinalBoulders: 3, numberOfFinalRacers: 2, scoringType: 'IFSC_POINTS' },
        qualificationGroups: [{ name: 'A' }, { name: 'B' }],
      },
    ],
  })) as { races: { id: number; qualificationGroups: { id: number }[] }[] };
  const race = event.races[0];
  if (!race) throw new Error('POST /api/event answered without the race');

  await page.goto('/login');
  await fillLogin(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

  // Registration: publish, open, racers register, close.
  await page.goto(`/admin/races/${race.id}`);
  await expect(page.getByTestId('race-state')).toHaveText('Hidden');
  // Race day goes on from here: the desk, the rounds, the judges' card and the results are one tap away.
  const links = page.getByTestId('race-day-links');
  await expect(links.getByRole('link', { name: 'Rounds' })).toHaveAttribute('href', `/admin/races/${race.id}/rounds`);
  await expect(links.getByRole('link', { name: 'Scorecard' })).toHaveAttribute('href', `/races/${race.id}/scorecard`);
  await expect(links.getByRole('link', { name: 'Check-in desk' })).toHaveAttribute('href', /\/admin\/events\/\d+\/desk$/);
  await atBothSizes(page, testInfo, '1-hidden');
  await pressNextStep(page, 'Publish the race', false);
  await pressNextStep(page, 'Open registration', false);
  await expect(page.getByTestId('race-state')).toHaveText('Registration open');
  const names = ['Adam Skalný', 'Boris Chytrý', 'Cyril Pevný', 'Dušan Ľahký'];
  for (const [index, fullName] of names.entries()) {
    const [name, surname] = fullName.split(' ');
    await call('post', `/api/race-registration/${race.id}/register-unregistered-user/`, {
      name,
      surname,
      club: 'BCB',
      sex: 'M',
      birthday: '2000-04-01',
      country: 'SK',
      qualificationGroupId: race.qualificationGroups[index % 2]?.id,
    });
  }
  await page.reload();
  await atBothSizes(page, testInfo, '2-registration-open');
  await pressNextStep(page, 'Close registration', false);
  await expect(page.getByTestId('race-state')).toHaveText('Registration closed');

  // Race day: one button starts every group's qualification (no per-group start needed).
  await atBothSizes(page, testInfo, '3-registration-closed');
  await pressNextStep(page, 'Start the qualification', false);
  await expect(page.getByTestId('race-state')).toHaveText('Qualification in progress');
  for (const group of ['A', 'B']) await expect(page.getByTestId(`group-${group}`)).toContainText('Qualification running');

  // The rounds page of race day: the judges score the qualification, one button starts the final.
  await page.goto(`/admin/races/${race.id}/rounds`);
  await expect(page.getByRole('tab', { name: 'Qualification', selected: true })).toBeVisible();
  await expect(page.getByTestId('round-state')).toHaveCount(names.length);
  expect(await judgesScore(call, race.id, 'QUALIFICATION')).toBe(names.length);
  await page.reload();
  await expect(page.getByTestId('round-state').filter({ hasText: 'Started' })).toHaveCount(names.length);
  // Two groups climb apart: each row says its group, and one group can be shown alone.
  const table = page.getByTestId('rounds-table');
  await expect(table.getByRole('columnheader', { name: 'Group' })).toBeVisible();
  const groupCells = async () => table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => (row as HTMLTableRowElement).cells[3]?.textContent));
  expect(new Set(await groupCells())).toEqual(new Set(['A', 'B']));
  await page.getByRole('radiogroup', { name: 'Group' }).getByText('Group A', { exact: true }).click();
  await expect(page.getByText('Whole group A:')).toBeVisible();
  expect(new Set(await groupCells())).toEqual(new Set(['A']));
  await page.getByRole('radiogroup', { name: 'Group' }).getByText('All groups', { exact: true }).click();
  await expect(page.getByTestId('round-state')).toHaveCount(names.length);
  await atBothSizes(page, testInfo, '4-qualification-running');
  await expect(page.getByTestId('race-next-step')).toContainText('Closes the qualification with every group and round');
  await pressNextStep(page, 'Start the final', true);
  await expect(page.getByTestId('race-state')).toHaveText('Final in progress');
  // The page follows the race to the final: the two finalists, ready for the judges.
  await expect(page.getByRole('tab', { name: 'Final', selected: true })).toBeVisible();
  await expect(page.getByTestId('round-state')).toHaveCount(2);

  expect(await judgesScore(call, race.id, 'FINAL')).toBe(2);
  await page.reload();
  await expect(page.getByTestId('round-state').filter({ hasText: 'Started' })).toHaveCount(2);
  await atBothSizes(page, testInfo, '5-final-running');
  await pressNextStep(page, 'Finish the race', true);
  await expect(page.getByTestId('race-state')).toHaveText('Finished');
  await expect(page.getByTestId('race-next-step')).toContainText('The race is finished. To correct a result after an appeal, reopen it from “More actions”.');
  await expect(page.getByTestId('race-next-step-button')).toHaveCount(0);
  await atBothSizes(page, testInfo, '6-finished');

  // On the server: the race is finished, every group and every round of both stages is closed.
  const finished = (await call('get', `/api/race/${race.id}`)) as { state: string; qualificationGroups: { state: string; allowedStates: string[] }[] };
  expect(finished.state).toBe('FINISHED');
  expect(finished.qualificationGroups.map((group) => group.state)).toEqual(['QUALIFICATION_CLOSED', 'QUALIFICATION_CLOSED']);
  expect(finished.qualificationGroups.flatMap((group) => group.allowedStates)).toEqual([]);
  for (const stage of ['QUALIFICATION', 'FINAL'] as const) {
    const list = (await call('get', `/api/racer/list?race=${race.id}&stage=${stage}`)) as RacerRow[];
    expect(list.length).toBe(stage === 'FINAL' ? 2 : names.length);
    expect(list.flatMap((racer) => racer.rounds.map((round) => round.state)).every((state) => state === 'CLOSED')).toBe(true);
  }

  // On screen: every round of both stages shows closed, and no round action is offered.
  for (const [tab, count] of [['Final', 2], ['Qualification', names.length]] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByTestId('round-state')).toHaveCount(count);
    await expect(page.getByTestId('round-state').filter({ hasText: 'Closed' })).toHaveCount(count);
    await expect(page.getByTestId('stage-closed')).toBeVisible();
    await expect(page.getByTestId('rounds-table').getByRole('checkbox')).toHaveCount(0);
  }
  await page.goto(`/admin/races/${race.id}`);
  await expect(page.getByTestId('race-state')).toHaveText('Finished');
  for (const group of ['A', 'B']) {
    await expect(page.getByTestId(`group-${group}`)).toContainText('Qualification closed');
    await expect(page.getByTestId(`group-${group}`).getByRole('button')).toHaveCount(0);
  }
  await atBothSizes(page, testInfo, '7-finished-management');

  // An appeal after the end: the race reopens into its final, a final round is reopened and
  // corrected, and the race is finished again.
  await page.getByTestId('race-next-step').getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Reopen the race for a correction' }).click();
  const reopen = page.getByRole('dialog');
  await expect(reopen).toContainText('The race runs again in its last stage');
  await reopen.getByRole('button', { name: 'Reopen the race for a correction' }).click();
  await expect(page.getByTestId('race-state')).toHaveText('Final in progress');
  const reopened = (await call('get', `/api/racer/list?race=${race.id}&stage=FINAL`)) as RacerRow[];
  expect(reopened.length).toBe(2);
  expect(reopened.flatMap((racer) => racer.rounds.map((round) => round.state)).every((state) => state === 'CLOSED')).toBe(true);
  await pressNextStep(page, 'Finish the race', true);
  await expect(page.getByTestId('race-state')).toHaveText('Finished');
});
