import { expect, test, type APIRequestContext } from '../support/test';
import { ADMIN } from '../support/app';

/** A calendar date `days` from today as the API takes it (YYYY-MM-DD, local time of the server host). */
const isoDay = (days: number): string => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

interface RaceSetUp {
  raceId: number;
  judge: { login: string; password: string };
  racers: { racerNumber: number; fullName: string }[];
}

/**
 * A public bouldering race in its qualification, with two present racers and a judge login,
 * built through the HTTP API only (bodies as documented in issue 5 and the OpenAPI).
 */
async function setUpRace(request: APIRequestContext): Promise<RaceSetUp> {
  const login = await request.post('/api/token/create', { data: ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const call = async (method: 'post' | 'put', url: string, data: unknown) => {
    const response = await request[method](url, { headers, data });
    expect(response.ok(), `${method.toUpperCase()} ${url} answered ${response.status()}: ${await response.text()}`).toBe(true);
    return response.json() as Promise<Record<string, unknown>>;
  };

  const suffix = Date.now().toString(36);
  const organization = await call('post', '/api/organization', { name: `Boulder Club ${suffix}`, shortcut: `B${suffix}`.slice(0, 10).toUpperCase() });
  const today = isoDay(0);
  const event = (await call('post', '/api/event', {
    organizationId: organization.id,
    name: `Live Boulder Cup ${suffix}`,
    startingDate: today,
    closingDate: today,
    isPublic: true,
    onlineRegistration: true,
    allowedUnregisteredUsers: true,
    races: [
      {
        name: 'Men open',
        discipline: 'BOULDERING',
        raceGender: 'MEN',
        raceFormat: 'QUALIFICATION_FINAL',
        startingDate: today,
        endDate: today,
        openingRegistrationDate: isoDay(-1),
        closingRegistrationDate: today,
        bouldering: { numberOfQualificationBoulders: 4, numberOfFinalBoulders: 4, numberOfFinalRacers: 8, scoringType: 'IFSC_POINTS' },
        qualificationGroups: [{ name: 'A' }],
      },
    ],
  })) as { id: number; races: { id: number; qualificationGroups: { id: number }[] }[] };
  const race = event.races[0];
  const groupId = race?.qualificationGroups[0]?.id;
  if (!race || groupId === undefined) throw new Error('POST /api/event answered without the race or its group');

  await call('put', `/api/race/${race.id}/state`, { state: 'UPCOMING' });
  await call('put', `/api/race/${race.id}/state`, { state: 'OPEN_REGISTRATION' });
  const racers = [];
  for (const [name, surname] of [
    ['Adam', 'Skalný'],
    ['Boris', 'Chytrý'],
  ] as const) {
    const registration = (await call('post', `/api/race-registration/${race.id}/register-unregistered-user/`, {
      name,
      surname,
      club: 'BCB',
      sex: 'M',
      birthday: '2000-04-01',
      country: 'SK',
      qualificationGroupId: groupId,
    })) as { id: number; racerNumber: number };
    await call('put', `/api/race-registration/${registration.id}/PRESENT`, {});
    racers.push({ racerNumber: registration.racerNumber, fullName: `${name} ${surname}` });
  }
  // Moving the group to qualification creates the racers and their rounds; the race then runs live.
  await call('put', `/api/qualification-group/${groupId}/state`, { state: 'QUALIFICATION' });
  await call('put', `/api/race/${race.id}/state`, { state: 'QUALIFICATION_ONGOING' });
  const judge = (await call('post', `/api/event/${event.id}/judge-account`, {})) as { login: string; password: string };
  return { raceId: race.id, judge, racers };
}

test('a judge on a phone enters attempts and a spectator sees the new rank live, without reloading', async ({ browser, request }) => {
  const { raceId, judge, racers } = await setUpRace(request);
  const [, boris] = racers;
  if (!boris) throw new Error('two racers expected');

  // The spectator: the live list shows the race, its live page subscribes to the results.
  const spectatorContext = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US' });
  const spectator = await spectatorContext.newPage();
  await spectator.goto('/live');
  // Other specs share the database and may have a live "Men open" race too: pick this race's link.
  await spectator.locator(`a[href$="/live/race/${raceId}"]`).first().click();
  await expect(spectator).toHaveURL(new RegExp(`/live/race/${raceId}$`));
  await expect(spectator.getByTestId('live-status')).toHaveText('Live');
  const borisRow = spectator.getByTestId(`result-row-${boris.racerNumber}`);
  await expect(borisRow).toBeVisible();
  await expect(borisRow).toHaveAttribute('data-rank', '');
  // Marks the document: a reload would lose it.
  await spectator.evaluate(() => {
    (window as unknown as { liveMarker: string }).liveMarker = 'same page';
  });

  // The judge: a phone-sized screen, logged in with the event's judge login on the scorecard.
  const judgeContext = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US', viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const phone = await judgeContext.newPage();
  await phone.goto(`/races/${raceId}/scorecard`);
  await expect(phone.getByRole('heading', { name: 'Scorecard' })).toBeVisible();
  await phone.getByRole('textbox', { name: 'Judge login or e-mail' }).fill(judge.login);
  await phone.getByRole('textbox', { name: 'Password', exact: true }).fill(judge.password);
  await phone.getByRole('button', { name: 'Log in', exact: true }).click();

  await phone.getByRole('textbox', { name: 'Racer' }).fill(String(boris.racerNumber));
  await phone.getByTestId('racer-option').filter({ hasText: boris.fullName }).click();
  await expect(phone.getByTestId('scorecard-racer')).toHaveText(`${boris.racerNumber} · ${boris.fullName}`);
  await expect(phone.getByTestId('round-state')).toHaveText('Ready');

  // Two attempts, the zone on the second, then the top through the keyboard shortcut.
  await phone.getByRole('button', { name: 'Attempt' }).tap();
  await expect(phone.getByRole('button', { name: 'Attempt' })).toBeEnabled();
  await phone.getByRole('button', { name: 'Attempt' }).tap();
  await phone.getByRole('button', { name: 'Zone' }).tap();
  await expect(phone.getByTestId('scorecard-marks')).toHaveText('Z2');
  // On a phone the single-key shortcuts start off: a stray key enters nothing.
  const shortcuts = phone.getByRole('switch', { name: 'Keyboard shortcuts' });
  await expect(shortcuts).not.toBeChecked();
  await phone.getByTestId('scorecard-racer').tap();
  await phone.keyboard.press('t');
  await expect(phone.getByTestId('scorecard-marks')).toHaveText('Z2');
  // This judge has a keyboard at hand and turns them on.
  await shortcuts.check();
  await expect(phone.getByRole('table', { name: 'Keyboard shortcuts' })).toBeVisible();
  await phone.getByTestId('scorecard-racer').tap();
  await phone.keyboard.press('t');
  await expect(phone.getByTestId('scorecard-marks')).toHaveText('T2 Z2');
  await expect(phone.getByTestId('sync-saved')).toContainText('All saved at');
  // Entering a score into a READY round starts it.
  await expect(phone.getByTestId('round-state')).toHaveText('Started');
  // Nothing sticks out sideways on the phone.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The spectator's page follows by itself: Boris leads now (the podium waits for the final).
  await expect(borisRow).toHaveAttribute('data-rank', '1');
  await expect(borisRow).toContainText('T2 Z2');
  expect(await spectator.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker)).toBe('same page');

  // Undo takes the top back; the live page follows again.
  await phone.getByRole('button', { name: 'Undo' }).tap();
  await expect(phone.getByTestId('scorecard-marks')).toHaveText('Z2');
  await expect(phone.getByTestId('sync-saved')).toContainText('All saved at');
  await expect(borisRow).not.toContainText('T2');
  await expect(borisRow).toContainText('Z2');

  await judgeContext.close();
  await spectatorContext.close();
});

test('an organiser manages the rounds, reads the audit trail and exports the results', async ({ page, request }) => {
  const { raceId, racers } = await setUpRace(request);
  const [adam] = racers;
  if (!adam) throw new Error('a racer expected');
  // A score through the API, as a judge's phone would send it.
  const login = await request.post('/api/token/create', { data: ADMIN });
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const list = (await (await request.get(`/api/racer/list?race=${raceId}&stage=QUALIFICATION`, { headers })).json()) as { id: number; racerNumber: number; rounds: { id: number; version: number }[] }[];
  const adamRacer = list.find((racer) => racer.racerNumber === adam.racerNumber);
  const adamRound = adamRacer?.rounds[0];
  if (!adamRacer || !adamRound) throw new Error('Adam has no round');
  const saved = await request.put(`/api/racer/${adamRacer.id}/round/${adamRound.id}`, {
    headers,
    data: { version: adamRound.version, boulders: [{ boulderIndex: 0, topAttempts: 1, zoneAttempts: 1, currentAttempt: 1 }] },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  // Boris reaches the zone: a racer with a result, so the points separate him from Adam (racers
  // with nothing entered are simply ranked last, with no criterion named).
  const borisRacer = list.find((racer) => racer.racerNumber !== adam.racerNumber);
  const borisRound = borisRacer?.rounds[0];
  if (!borisRacer || !borisRound) throw new Error('Boris has no round');
  const borisSaved = await request.put(`/api/racer/${borisRacer.id}/round/${borisRound.id}`, {
    headers,
    data: { version: borisRound.version, boulders: [{ boulderIndex: 0, topAttempts: null, zoneAttempts: 2, currentAttempt: 3 }] },
  });
  expect(borisSaved.ok(), await borisSaved.text()).toBe(true);

  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/events\/actual$/);

  await page.goto(`/admin/races/${raceId}/rounds`);
  await expect(page.getByRole('heading', { name: 'Rounds' })).toBeVisible();
  const adamRow = page.getByTestId('rounds-table').getByRole('row').filter({ hasText: adam.fullName });
  await expect(adamRow).toContainText('Started');
  await expect(adamRow).toContainText('T1 Z1');

  await adamRow.getByRole('button', { name: 'History' }).click();
  const audit = page.getByRole('dialog');
  await expect(audit.getByTestId('audit-table')).toContainText('Boulder scores');
  await expect(audit.getByTestId('audit-table')).toContainText('B1: – (0) → T1 Z1 (1)');
  await audit.getByRole('button', { name: 'Close' }).click();

  // Restart, a less common step, sits in the "More" menu, asks first and says the results go.
  await adamRow.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Restart' }).click();
  const confirmation = page.getByRole('dialog');
  await expect(confirmation).toContainText('All results entered in it will be erased.');
  await confirmation.getByRole('button', { name: 'Cancel' }).click();
  await expect(adamRow).toContainText('T1 Z1');

  // Results with the tie-break in words, and the CSV of the shown table.
  await page.goto(`/races/${raceId}/results`);
  const adamResult = page.getByTestId(`result-row-${adam.racerNumber}`);
  await expect(adamResult).toHaveAttribute('data-rank', '1');
  await expect(adamResult).toContainText('T1 Z1');
  await expect(adamResult).toContainText('more points');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const csv = Buffer.concat(chunks).toString('utf8');
  expect(csv.startsWith('\uFEFFRank;No.;Racer;')).toBe(true);
  expect(csv).toContain(`1;${adam.racerNumber};${adam.fullName};BCB;`);
});
