import { expect, test, type Page } from '../support/test';
import { crowdedBoulderingQualification } from '../support/results-races';

/*
 * Issue 14, item 4: the projector screen of a live race at 1920x1080 has no app header or footer,
 * fills the screen without scrolling, names the stage and shows the qualification group (and the
 * line saying the groups rank apart), pages
 * through all 40 racers by itself, and highlights a new score for a few seconds on its page.
 * Paging never moves the columns, whatever the names on each page. A page holds as many rows as
 * the screen does, measured (the table is zoomed out on smaller projectors): no row cut off, and
 * less than a row's height left empty under a full page, at 1920x1080, 1366x768 and 1280x720. The
 * page's clock is Playwright's (page.clock), so the paging interval passes at once.
 */
const SCREEN = { width: 1920, height: 1080 };
const INTERVAL_SECONDS = 5;

test.use({ viewport: SCREEN, serviceWorkers: 'block' });

/** Whether every column heading lies within the screen (the table must not lose its last columns, the points, past the edge). */
const columnsOnScreen = async (page: Page): Promise<boolean> =>
  page.getByTestId('projector-table').locator('thead th').evaluateAll((cells) => cells.length > 0 && cells.every((cell) => cell.getBoundingClientRect().right <= window.innerWidth));

/** The racer numbers of the rows on screen now; every row must lie within the screen. */
const rowsOnScreen = async (page: Page): Promise<number[]> =>
  page.locator('[data-testid^="projector-row-"]').evaluateAll((rows, height) =>
    rows.map((row) => {
      const box = row.getBoundingClientRect();
      if (box.top < 0 || box.bottom > height) throw new Error(`row ${row.getAttribute('data-testid')} is off the screen (${box.top}-${box.bottom})`);
      return Number(row.getAttribute('data-testid')?.replace('projector-row-', ''));
    }),
  SCREEN.height);

/**
 * The page shown fills the screen: every row within it (rowsOnScreen), and unless it is the last
 * page (the rest of the racers), less than one row's height left under its last row.
 */
const expectScreenFilled = async (page: Page) => {
  await rowsOnScreen(page);
  const [current, total] = ((await page.getByTestId('projector-page-number').textContent()) ?? '').match(/\d+/g)!.map(Number) as [number, number];
  const { left, rowHeight } = await page.getByTestId('projector-table').evaluate((table) => {
    const rows = [...table.querySelectorAll('tbody[data-page-part] > tr')];
    const last = rows.at(-1)!.getBoundingClientRect();
    return { left: table.parentElement!.getBoundingClientRect().bottom - last.bottom, rowHeight: last.height };
  });
  expect(left, 'the space under the last row').toBeGreaterThanOrEqual(-0.5);
  if (current < total) expect(left, `the space under the last row of page ${current} / ${total} (rows of ${rowHeight} px)`).toBeLessThan(rowHeight);
};

