import { expect, test, type APIRequestContext, type Locator, type Page } from '../support/test';
import { fillLogin } from '../support/app';

/*
 * A speed race run in the browser: the organiser enters the qualification runs (lanes A and B) of
 * four racers on a phone, confirms an equal best time once, starts the final through the API, enters
 * the two semi-finals, the small and the big final, and a visitor on a desktop reads the bracket and
 * the final ranking. The organization, event, race, registrations and states are set up through the API.
 */
const PASSWORD = 'Speed12345';
const run = Date.now().toString(36);

/** A calendar date `days` from today (UTC, the server's "today"), as YYYY-MM-DD. */
const isoDay = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const organiser = { email: `speed-organiser-${run}@example.com`, name: 'Olga', surname: 'Rýchla', sex: 'F', birthday: '1984-05-06' } as const;

interface Racer {
  name: string;
  surname: string;
  /** Lane A and lane B of the qualification: a time in seconds as typed, or 'fall'. */
  lanes: readonly [string, string];
  racerNumber: number;
  fullName: string;
}

/*
 * Qualification (best time, then the second): Adam 6.85 (seed 1), Boris 6.95 / 7.20 (seed 2),
 * Dušan 6.95 / 7.60 (seed 3, the equal best time the judge confirms), Cyril fall / 7.40 (seed 4).
 * Bracket of four: 1v4 Adam–Cyril, 2v3 Boris–Dušan.
 */
const RACERS = [
  { name: 'Adam', surname: `Rýchly ${run}`, lanes: ['6.85', '7.10'] },
  { name: 'Boris', surname: `Bleskový ${run}`, lanes: ['7.20', '6.95'] },
  { name: 'Cyril', surname: `Padavý ${run}`, lanes: ['fall', '7.40'] },
  { name: 'Dušan', surname: `Vyrovnaný ${run}`, lanes: ['7.60', '6.95'] },
] as const;

