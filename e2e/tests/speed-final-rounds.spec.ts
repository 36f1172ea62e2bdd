import { expect, test, type APIRequestContext, type Browser, type Page } from '../support/test';
import { ADMIN, fillLogin, preferLanguage, switchLanguage, type Language } from '../support/app';
import { judgeLogsIn, setUpJudgedRace, type JudgedRace } from '../support/judging';
import { cutTexts, pageWidth } from '../support/layout';

/*
 * A race-day walkthrough of a speed final at 360x740 (judge), 768x1024 (desk) and 1366x768
 * (organiser): after "Reopen the race for a correction" the organiser corrects a match by reopening
 * its two racers' FINAL rounds, but the rounds page listed the racers alone (which two had raced
 * each other?) and scrolled sideways on a phone; the speed judge's match select cut its labels.
 * Here the rounds page shows the rounds by match, reopens a match in one step after asking, and
 * fits a phone; the judge reads the whole match on a phone. Screenshots are kept with the output.
 */

const TEXT = {
  en: {
    sections: ['Quarter-finals', 'Semi-finals', 'Finals'],
    titles: ['Quarter-final 1', 'Quarter-final 2', 'Quarter-final 3', 'Quarter-final 4', 'Semi-final 1', 'Semi-final 2', 'Small final', 'Big final'],
    reopenMatch: 'Reopen the match',
    closed: 'Closed',
    started: 'Started',
    reopened: 'Quarter-final 3 is open again',
    match: 'Match',
    time: 'Time',
    saveMatch: 'Save match',
  },
  sk: {
    sections: ['Štvrťfinále', 'Semifinále', 'Finále'],
    titles: ['Štvrťfinále 1', 'Štvrťfinále 2', 'Štvrťfinále 3', 'Štvrťfinále 4', 'Semifinále 1', 'Semifinále 2', 'Malé finále', 'Veľké finále'],
    reopenMatch: 'Znovu otvoriť dvojicu',
    closed: 'Uzavreté',
    started: 'Prebieha',
    reopened: 'Dvojica Štvrťfinále 3 je znovu otvorená',
    match: 'Dvojica',
    time: 'Čas',
    saveMatch: 'Uložiť dvojicu',
  },
} as const;

const STAGES = ['QUARTER_FINAL', 'HALF_FINAL', 'SMALL_FINAL', 'BIG_FINAL'] as const;

interface Match {
  id: number;
  stage: (typeof STAGES)[number];
  stageIndex: number;
  state: string;
  racerA: { id: number; racerNumber: number; fullName: string; roundId: number };
  racerB: { id: number; racerNumber: number; fullName: string; roundId: number };
}