test('the projector pages through all 40 racers of a race at 1920x1080 and highlights a new score', async ({ page }, testInfo) => {
  const race = await crowdedBoulderingQualification(page.request, 40);
  await page.clock.install();
  await page.goto(`/live/race/${race.raceId}/projector?interval=${INTERVAL_SECONDS}`);
  await expect(page.getByTestId('live-status')).toHaveText('Live');
  await expect(page.getByTestId('projector-table').locator('tbody tr').first()).toBeVisible();

  // No app chrome, nothing to scroll, the stage named, the group shown, no tie-break words.
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'About project' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight && document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expect(page.getByTestId('projector-subtitle')).toHaveText('Qualification');
  await expect(page.getByRole('columnheader', { name: 'Group' })).toBeVisible();
  // Ranked in two groups: the live page's line says why the groups share first places, readable from afar.
  const groupsLine = page.getByTestId('projector-groups-rank-apart');
  await expect(groupsLine).toHaveText("Each qualification group is ranked on its own and the places are merged: the groups' 1st places share rank 1, their 2nd places the next rank, and so on.");
  expect(await groupsLine.evaluate((line) => parseFloat(getComputedStyle(line).fontSize))).toBeGreaterThanOrEqual(24);
  await expect(page.getByRole('columnheader', { name: 'Ahead of next' })).toHaveCount(0);
  const fontSize = await page.getByTestId('projector-table').locator('tbody td').first().evaluate((cell) => parseFloat(getComputedStyle(cell).fontSize));
  expect(fontSize).toBeGreaterThanOrEqual(28);
  await expect(page.getByTestId('projector-page-number')).toHaveText(/^Page 1 \/ \d$/);
  const pageCount = Number((await page.getByTestId('projector-page-number').textContent())?.split('/ ')[1]);
  expect(pageCount).toBeGreaterThan(1);
  expect(await columnsOnScreen(page)).toBe(true);
  await expectScreenFilled(page);
  await page.screenshot({ path: testInfo.outputPath('projector-page-1-1920x1080.png') });

  // Every page in turn, then back to the first: all 40 racers were on the screen once.
  const seen: number[] = [];
  for (let pageNumber = 1; pageNumber <= pageCount; pageNumber += 1) {
    await expect(page.getByTestId('projector-page-number')).toHaveText(`Page ${pageNumber} / ${pageCount}`);
    seen.push(...(await rowsOnScreen(page)));
    await page.clock.runFor(INTERVAL_SECONDS * 1000);
  }
  await expect(page.getByTestId('projector-page-number')).toHaveText(`Page 1 / ${pageCount}`);
  expect(seen.sort((a, b) => a - b)).toEqual(race.racers.map((racer) => racer.racerNumber).sort((a, b) => a - b));

  // A new score: its page comes up with the row highlighted, for a few seconds only.
  const lastOnFirstPage = new Set(await rowsOnScreen(page));
  const climber = race.racers.map((racer) => racer.racerNumber).find((number) => !lastOnFirstPage.has(number))!;
  await race.rescore(climber, [{ topAttempts: 1, zoneAttempts: 1 }, { topAttempts: 1, zoneAttempts: 1 }, { topAttempts: 1, zoneAttempts: 1 }, { topAttempts: 1, zoneAttempts: 1 }]);
  const row = page.getByTestId(`projector-row-${climber}`);
  await expect(row).toHaveAttribute('data-changed', 'true');
  await expect(row).toHaveAttribute('data-rank', '1');
  expect(await rowsOnScreen(page)).toContain(climber);
  await page.screenshot({ path: testInfo.outputPath('projector-highlight-1920x1080.png') });
  await page.clock.runFor(7_000);
  await expect(page.locator('[data-changed]')).toHaveCount(0);

  // Smaller projectors: the same columns, zoomed out to the screen's width, and as many (smaller) rows as the screen holds;
  // every racer still once a cycle.
  for (const screen of [{ width: 1366, height: 768 }, { width: 1280, height: 720 }]) {
    await page.setViewportSize(screen);
    await expect.poll(() => columnsOnScreen(page)).toBe(true);
    await expect(page.getByRole('columnheader', { name: 'Group' })).toBeVisible();
    await expect.poll(() => rowsOnScreen(page).then(() => true, () => false)).toBe(true);
    // Re-paged for the screen: a cycle from whichever page is shown.
    const [start, pages] = ((await page.getByTestId('projector-page-number').textContent()) ?? '').match(/\d+/g)!.map(Number) as [number, number];
    const cycle: number[] = [];
    for (let step = 0; step < pages; step += 1) {
      await expect(page.getByTestId('projector-page-number')).toHaveText(`Page ${((start - 1 + step) % pages) + 1} / ${pages}`);
      await expectScreenFilled(page);
      cycle.push(...(await rowsOnScreen(page)));
      if (step === 0) await page.screenshot({ path: testInfo.outputPath(`projector-${screen.width}x${screen.height}.png`) });
      await page.clock.runFor(INTERVAL_SECONDS * 1000);
    }
    expect(cycle.sort((a, b) => a - b)).toEqual(race.racers.map((racer) => racer.racerNumber).sort((a, b) => a - b));
  }
});

test('the projector\'s columns keep their places from page to page, however long the names on each page', async ({ page }, testInfo) => {
  // Long names and short ones, unevenly over the ranking, so each page has its own longest.
  const race = await crowdedBoulderingQualification(page.request, 40, (index) =>
    index % 7 === 3 ? `Maximilián${index} Dlhopriezviskový-Veľkomožný` : index % 3 === 0 ? `Ondrej${index} Stredný` : `Ján${index} Kráľ`,
  );
  await page.clock.install();
  await page.goto(`/live/race/${race.raceId}/projector?interval=${INTERVAL_SECONDS}`);
  await expect(page.getByTestId('projector-table').locator('tbody tr').first()).toBeVisible();
  const pageCount = Number((await page.getByTestId('projector-page-number').textContent())?.split('/ ')[1]);
  expect(pageCount).toBeGreaterThan(2);
  const columnEdges = () => page.getByTestId('projector-table').locator('thead th').evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().left)));
  const first = await columnEdges();
  for (let pageNumber = 1; pageNumber <= pageCount; pageNumber += 1) {
    await expect(page.getByTestId('projector-page-number')).toHaveText(`Page ${pageNumber} / ${pageCount}`);
    expect(await columnEdges(), `the columns of page ${pageNumber}`).toEqual(first);
    expect(await rowsOnScreen(page)).not.toHaveLength(0);
    await page.screenshot({ path: testInfo.outputPath(`projector-columns-page-${pageNumber}-1920x1080.png`) });
    await page.clock.runFor(INTERVAL_SECONDS * 1000);
  }
  expect(await columnsOnScreen(page)).toBe(true);
});
