import { expect, test, type Locator, type Page, type TestInfo } from '../support/test';
import { preferLanguage } from '../support/app';
import {
  BOULDER_FINAL,
  BOULDER_QUALIFICATION,
  LEAD_QUALIFICATION,
  SPEED_QUALIFICATION,
  boulderingRaceWithFinal,
  crowdedBoulderingQualification,
  leadRaceInQualification,
  mixedBoulderingQualification,
  speedRaceInQualification,
  type Mark,
  adminCall,
  type ResultsRace,
} from '../support/results-races';

/*
 * Issue 14, items 1 and 3: on a 360x740 phone the results and live pages show each racer as a card
 * with the stage's figures in view (bouldering tops, zones and attempts; lead heights; speed times),
 * the per-boulder marks behind a keyboard-usable button, and nothing wider than the screen. The
 * overall tab shows each stage's figures under that stage's heading. A finished race's results
 * open on its final, the stage a spectator wants, not on the qualification. On the live page a
 * racer the spectator watches stays where it is on the screen when a live update moves it up; a
 * qualification in groups says why ranks repeat (under its results, not above them) and can show
 * one group alone. The live page's filters fold behind one button, so the first result is on the
 * first screen in both languages.
 */
const PHONE = { width: 360, height: 740 };

test.use({ viewport: PHONE, hasTouch: true, isMobile: true, serviceWorkers: 'block' });

/** The page is no wider than the screen: nothing needs a sideways scroll. */
const expectNoSidewaysScroll = async (page: Page) => {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
};

/** The element is shown and lies within the screen's width. */
const expectOnScreen = async (locator: Locator) => {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, 'bounding box').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
};

const card = (page: Page, race: ResultsRace, fullName: string) => {
  const racer = race.racers.find((candidate) => candidate.fullName === fullName);
  if (!racer) throw new Error(`no racer ${fullName}`);
  return page.getByTestId('results-cards').getByTestId(`result-row-${racer.racerNumber}`);
};

/** A figure of a card by its column id: its value is shown in full on the screen. */
const expectFigure = async (scope: Locator, column: string, value: string) => {
  const figure = scope.getByTestId('result-figures').locator(`[data-column="${column}"] dd`);
  await expect(figure).toHaveText(value);
  await expectOnScreen(figure);
};

const totals = (marks: readonly Mark[]) => ({
  tops: marks.filter((mark) => mark.topAttempts !== null).length,
  zones: marks.filter((mark) => mark.zoneAttempts !== null).length,
  topAttempts: marks.reduce((sum, mark) => sum + (mark.topAttempts ?? 0), 0),
  zoneAttempts: marks.reduce((sum, mark) => sum + (mark.zoneAttempts ?? 0), 0),
});

const expectBoulderFigures = async (scope: Locator, marks: readonly Mark[]) => {
  const expected = totals(marks);
  for (const [column, value] of Object.entries(expected)) await expectFigure(scope, column, String(value));
};

const screenshot = async (page: Page, testInfo: TestInfo, name: string) => {
  await page.screenshot({ path: testInfo.outputPath(`${name}-360x740.png`), fullPage: true });
};