async function api(request: APIRequestContext, method: 'post' | 'put', url: string, data: unknown, token?: string) {
  const response = await request[method](url, { data, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  expect(response.ok(), `${method.toUpperCase()} ${url} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** A world-cup speed race in its qualification with four present racers, built through the HTTP API. */
async function setUpRace(request: APIRequestContext): Promise<{ raceId: number; token: string; racers: Racer[] }> {
  await api(request, 'post', '/api/user/register', { ...organiser, password: PASSWORD, language: 'EN' });
  const { token } = (await api(request, 'post', '/api/token/create', { email: organiser.email, password: PASSWORD })) as { token: string };
  const organization = await api(request, 'post', '/api/organization', { name: `Speed Club ${run}`, shortcut: `S${run}`.slice(0, 10).toUpperCase() }, token);
  const today = isoDay(0);
  const event = (await api(
    request,
    'post',
    '/api/event',
    {
      organizationId: organization.id,
      name: `Speed Cup ${run}`,
      startingDate: today,
      closingDate: today,
      isPublic: true,
      onlineRegistration: true,
      allowedUnregisteredUsers: true,
      races: [
        {
          name: 'Speed men',
          discipline: 'SPEED',
          raceGender: 'MEN',
          raceFormat: 'QUALIFICATION_FINAL',
          startingDate: today,
          endDate: today,
          openingRegistrationDate: isoDay(-1),
          closingRegistrationDate: today,
          speed: { type: 'WORLD_CUP', numberOfRoutes: 2, numberOfAttempts: 1, numberOfFinalRacers: 16, raceFormat: 'QUALIFICATION_FINAL' },
          qualificationGroups: [{ name: 'A' }],
        },
      ],
    },
    token,
  )) as { races: { id: number; qualificationGroups: { id: number }[] }[] };
  const race = event.races[0];
  const groupId = race?.qualificationGroups[0]?.id;
  if (!race || groupId === undefined) throw new Error('POST /api/event answered without the race or its group');

  await api(request, 'put', `/api/race/${race.id}/state`, { state: 'UPCOMING' }, token);
  await api(request, 'put', `/api/race/${race.id}/state`, { state: 'OPEN_REGISTRATION' }, token);
  const racers: Racer[] = [];
  for (const racer of RACERS) {
    const registration = (await api(
      request,
      'post',
      `/api/race-registration/${race.id}/register-unregistered-user/`,
      { name: racer.name, surname: racer.surname, club: 'RKS', sex: 'M', birthday: '1998-03-02', country: 'SK', qualificationGroupId: groupId },
      token,
    )) as { id: number; racerNumber: number };
    await api(request, 'put', `/api/race-registration/${registration.id}/PRESENT`, {}, token);
    racers.push({ ...racer, racerNumber: registration.racerNumber, fullName: `${racer.name} ${racer.surname}` });
  }
  await api(request, 'put', `/api/qualification-group/${groupId}/state`, { state: 'QUALIFICATION' }, token);
  await api(request, 'put', `/api/race/${race.id}/state`, { state: 'QUALIFICATION_ONGOING' }, token);
  return { raceId: race.id, token, racers };
}

const savedRun = (page: Page) =>
  page.waitForResponse((response) => response.request().method() === 'PUT' && /\/api\/racer\/\d+\/speed-route\/\d+$/.test(response.url()));

/** Types one qualification run (the lane already chosen) and saves it; `confirmSameTime` answers the equal-time question. */
async function enterRun(page: Page, value: string, confirmSameTime = false): Promise<void> {
  const card = page.getByTestId('speed-qualification-scorecard');
  if (value === 'fall') {
    await card.getByRole('checkbox', { name: 'Fall' }).check();
  } else {
    await card.getByRole('textbox', { name: 'Time' }).fill(value);
  }
  const saved = savedRun(page);
  await card.getByRole('button', { name: 'Save run' }).click();
  if (confirmSameTime) {
    const question = page.getByTestId('speed-same-time');
    await expect(question).toContainText(`already has the best time ${value}`);
    await question.getByRole('button', { name: 'Yes, save' }).click();
  }
  expect((await saved).ok()).toBe(true);
  await expect(page.getByTestId('sync-saved')).toContainText('All saved at');
}

/** Picks a match of the final, then types each racer's run in whichever lane the racer climbs, and saves. */
async function enterMatch(page: Page, match: RegExp, runs: { racer: Racer; time: string }[]): Promise<void> {
  // A native select: the option is found by its text, then chosen by its value.
  const matchSelect = page.getByRole('combobox', { name: 'Match' });
  const option = matchSelect.locator('option').filter({ hasText: match });
  await expect(option).toHaveCount(1);
  await matchSelect.selectOption((await option.getAttribute('value'))!);
  const form = page.getByTestId('speed-match-form');
  for (const { racer, time } of runs) {
    const lane: Locator = form.locator('.mantine-Paper-root').filter({ hasText: racer.fullName });
    await lane.getByRole('textbox', { name: 'Time' }).fill(time);
  }
  const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && /\/api\/speed-match\/\d+$/.test(response.url()));
  await form.getByRole('button', { name: 'Save match' }).click();
  const answer = await saved;
  expect(answer.ok(), await answer.text()).toBe(true);
  await expect(page.getByTestId('sync-saved')).toContainText('All saved at');
}

test('an organiser runs a speed race on a phone: lanes, same-time confirmation, bracket and final ranking', async ({ browser, request }) => {
  const { raceId, token, racers } = await setUpRace(request);
  const [adam, boris, cyril, dusan] = racers;
  if (!adam || !boris || !cyril || !dusan) throw new Error('four racers expected');

  const phoneContext = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US', viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const phone = await phoneContext.newPage();
  await phone.goto('/login');
  await fillLogin(phone, organiser.email, PASSWORD);
  await expect(phone.getByRole('button', { name: /Account menu/ })).toBeVisible();

  // Qualification: each racer's lane A, then lane B.
  await phone.goto(`/races/${raceId}/scorecard`);
  await expect(phone.getByRole('heading', { name: 'Scorecard' })).toBeVisible();
  for (const racer of racers) {
    await phone.getByRole('textbox', { name: 'Racer' }).fill(String(racer.racerNumber));
    await phone.getByTestId('racer-option').filter({ hasText: racer.fullName }).click();
    const card = phone.getByTestId('speed-qualification-scorecard');
    await expect(card).toContainText(`${racer.racerNumber} · ${racer.fullName}`);
    await expect(card.getByTestId('speed-run-label')).toHaveText('Lane A');
    await enterRun(phone, racer.lanes[0]);
    await card.getByText(/^Lane B ·/).click();
    await expect(card.getByTestId('speed-run-label')).toHaveText('Lane B');
    // Dušan's 6.95 equals Boris's best time: the judge is asked once and confirms.
    await enterRun(phone, racer.lanes[1], racer === dusan);
    await expect(card.getByText(new RegExp(`^Lane A · ${racer.lanes[0] === 'fall' ? 'Fall' : `${racer.lanes[0]}0`}$`))).toBeVisible();
    await phone.getByRole('button', { name: 'Other racer' }).click();
  }
  // Nothing sticks out sideways on the phone.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The qualification ranking as the server computes it from the entered runs.
  const qualification = (await (await request.get(`/api/results/${raceId}?stage=QUALIFICATION`)).json()) as { racer: { racerNumber: number }; rank: number }[];
  expect(Object.fromEntries(qualification.map((row) => [row.racer.racerNumber, row.rank]))).toEqual({
    [adam.racerNumber]: 1,
    [boris.racerNumber]: 2,
    [dusan.racerNumber]: 3,
    [cyril.racerNumber]: 4,
  });

  // The final starts through the API and builds the bracket of four.
  await api(request, 'put', `/api/race/${raceId}/state`, { state: 'FINALS_ONGOING' }, token);
  await phone.goto(`/races/${raceId}/scorecard?stage=FINAL`);
  await expect(phone.getByTestId('speed-match-form')).toBeVisible();
  await enterMatch(phone, /^Semi-final 1:/, [
    { racer: adam, time: '6.90' },
    { racer: cyril, time: '7.30' },
  ]);
  await enterMatch(phone, /^Semi-final 2:/, [
    { racer: boris, time: '7.05' },
    { racer: dusan, time: '6.80' },
  ]);
  // Mid-bracket, on the live page: the four still racing share the best place they can reach in the
  // ranks, but none has a place yet: no rank, no podium colour, the heat they race next.
  const live = await phone.context().newPage();
  await live.goto(`/live/race/${raceId}`);
  // The newest stage first: the final's cards.
  const racing = live.getByTestId('results-cards').first().getByTestId(`result-row-${dusan.racerNumber}`);
  // The heat stands as a line of its own, not after the "Time" label ("Time still racing: …").
  await expect(racing.getByTestId('result-status')).toHaveText('Still racing: Big final');
  await expect(racing.getByTestId('result-figures')).toHaveCount(0);
  await expect(racing).not.toHaveAttribute('data-podium');
  await expect(live.getByTestId('results-cards').locator('[data-podium]')).toHaveCount(0);
  // The bracket comes live, above the final's ranking, with both semi-finals decided.
  const liveBracket = live.getByRole('region', { name: 'Elimination bracket' });
  await expect(liveBracket.locator('[data-testid="speed-match"][aria-label="Semi-final"] [data-winner]')).toHaveCount(2);
  await expect(liveBracket.locator('[data-testid="speed-match"][aria-label="Semi-final"] [data-winner]').first()).toContainText(adam.fullName);
  await live.screenshot({ path: test.info().outputPath('speed-final-mid-bracket-360x740.png'), fullPage: true });
  // And on the projector, as the first page of its cycle.
  const projectorContext = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US', viewport: { width: 1920, height: 1080 } });
  const projector = await projectorContext.newPage();
  await projector.goto(`/live/race/${raceId}/projector?interval=60`);
  const projected = projector.getByTestId('projector-bracket');
  await expect(projected.locator('[data-testid="speed-match"]')).toHaveCount(4);
  await expect(projector.getByTestId('projector-page-number')).toHaveText('Page 1 / 2');
  await enterMatch(phone, /^Small final:/, [
    { racer: boris, time: '7.00' },
    { racer: cyril, time: '7.25' },
  ]);
  // Without a reload: the small final's winner on the live page and the projector.
  await expect(liveBracket.locator('[data-testid="speed-match"][aria-label="Small final"] [data-winner]')).toContainText(`${boris.fullName}`);
  await expect(liveBracket.locator('[data-testid="speed-match"][aria-label="Small final"] [data-winner]')).toContainText('7.00');
  await expect(projected.locator('[data-testid="speed-match"][aria-label="Small final"] [data-winner]')).toContainText('7.00');
  // The whole bracket fits the projector's screen, and a bracket of four fills much of it (read from the back of a hall).
  const box = await projected.boundingBox();
  expect(box && box.x + box.width <= 1920 && box.y + box.height <= 1080).toBe(true);
  expect(box!.width).toBeGreaterThan(1000);
  await projector.screenshot({ path: test.info().outputPath('speed-final-projector-1920x1080.png') });
  await projectorContext.close();
  await live.close();
  await enterMatch(phone, /^Big final:/, [
    { racer: adam, time: '6.88' },
    { racer: dusan, time: '6.70' },
  ]);

  // The bracket and the final ranking on the phone (issue 14): the rounds one under the other, every
  // match card within the screen, the ranking as cards, nothing wider than the screen.
  await phone.goto(`/races/${raceId}/results?stage=FINAL`);
  const phoneBracket = phone.getByRole('region', { name: 'Elimination bracket' });
  await expect(phoneBracket.locator('[data-testid="speed-match"]')).toHaveCount(4);
  for (const box of await phoneBracket.locator('[data-testid="speed-match"]').evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().right))) {
    expect(box).toBeLessThanOrEqual(360);
  }
  await expect(phoneBracket.locator('[data-testid="speed-match"][aria-label="Big final"] [data-winner]')).toContainText('6.70');
  await expect(phone.getByTestId('results-cards').getByTestId(`result-row-${dusan.racerNumber}`)).toHaveAttribute('data-rank', '1');
  await expect.poll(() => phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await phone.screenshot({ path: test.info().outputPath('speed-final-360x740.png'), fullPage: true });
  await phoneContext.close();

  // A visitor on a desktop: the bracket with Dušan winning the big final, and the final ranking.
  const desktopContext = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US', viewport: { width: 1280, height: 900 } });
  const desktop = await desktopContext.newPage();
  await desktop.goto(`/races/${raceId}/results?stage=FINAL`);
  const bracket = desktop.getByRole('region', { name: 'Elimination bracket' });
  await expect(bracket).toBeVisible();
  const bigFinal = bracket.locator('[data-testid="speed-match"][aria-label="Big final"]');
  await expect(bigFinal.locator('[data-testid="speed-lane"][data-winner]')).toHaveText(new RegExp(`${dusan.racerNumber} · ${dusan.fullName}.*6\\.70`));
  const smallFinal = bracket.locator('[data-testid="speed-match"][aria-label="Small final"]');
  await expect(smallFinal.locator('[data-testid="speed-lane"][data-winner]')).toContainText(boris.fullName);
  await expect(bracket.locator('[data-testid="speed-match"][aria-label="Semi-final"]')).toHaveCount(2);

  const table = desktop.getByTestId('results-table');
  for (const [racer, rank] of [
    [dusan, 1],
    [adam, 2],
    [boris, 3],
    [cyril, 4],
  ] as const) {
    await expect(table.getByTestId(`result-row-${racer.racerNumber}`)).toHaveAttribute('data-rank', String(rank));
  }
  await expect(table.locator('tbody tr').first()).toContainText(dusan.fullName);
  // Each place with the run it rests on: Adam's 2nd is his big final's 6.88, Boris's 3rd the small final's 7.00.
  await expect(table.getByTestId(`result-row-${adam.racerNumber}`).locator('[data-column="time"]')).toHaveText('6.88');
  await expect(table.getByTestId(`result-row-${boris.racerNumber}`).locator('[data-column="time"]')).toHaveText('7.00');
  await expect(table.getByTestId(`result-row-${dusan.racerNumber}`)).toHaveAttribute('data-podium', '1');
  await desktopContext.close();
});