async function call(request: APIRequestContext, race: JudgedRace, method: 'get' | 'put', url: string, data?: unknown) {
  const response = await request[method](url, { headers: { Authorization: `Bearer ${race.adminToken}` }, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method.toUpperCase()} ${url} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** The bracket in the order the rounds page shows it: quarter-finals, semi-finals, small final, big final. */
const bracketOf = async (request: APIRequestContext, race: JudgedRace): Promise<Match[]> =>
  ((await call(request, race, 'get', `/api/race/${race.raceId}/speed-bracket`)) as { matches: Match[] }).matches.sort((a, b) => STAGES.indexOf(a.stage) - STAGES.indexOf(b.stage) || a.stageIndex - b.stageIndex);

/** Eight racers' qualification, the bracket raced to the end (racer A of every match faster), the race finished and reopened for a correction. */
async function finishedAndReopened(request: APIRequestContext): Promise<JudgedRace> {
  const race = await setUpJudgedRace(request, 'SPEED', { racers: 8 });
  for (const [index, racer] of race.racers.entries()) {
    const round = (await call(request, race, 'get', `/api/racer/${racer.id}/round/${racer.roundId}`)) as { speedRoutes: { id: number }[] };
    for (const [lane, time] of [6000 + index * 110, 6400 + index * 90].entries()) {
      await call(request, race, 'put', `/api/racer/${racer.id}/speed-route/${round.speedRoutes[lane]!.id}`, { time, fall: false, falseStart: false });
    }
  }
  await call(request, race, 'put', `/api/race/${race.raceId}/state`, { state: 'FINALS_ONGOING' });
  for (let open = (await bracketOf(request, race)).filter((match) => match.state === 'READY'); open.length > 0; open = (await bracketOf(request, race)).filter((match) => match.state === 'READY')) {
    for (const match of open) await call(request, race, 'put', `/api/speed-match/${match.id}`, { racerA: { time: 6210, fall: false, falseStart: false }, racerB: { time: 6480, fall: false, falseStart: false } });
  }
  await call(request, race, 'put', `/api/race/${race.raceId}/state`, { state: 'FINISHED' });
  // "Reopen the race for a correction": the final runs again, its rounds stay closed.
  await call(request, race, 'put', `/api/race/${race.raceId}/state`, { state: 'FINALS_ONGOING' });
  return race;
}

async function organiserPage(browser: Browser, language: Language, viewport: { width: number; height: number }): Promise<Page> {
  const mobile = viewport.width < 500;
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US', viewport, hasTouch: mobile, isMobile: mobile });
  const page = await context.newPage();
  await page.goto('/login');
  await fillLogin(page, ADMIN.email, ADMIN.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await preferLanguage(page, language);
  return page;
}

async function judgePage(browser: Browser, race: JudgedRace, language: Language, viewport: { width: number; height: number }): Promise<Page> {
  const mobile = viewport.width < 500;
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US', viewport, hasTouch: mobile, isMobile: mobile });
  const page = await context.newPage();
  // Logged in on the qualification's list (judgeLogsIn waits for its racer search): the race is in its final.
  await judgeLogsIn(page, race.raceId, race.judges[0]!, 'QUALIFICATION');
  if (language !== 'en') await switchLanguage(page, 'en', language);
  await preferLanguage(page, language);
  await expect(page.getByRole('button', { name: language === 'sk' ? /^Prihlásenie rozhodcu:/ : /^Judge login:/ })).toBeVisible();
  await page.goto(`/races/${race.raceId}/scorecard?stage=FINAL`);
  await expect(page.getByTestId('speed-match-form')).toBeVisible();
  return page;
}

for (const language of ['en', 'sk'] as const) {
  const words = TEXT[language];

  test(`the rounds page of a speed final shows its rounds by match and reopens a match in one step, at 1366 and 360 (${language})`, async ({ browser, request }) => {
    test.setTimeout(150_000);
    const race = await finishedAndReopened(request);
    const matches = await bracketOf(request, race);
    const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: test.info().outputPath(`${language}-${name}.png`), fullPage });

    // The organiser's laptop: a section per stage, a card per match naming both racers, in bracket order.
    const organiser = await organiserPage(browser, language, { width: 1366, height: 768 });
    await organiser.goto(`/admin/races/${race.raceId}/rounds?stage=FINAL`);
    const cards = organiser.getByTestId('speed-final-match');
    await expect(cards).toHaveCount(8);
    await expect(organiser.getByTestId('match-section')).toHaveCount(3);
    expect(await organiser.getByTestId('match-section').evaluateAll((sections) => sections.map((section) => section.getAttribute('aria-label')))).toEqual(words.sections);
    expect(await cards.evaluateAll((all) => all.map((card) => card.getAttribute('aria-label')))).toEqual(words.titles);
    for (const [index, match] of matches.entries()) {
      const card = cards.nth(index);
      // "Quarter-final 3: A – B": the two racers of the match, lane A first, each with the round that holds the run.
      expect(await card.getByTestId('match-side').evaluateAll((sides) => sides.map((side) => Number(side.getAttribute('data-racer'))))).toEqual([match.racerA.id, match.racerB.id]);
      await expect(card.getByTestId('match-side').first()).toContainText(`${match.racerA.racerNumber} · ${match.racerA.fullName}`);
      await expect(card.getByTestId('match-side').last()).toContainText(`${match.racerB.racerNumber} · ${match.racerB.fullName}`);
      await expect(card.getByTestId('round-state')).toHaveText([words.closed, words.closed]);
    }
    expect(await pageWidth(organiser)).toBeLessThanOrEqual(1366);
    await shot(organiser, 'rounds-by-match-1366x768');

    // Reopening quarter-final 3 asks first, naming both racers, then opens exactly their two rounds.
    const quarter = matches[2]!;
    const card = organiser.getByRole('article', { name: words.titles[2], exact: true });
    await card.getByRole('button', { name: words.reopenMatch }).click();
    const dialog = organiser.getByRole('dialog');
    await expect(dialog).toContainText(`${words.titles[2]} (${quarter.racerA.racerNumber} · ${quarter.racerA.fullName} – ${quarter.racerB.racerNumber} · ${quarter.racerB.fullName})`);
    await shot(organiser, 'reopen-match-question-1366x768', false);
    await dialog.getByRole('button', { name: words.reopenMatch }).click();
    await expect(dialog).toHaveCount(0);
    await expect(organiser.getByText(words.reopened)).toBeVisible();
    await expect(card.getByTestId('round-state')).toHaveText([words.started, words.started]);
    await expect(card.getByRole('button', { name: words.reopenMatch })).toBeDisabled();
    // The server holds the same: the two rounds open, every other one closed.
    const list = (await call(request, race, 'get', `/api/racer/list?race=${race.raceId}&stage=FINAL`)) as { id: number; rounds: { state: string }[] }[];
    expect(list.filter((racer) => racer.rounds[0]!.state === 'STARTED').map((racer) => racer.id).sort()).toEqual([quarter.racerA.id, quarter.racerB.id].sort());
    await shot(organiser, 'rounds-match-reopened-1366x768');
    await organiser.context().close();

    // The same page on a phone: nothing wider than the screen, every card within it, no text cut.
    const phone = await organiserPage(browser, language, { width: 360, height: 740 });
    await phone.goto(`/admin/races/${race.raceId}/rounds?stage=FINAL`);
    await expect(phone.getByTestId('speed-final-match')).toHaveCount(8);
    await expect(phone.getByRole('article', { name: words.titles[2], exact: true }).getByTestId('round-state')).toHaveText([words.started, words.started]);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    for (const right of await phone.getByTestId('speed-final-match').evaluateAll((all) => all.map((each) => each.getBoundingClientRect().right))) expect(right).toBeLessThanOrEqual(360);
    expect(await cutTexts(phone)).toEqual([]);
    await shot(phone, 'rounds-by-match-360x740');
    await phone.getByRole('article', { name: words.titles[2], exact: true }).scrollIntoViewIfNeeded();
    await shot(phone, 'rounds-match-reopened-360x740', false);
    // The desk's tablet too.
    await phone.setViewportSize({ width: 768, height: 1024 });
    await phone.evaluate(() => window.scrollTo(0, 0));
    expect(await pageWidth(phone)).toBeLessThanOrEqual(768);
    await shot(phone, 'rounds-by-match-768x1024');
    await phone.context().close();

    // The speed judge on a phone: the whole match is readable in the picker (two lines that wrap), a 44 px target.
    const judge = await judgePage(browser, race, language, { width: 360, height: 740 });
    const select = judge.getByRole('combobox', { name: words.match });
    await select.selectOption(String(quarter.id));
    const picker = judge.getByTestId('match-picker');
    await expect(picker).toContainText(words.titles[2]);
    await expect(picker).toContainText(`${quarter.racerA.racerNumber} · ${quarter.racerA.fullName} – ${quarter.racerB.racerNumber} · ${quarter.racerB.fullName}`);
    const box = (await picker.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    const selectBox = (await select.boundingBox())!;
    expect(selectBox.height).toBeGreaterThanOrEqual(44);
    // Every option names both racers; none carries the racers' numbers, which the picker and the lanes show.
    for (const match of matches) {
      await expect(select.locator(`option[value="${match.id}"]`)).toHaveText(`✓ ${words.titles[matches.indexOf(match)]}: ${match.racerA.fullName} – ${match.racerB.fullName}`);
    }
    expect(await cutTexts(judge)).toEqual([]);
    expect(await pageWidth(judge)).toBeLessThanOrEqual(360);
    await shot(judge, 'speed-judge-360x740');

    // The judge corrects its time (the same winner): the reopened rounds take it.
    const form = judge.getByTestId('speed-match-form');
    const lane = (fullName: string) => form.locator('.mantine-Paper-root').filter({ hasText: fullName }).getByRole('textbox', { name: words.time });
    await lane(quarter.racerA.fullName).fill(language === 'sk' ? '6,19' : '6.19');
    await form.getByRole('button', { name: words.saveMatch }).click();
    await expect(judge.getByTestId('sync-saved')).toBeVisible();
    await expect.poll(async () => (await bracketOf(request, race)).find((match) => match.id === quarter.id)).toMatchObject({ racerA: { run: { time: 6190 } } });
    await judge.context().close();

    // The judge's screen on a laptop.
    const desk = await judgePage(browser, race, language, { width: 1366, height: 768 });
    await desk.getByRole('combobox', { name: words.match }).selectOption(String(quarter.id));
    await expect(desk.getByTestId('match-picker')).toContainText(words.titles[2]);
    expect(await pageWidth(desk)).toBeLessThanOrEqual(1366);
    await shot(desk, 'speed-judge-1366x768');
    await desk.context().close();
  });
}