test('bouldering results on a phone: a card per racer with every figure, boulders behind a button, each stage under its heading overall', async ({ page }, testInfo) => {
  const race = await boulderingRaceWithFinal(page.request);
  await page.goto(`/races/${race.raceId}/results?stage=QUALIFICATION`);
  await expect(page.getByRole('heading', { name: 'Results' })).toBeVisible();

  for (const [fullName, marks] of Object.entries(BOULDER_QUALIFICATION)) {
    const one = card(page, race, fullName);
    await expectOnScreen(one.getByText(fullName));
    await expectBoulderFigures(one, marks);
  }
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, 'bouldering-qualification');

  // The print and export options fold away on a phone, behind one button.
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeHidden();
  await page.getByRole('button', { name: 'Print and export' }).click();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The column options of a bouldering race: no time, which means nothing there.
  await expect(page.getByRole('checkbox', { name: 'Tops and zones' })).toHaveCount(1);
  await expect(page.getByRole('checkbox', { name: 'Time' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Print and export' }).click();

  // The per-boulder marks: hidden until asked for, then each boulder in view; the button works from the keyboard.
  const adam = card(page, race, 'Adam Skalnatý-Vysokohorský');
  const toggle = adam.getByRole('button', { name: 'Show each boulder' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(adam.getByTestId('result-detail')).toBeHidden();
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(adam.getByRole('button', { name: 'Hide each boulder' })).toHaveAttribute('aria-expanded', 'true');
  const detail = adam.getByTestId('result-detail');
  for (const [index, text] of ['T1 Z1', 'T2 Z1', 'T1 Z1', 'Z2'].entries()) {
    await expect(detail.locator(`[data-column="boulder-${index}"] dd`)).toHaveText(text);
    await expectOnScreen(detail.locator(`[data-column="boulder-${index}"]`));
  }
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, 'bouldering-qualification-detail');

  // Overall: the finalists under "Final" with the final's figures, Dušan under "Qualification" with his.
  await page.getByRole('tab', { name: 'Overall' }).click();
  const finalBlock = page.getByTestId('results-block-all-FINAL');
  const qualificationBlock = page.getByTestId('results-block-all-QUALIFICATION');
  await expect(finalBlock.getByRole('heading', { name: 'Final' })).toBeVisible();
  await expect(qualificationBlock.getByRole('heading', { name: 'Qualification' })).toBeVisible();
  for (const [fullName, marks] of Object.entries(BOULDER_FINAL)) await expectBoulderFigures(finalBlock.getByTestId(`result-row-${race.racers.find((racer) => racer.fullName === fullName)!.racerNumber}`), marks);
  await expect.poll(() => finalBlock.getByTestId('results-cards').locator('li').evaluateAll((items) => items.map((item) => item.getAttribute('data-rank')))).toEqual(['1', '2', '3']);
  const dusan = qualificationBlock.getByTestId(`result-row-${race.racers.find((racer) => racer.fullName === 'Dušan Zdatný')!.racerNumber}`);
  await expect(dusan).toHaveAttribute('data-rank', '4');
  await expectBoulderFigures(dusan, BOULDER_QUALIFICATION['Dušan Zdatný']!);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, 'bouldering-overall');

  // The live page of the same race: the final first, as cards.
  await page.goto(`/live/race/${race.raceId}`);
  await expect(page.getByTestId('live-status')).toHaveText('Live');
  for (const [fullName, marks] of Object.entries(BOULDER_FINAL)) await expectBoulderFigures(card(page, race, fullName).first(), marks);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, 'bouldering-live');
});

test('lead results on a phone show every height of every route', async ({ page }, testInfo) => {
  const race = await leadRaceInQualification(page.request);
  for (const path of [`/races/${race.raceId}/results`, `/live/race/${race.raceId}`]) {
    await page.goto(path);
    for (const [fullName, routes] of Object.entries(LEAD_QUALIFICATION)) {
      const one = card(page, race, fullName);
      for (const [index, route] of routes.entries()) await expectFigure(one, `route-${index}`, route.top ? 'TOP' : `${route.hold}${route.plus ? '+' : ''}`);
      await expectOnScreen(one.getByTestId('result-figures').locator('[data-column="score"] dd'));
    }
    await expectNoSidewaysScroll(page);
    await screenshot(page, testInfo, path.startsWith('/live') ? 'lead-live' : 'lead-results');
  }
});

test('speed qualification results on a phone show lane A, lane B (a fall in its lane) and the best time, in bold', async ({ page }, testInfo) => {
  const race = await speedRaceInQualification(page.request);
  for (const path of [`/races/${race.raceId}/results`, `/live/race/${race.raceId}`]) {
    await page.goto(path);
    for (const [fullName, lanes] of Object.entries(SPEED_QUALIFICATION)) {
      const best = Math.min(...lanes.filter((time): time is number => time !== null));
      const scope = card(page, race, fullName);
      // As IFSC publishes them: hundredths (no two of these times share theirs).
      for (const [lane, time] of lanes.entries()) await expectFigure(scope, `run-${lane}-0`, time === null ? 'Fall' : (time / 1000).toFixed(2));
      await expectFigure(scope, 'time', (best / 1000).toFixed(2));
      await expect(scope.getByTestId('result-figures').locator('[data-column="time"] dd')).toHaveCSS('font-weight', '700');
    }
    await expect(card(page, race, 'Ján Padavý').getByTestId('result-figures').locator('dt')).toHaveText(['Lane A', 'Lane B', 'Best']);
    if (!path.startsWith('/live')) {
      // The column options of a speed race: the time, never the boulders' marks.
      await page.getByRole('button', { name: 'Print and export' }).click();
      await expect(page.getByRole('checkbox', { name: 'Time' })).toHaveCount(1);
      await expect(page.getByRole('checkbox', { name: 'Boulders' })).toHaveCount(0);
      await expect(page.getByRole('checkbox', { name: 'Runs' })).toHaveCount(0);
    }
    await expectNoSidewaysScroll(page);
    await screenshot(page, testInfo, path.startsWith('/live') ? 'speed-live' : 'speed-results');
  }
});

test('a finished race’s results open on the final, with its podium; the qualification is a tab away', async ({ page }, testInfo) => {
  const race = await boulderingRaceWithFinal(page.request);
  const call = await adminCall(page.request);
  await call('put', `/api/race/${race.raceId}/state`, { state: 'FINISHED' });
  await page.goto(`/races/${race.raceId}/results`);
  await expect(page.getByRole('tab', { name: 'Final', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => page.getByTestId('results-cards').locator('li').evaluateAll((items) => items.map((item) => item.getAttribute('data-podium')))).toEqual(['1', '2', '3']);
  for (const [fullName, marks] of Object.entries(BOULDER_FINAL)) await expectBoulderFigures(card(page, race, fullName), marks);
  await screenshot(page, testInfo, 'bouldering-finished');
  await page.getByRole('tab', { name: 'Qualification' }).click();
  await expect(page).toHaveURL(/stage=QUALIFICATION/);
  await expect(card(page, race, 'Dušan Zdatný')).toBeVisible();
});

test('the live page keeps the racer a spectator watches where it is on the screen when a live update moves it up the ranking', async ({ page }, testInfo) => {
  const race = await crowdedBoulderingQualification(page.request, 30);
  await page.goto(`/live/race/${race.raceId}`);
  const rows = page.getByTestId('results-cards').locator('[data-testid^="result-row-"]');
  await expect(rows).toHaveCount(30);
  const order = () => rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')!));
  const topOf = (testId: string) => page.getByTestId(testId).evaluate((row) => row.getBoundingClientRect().top);
  /** Scrolls the page so that the row's top is at `y` on the screen. */
  const place = async (testId: string, y: number) => {
    await page.getByTestId(testId).evaluate((row, at) => window.scrollBy({ top: row.getBoundingClientRect().top - at, behavior: 'instant' }), y);
    expect(Math.abs((await topOf(testId)) - y)).toBeLessThan(1);
  };
  /** The racer's new marks arrive as a live patch; the racer has moved up once it shows. */
  const climbs = async (testId: string, marks: readonly Mark[]) => {
    const before = (await order()).indexOf(testId);
    await race.rescore(Number(testId.replace('result-row-', '')), marks);
    await expect.poll(async () => (await order()).indexOf(testId)).toBeLessThan(before);
  };
  const staysAt = (testId: string, y: number) => expect.poll(async () => Math.abs((await topOf(testId)) - y)).toBeLessThan(2);
  const T = { topAttempts: 1, zoneAttempts: 1 };
  const Z = { topAttempts: null, zoneAttempts: 1 };
  const none = { topAttempts: null, zoneAttempts: null };

  // A racer in the middle of the screen tops two boulders and moves up the ranking: still in the middle, not under the header.
  const watched = (await order())[14]!;
  await place(watched, 340);
  await climbs(watched, [T, T, Z, none]);
  await staysAt(watched, 340);
  await screenshot(page, testInfo, 'live-after-move-up');

  // Another racer, near the top of the screen and tapped to see the boulders: the one followed when it climbs.
  const tapped = (await order())[20]!;
  await place(tapped, 110);
  await page.getByTestId(tapped).getByRole('button', { name: 'Show each boulder' }).tap();
  await climbs(tapped, [T, Z, Z, none]);
  await staysAt(tapped, 110);
});

test('the live page of a qualification in groups says why ranks repeat and shows one group alone; the results name no tie-break between racers sharing a place', async ({ page }, testInfo) => {
  const race = await crowdedBoulderingQualification(page.request, 12);
  await page.goto(`/live/race/${race.raceId}`);
  const rows = page.getByTestId('results-cards').locator('[data-testid^="result-row-"]');
  await expect(rows).toHaveCount(12);
  // The line follows the stage's results, so it does not push them down.
  const groupsLine = page.getByTestId('live-groups-rank-apart');
  await expect(groupsLine).toHaveText("Each qualification group is ranked on its own and the places are merged: the groups' 1st places share rank 1, their 2nd places the next rank, and so on.");
  expect((await groupsLine.boundingBox())!.y).toBeGreaterThanOrEqual((await rows.last().boundingBox())!.y + (await rows.last().boundingBox())!.height);
  await expect.poll(() => rows.evaluateAll((items) => items.filter((item) => item.getAttribute('data-rank') === '1').length)).toBe(2);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, 'live-groups');

  // The group switch is behind the filters' button.
  const filters = page.locator('summary', { hasText: 'Filters' });
  await filters.tap();
  const groups = page.getByRole('radiogroup', { name: 'Group' });
  await groups.getByText('B', { exact: true }).tap();
  await expect(page).toHaveURL(/group=B/);
  await expect(rows).toHaveCount(6);
  await expect(filters).toHaveText('Filters (1 in use)');
  expect((await filters.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  // Group B alone: one first place, the ranks those of the whole qualification (the line stays to say why they skip); the cards no longer name the group.
  await expect(page.getByTestId('live-groups-rank-apart')).toBeVisible();
  await expect.poll(() => rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-rank')).filter((rank) => rank === '1').length)).toBe(1);
  await expect(rows.first()).not.toContainText('Group B');
  for (const choice of await groups.locator('label').all()) expect((await choice.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await screenshot(page, testInfo, 'live-group-b');

  // The results page says what put each card ahead of the card below it: nothing between racers of two groups sharing a
  // place (before, each card named what put it ahead of the next racer of its own group, further down).
  await page.goto(`/races/${race.raceId}/results?stage=QUALIFICATION`);
  const resultCards = page.locator('[data-testid^="result-row-"]');
  await expect(resultCards).toHaveCount(12);
  const cards = await resultCards.evaluateAll((items) => items.map((item) => ({ rank: item.getAttribute('data-rank'), text: item.textContent ?? '' })));
  cards.slice(0, -1).forEach((card, index) => {
    if (card.rank === cards[index + 1]!.rank) expect(card.text, card.text).not.toContain('Ahead of next');
  });
  // The pairs sharing rank 1 and rank 3 end on a card whose next one is of its own group: its own group's criterion.
  expect(cards.filter((card) => card.text.includes('Ahead of next: more tops')).length).toBeGreaterThan(0);
});

test('the live page shows the first result on a phone’s first screen in English and Slovak: the filters fold behind one button that opens, applies and counts them', async ({ page }, testInfo) => {
  // Every filter a race can have: women and men ranked apart, two age categories; and a qualification in two groups.
  const mixed = await mixedBoulderingQualification(page.request, 6);
  const grouped = await crowdedBoulderingQualification(page.request, 12);
  const texts = {
    en: { filters: 'Filters', sex: 'Sex', group: 'Group', women: 'Women', inUse: 'Filters (1 in use)' },
    sk: { filters: 'Filtre', sex: 'Pohlavie', group: 'Skupina', women: 'Ženy', inUse: 'Filtre (použité: 1)' },
  } as const;
  for (const language of ['en', 'sk'] as const) {
    await preferLanguage(page, language);
    for (const [name, race] of [['mixed', mixed], ['groups', grouped]] as const) {
      await page.goto(`/live/race/${race.raceId}`);
      const first = page.getByTestId('results-cards').locator('[data-testid^="result-row-"]').first();
      await expect(first).toBeVisible();
      await expect(page.getByTestId('live-status')).toBeVisible();
      // The whole first card lies within the first 740 px of the page, without scrolling.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const box = (await first.boundingBox())!;
      expect(box.y + box.height, `the first result's bottom (${language}, ${name})`).toBeLessThanOrEqual(PHONE.height);
      // Folded: the filters' button, not the switches.
      await expect(page.locator('summary').first()).toHaveText(texts[language].filters);
      for (const filter of [texts[language].sex, texts[language].group]) await expect(page.getByRole('radiogroup', { name: filter })).toBeHidden();
      await page.screenshot({ path: testInfo.outputPath(`live-first-screen-${name}-${language}-360x740.png`) });
    }

    // The folded filters open (a tap, or the keyboard), apply at once (the choice is in the address) and say how many are in use.
    await page.goto(`/live/race/${mixed.raceId}`);
    const cards = page.getByTestId('results-cards').locator('[data-testid^="result-row-"]');
    await expect(cards).toHaveCount(12);
    const sex = page.getByRole('radiogroup', { name: texts[language].sex });
    const toggle = page.locator('summary').first();
    await expect(sex).toBeHidden();
    expect((await toggle.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await toggle.tap();
    await expect(sex).toBeVisible();
    await sex.getByText(texts[language].women, { exact: true }).tap();
    await expect(page).toHaveURL(/sex=F/);
    await expect(cards).toHaveCount(6);
    await expect(toggle).toHaveText(texts[language].inUse);
    await expectNoSidewaysScroll(page);
    await screenshot(page, testInfo, `live-filters-open-${language}`);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(sex).toBeHidden();
    await expect(cards).toHaveCount(6);
    await page.keyboard.press('Space');
    await expect(sex).toBeVisible();
  }
});

test.describe('on the desk’s tablet (768 px)', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: false, isMobile: false });

  test('a results table wider than the screen keeps the racers’ names in view while its figures scroll sideways', async ({ page }, testInfo) => {
    const race = await boulderingRaceWithFinal(page.request);
    await page.goto(`/races/${race.raceId}/results?stage=QUALIFICATION`);
    const scroller = page.locator('.results-scroll');
    const racer = race.racers.find((candidate) => candidate.fullName === 'Dušan Zdatný')!;
    const name = page.getByTestId(`result-row-${racer.racerNumber}`).locator('[data-column="name"]');
    await expect(name).toHaveText('Dušan Zdatný');
    // Narrow enough to scroll: the racer columns, four boulders and the figures do not fit.
    await expect.poll(() => scroller.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeGreaterThan(40);
    await scroller.evaluate((element) => (element.scrollLeft = element.scrollWidth));
    const edge = (await scroller.boundingBox())!.x;
    await expect.poll(async () => Math.round((await name.boundingBox())!.x - edge)).toBe(0);
    await expect(page.getByRole('columnheader', { name: 'Racer' })).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('results-scrolled-768x1024.png') });
  });
});
