import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '../support/test';
import { preferLanguage } from '../support/app';
import { adminCall, boulderingRaceWithFinal, mixedBoulderingQualification, speedRaceWithFinal } from '../support/results-races';

/*
 * Issue 14, item 2: results, starting lists and cup rankings printed by Chromium on A4 portrait
 * keep every column that matters, the tie-break included, name the event and the print time, and
 * number the pages (CSS page-margin boxes, which Chromium draws). Each page is printed to PDF with
 * `page.pdf({ format: 'A4' })`; the PDF's text is read with poppler's pdftotext when the machine
 * has it (the CI image may not), and the columns are measured at the paper's width either way.
 */

/** The printable width of A4 portrait with the 10 mm side margins of PrintPageSetup, in CSS pixels. */
const A4_PORTRAIT_WIDTH = Math.floor(((210 - 20) / 25.4) * 96);
/** The same of A4 landscape. */
const A4_LANDSCAPE_WIDTH = Math.floor(((297 - 20) / 25.4) * 96);

/** The races of these tests are held today (the server's day, UTC); the pages write that day so. */
const RACE_DAY = new Date().toISOString().slice(0, 10);
const RACE_DAY_EN = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(RACE_DAY));
const RACE_DAY_SK = RACE_DAY.split('-').map(Number).reverse().join('. ');

const hasPoppler = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/**
 * Prints the page to PDF (kept in the test's output folder) and answers its text with runs of spaces
 * and line breaks as one space, the same of each page, or nulls without pdftotext.
 */
async function printToPdf(
  page: Page,
  testInfo: TestInfo,
  name: string,
  options: { preferCSSPageSize?: boolean } = {},
): Promise<{ text: string | null; pages: string[] | null; pageSize: string | null }> {
  const file = testInfo.outputPath(`${name}.pdf`);
  const pdf = await page.pdf(options.preferCSSPageSize ? { preferCSSPageSize: true } : { format: 'A4' });
  writeFileSync(file, pdf);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // CI installs poppler-utils (.ci/run), so there the text is always checked.
  if (!hasPoppler && process.env.CI) throw new Error('pdftotext is missing: install poppler-utils (.ci/run does)');
  if (!hasPoppler) return { text: null, pages: null, pageSize: null };
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  writeFileSync(testInfo.outputPath(`${name}.txt`), text);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  // pdftotext ends every page with a form feed.
  const pages = text.split('\f').slice(0, -1).map((one) => one.replace(/\s+/g, ' ').trim());
  return { text: text.replace(/\s+/g, ' '), pages, pageSize: /Page size:\s*(.+)/.exec(info)?.[1] ?? null };
}

/** Under print media at the paper's width: every column heading of every table lies within the paper, and nothing is wider. */
async function expectColumnsOnPaper(page: Page, width: number): Promise<string[]> {
  const screen = page.viewportSize();
  await page.setViewportSize({ width, height: 1100 });
  await page.emulateMedia({ media: 'print' });
  const headings = await page.locator('[data-print-page] table th').evaluateAll((cells, paper) =>
    cells.map((cell) => {
      const box = cell.getBoundingClientRect();
      return { text: (cell.textContent ?? '').trim(), left: box.left, right: box.right, paper };
    }),
  width);
  for (const heading of headings) {
    expect(heading.left, `column "${heading.text}"`).toBeGreaterThanOrEqual(0);
    expect(heading.right, `column "${heading.text}"`).toBeLessThanOrEqual(width + 0.5);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await page.emulateMedia({ media: null });
  if (screen) await page.setViewportSize(screen);
  return headings.map((heading) => heading.text);
}

test.use({ viewport: { width: 1366, height: 768 }, serviceWorkers: 'block' });

test('results print on A4 portrait with every column up to the tie-break, the event, the print time and page numbers; landscape on request', async ({ page }, testInfo) => {
  const race = await boulderingRaceWithFinal(page.request);
  await page.goto(`/races/${race.raceId}/results?stage=QUALIFICATION`);
  const table = page.getByTestId('results-table');
  await expect(table.locator('tbody tr')).toHaveCount(4);
  await page.screenshot({ path: testInfo.outputPath('results-qualification-1366x768.png'), fullPage: true });

  // On a laptop the whole table fits: the tie-break column is not cut off, and no empty score column is shown.
  const tieBreakHeading = table.getByRole('columnheader', { name: 'Ahead of next' });
  const tableBox = (await table.boundingBox())!;
  const tieBreakBox = (await tieBreakHeading.boundingBox())!;
  expect(tieBreakBox.x + tieBreakBox.width).toBeLessThanOrEqual(tableBox.x + tableBox.width + 0.5);
  expect(tieBreakBox.x + tieBreakBox.width).toBeLessThanOrEqual(1366);
  await expect(table.getByRole('columnheader', { name: 'Score' })).toHaveCount(0);

  const headings = await expectColumnsOnPaper(page, A4_PORTRAIT_WIDTH);
  expect(headings).toEqual(['Rank', 'No.', 'Racer', 'Club', 'Country', 'B1', 'B2', 'B3', 'B4', 'Tops', 'Zones', 'Top att.', 'Zone att.', 'Ahead of next']);
  const tieBreaks = (await table.locator('td[data-column="tieBreak"]').allTextContents()).filter(Boolean);
  expect(tieBreaks.length).toBeGreaterThan(0);

  // Fourteen columns keep the paper upright.
  await expect.poll(() => page.getByTestId('print-page-setup').textContent()).toContain('size: A4 portrait');
  const portrait = await printToPdf(page, testInfo, 'results-a4-portrait');
  if (portrait.text !== null) {
    for (const expected of [race.eventName, 'Qualification', RACE_DAY_EN, 'Ahead of next', ...tieBreaks, 'Printed', 'Page 1 / 1']) expect(portrait.text).toContain(expected);
    // The final runs, but the qualification is closed: its places no longer change.
    expect(portrait.text).not.toContain('Provisional results');
    for (const racer of race.racers) expect(portrait.text).toContain(racer.fullName.split('-')[0]!);
    expect(portrait.pageSize).toContain('(A4)');
  }

  // Landscape paper for wide tables: the switch sets the page size, kept in the address.
  const landscapeSwitch = page.getByRole('switch', { name: 'Landscape paper' });
  await landscapeSwitch.click();
  await expect(landscapeSwitch).toBeChecked();
  await expect(page).toHaveURL(/paper=landscape/);
  await expect.poll(() => page.getByTestId('print-page-setup').textContent()).toContain('size: A4 landscape');
  const landscape = await printToPdf(page, testInfo, 'results-a4-landscape', { preferCSSPageSize: true });
  if (landscape.pageSize !== null) expect(landscape.pageSize).toMatch(/^841\.\d+ x 59[45]\.\d+ pts/);
});

test('the overall results print each stage under its heading; the starting list and the cup ranking print on A4 with their event and page numbers', async ({ page }, testInfo) => {
  const race = await boulderingRaceWithFinal(page.request);
  await page.goto(`/races/${race.raceId}/results?stage=OVERALL`);
  await expect(page.getByTestId('results-block-all-FINAL').locator('tbody tr')).toHaveCount(3);
  await page.screenshot({ path: testInfo.outputPath('results-overall-1366x768.png'), fullPage: true });
  await expectColumnsOnPaper(page, A4_PORTRAIT_WIDTH);
  const overall = await printToPdf(page, testInfo, 'results-overall-a4');
  if (overall.text !== null) {
    expect(overall.text).toContain('Provisional results: the race is still running, places may change.');
    expect(overall.text).toContain("Places decided in the final; the figures are the final's.");
    expect(overall.text).toContain("Places decided in the qualification; the figures are the qualification's.");
  }

  // The starting list: one page per group, the event's name, its columns and the page foot.
  await page.goto(`/races/${race.raceId}/starting-list`);
  await expect(page.getByRole('heading', { name: /Starting list/ })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('starting-list-1366x768.png'), fullPage: true });
  const listHeadings = await expectColumnsOnPaper(page, A4_PORTRAIT_WIDTH);
  expect(listHeadings).toContain('Country');
  const startingList = await printToPdf(page, testInfo, 'starting-list-a4');
  if (startingList.text !== null) {
    for (const expected of [race.eventName, 'Group A', RACE_DAY_EN, 'Country', 'SVK', 'Printed', 'Page 1 / 1']) expect(startingList.text).toContain(expected);
  }

  // The final's starting order, from its rounds: the reverse of the qualification's ranking (its best, Adam, climbs last).
  await page.goto(`/races/${race.raceId}/starting-list?stage=FINAL`);
  const finalRows = page.locator('section.starting-list-group').first().locator('tbody tr');
  await expect(finalRows).toHaveCount(3);
  expect(await finalRows.locator('td:nth-child(3)').allTextContents()).toEqual(['Cyril Pevný', 'Boris Chytrý', 'Adam Skalnatý-Vysokohorský']);
  await page.screenshot({ path: testInfo.outputPath('starting-list-final-1366x768.png'), fullPage: true });
  const finalList = await printToPdf(page, testInfo, 'starting-list-final-a4');
  if (finalList.text !== null) {
    for (const expected of [race.eventName, 'Final', RACE_DAY_EN, 'Cyril Pevný', 'Printed', 'Page 1 / 1']) expect(finalList.text).toContain(expected);
    expect(finalList.text).not.toContain('Dušan Zdatný');
  }

  // The cup ranking of a cup holding this race.
  const call = await adminCall(page.request);
  const today = new Date().toISOString().slice(0, 10);
  const cup = (await call('post', '/api/cup', { organizationId: race.organizationId, name: `Print Cup ${race.raceId}`, startDate: today, endDate: today, isPublic: true, disciplines: ['BOULDERING'], categories: [{ name: 'Men', sex: 'M' }, { name: 'Veterans', sex: 'M' }] })) as {
    id: number;
    categories: { id: number }[];
  };
  try {
    const rankCategories = (await call('get', `/api/organization/${race.organizationId}/cup-rank-category`)) as unknown as { id: number }[];
    for (const category of cup.categories) await call('post', `/api/cup/${cup.id}/category/${category.id}/race`, { raceId: race.raceId, cupRankCategoryId: rankCategories[0]!.id });
    await page.goto(`/cups/${cup.id}`);
    await expect(page.getByRole('table', { name: 'Cup ranking' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('cup-ranking-1366x768.png'), fullPage: true });
    await expectColumnsOnPaper(page, A4_PORTRAIT_WIDTH);
    const ranking = await printToPdf(page, testInfo, 'cup-ranking-a4');
    if (ranking.text !== null) {
      // The race's column names its event and day: a cup's races are often all called "Men".
      for (const expected of [`Print Cup ${race.raceId}`, 'Men', race.eventName, RACE_DAY_EN, 'Cyril Pevný', 'Printed', 'Page 1 / 1']) expect(ranking.text).toContain(expected);
      // "Print" prints the chosen tab only.
      expect(ranking.text).not.toContain('Veterans');
    }

    // "Print all categories": every category under its heading, each from a new page, printed once all rankings have loaded.
    await page.evaluate(() => {
      const counted = window as unknown as { printCalls: number };
      counted.printCalls = 0;
      window.print = () => {
        counted.printCalls += 1;
      };
    });
    await page.getByRole('button', { name: 'Print all categories' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(1);
    await expect(page).toHaveURL(/print=all/);
    const everything = await printToPdf(page, testInfo, 'cup-all-categories-a4');
    if (everything.pages !== null) {
      expect(everything.pages).toHaveLength(2);
      expect(everything.pages[0]).toContain('Men');
      expect(everything.pages[0]).not.toContain('Veterans');
      expect(everything.pages[0]).toContain('Page 1 / 2');
      expect(everything.pages[1]).toContain('Veterans');
      expect(everything.pages[1]).toContain('Page 2 / 2');
      for (const one of everything.pages) expect(one).toContain('Cyril Pevný');
    }
  } finally {
    // Other specs expect no cup in progress (shell.spec.ts reads "No cups yet").
    await call('delete', `/api/cup/${cup.id}`);
  }
});

test('a wide results table of women and men prints on landscape by itself at full size, each page naming the sex, the event and the day; a long group of the starting list is named on every page (Slovak)', async ({ page }, testInfo) => {
  const race = await mixedBoulderingQualification(page.request, 36);
  await preferLanguage(page, 'sk');
  await page.goto(`/races/${race.raceId}/results`);
  await expect(page.getByTestId('results-section-F').locator('tbody tr')).toHaveCount(36);
  await expect(page.getByTestId('results-section-M').locator('tbody tr')).toHaveCount(36);

  // Sixteen columns do not fit upright: the page turns the paper itself and says so.
  const landscapeSwitch = page.getByRole('switch', { name: 'Papier na šírku' });
  await expect(landscapeSwitch).toBeChecked();
  await expect(page.getByText('Táto tabuľka je na výšku príliš široká, preto sa tlačí na šírku.')).toBeVisible();
  await expect(page).not.toHaveURL(/paper=/);
  await expect.poll(() => page.getByTestId('print-page-setup').textContent()).toContain('size: A4 landscape');
  // The table fits the paper, so Chromium does not shrink the page and its 8.5 pt text.
  const headings = await expectColumnsOnPaper(page, A4_LANDSCAPE_WIDTH);
  expect(headings).toEqual(expect.arrayContaining(['Ženy', 'Muži', 'Kategória', 'B5', 'Pred ďalším']));

  const results = await printToPdf(page, testInfo, 'results-mixed-a4-landscape', { preferCSSPageSize: true });
  if (results.pages !== null) {
    expect(results.pageSize).toMatch(/^841\.\d+ x 59[45]\.\d+ pts/);
    expect(results.pages.length).toBeGreaterThan(1);
    expect(results.pages[0]).toContain('Priebežné výsledky: pretek ešte prebieha, poradie sa môže zmeniť.');
    expect(results.pages[0]).toMatch(/Vytlačené \d{1,2}\. \d{1,2}\. \d{4} \d{1,2}:\d{2}/);
    for (const [index, text] of results.pages.entries()) {
      for (const expected of [race.eventName, RACE_DAY_SK, 'Poradie', `Strana ${index + 1} / ${results.pages.length}`]) expect(text, `page ${index + 1}`).toContain(expected);
    }
    // The women's table runs over the first page: the next one names it again before its rows.
    const second = results.pages[1]!;
    expect(second).toContain('Zuzana');
    expect(second.indexOf('Ženy')).toBeGreaterThanOrEqual(0);
    expect(second.indexOf('Ženy')).toBeLessThan(second.indexOf('Zuzana'));
  }

  // Upright paper when the reader asks for it: the boulders' marks wrap rather than push the table off the paper.
  await landscapeSwitch.click();
  await expect(landscapeSwitch).not.toBeChecked();
  await expect(page).toHaveURL(/paper=portrait/);
  await expect.poll(() => page.getByTestId('print-page-setup').textContent()).toContain('size: A4 portrait');
  await expectColumnsOnPaper(page, A4_PORTRAIT_WIDTH);

  // The starting list: one group of 72 racers over two pages, each naming the group, the event and the day.
  await page.goto(`/races/${race.raceId}/starting-list`);
  await expect(page.getByRole('heading', { name: /Štartová listina/ })).toBeVisible();
  await expectColumnsOnPaper(page, A4_PORTRAIT_WIDTH);
  const list = await printToPdf(page, testInfo, 'starting-list-long-group-a4');
  if (list.pages !== null) {
    expect(list.pages.length).toBeGreaterThan(1);
    for (const [index, text] of list.pages.entries()) {
      for (const expected of ['Skupina A', race.eventName, RACE_DAY_SK, 'Poradie', `Strana ${index + 1} / ${list.pages.length}`]) expect(text, `page ${index + 1}`).toContain(expected);
    }
  }
});

test('the speed bracket prints within the paper with every time of every round', async ({ page }, testInfo) => {
  const race = await speedRaceWithFinal(page.request);
  await page.goto(`/races/${race.raceId}/results?stage=FINAL`);
  const matches = page.getByTestId('speed-match');
  // Four quarter-finals, two semi-finals, the small and the big final.
  await expect(matches).toHaveCount(8);
  const times = await page.getByTestId('speed-lane').evaluateAll((lanes) => lanes.map((lane) => lane.lastElementChild?.textContent ?? ''));
  expect(times.filter(Boolean)).toHaveLength(16);

  // On screen the bracket is 260 px cards per round; on paper the rounds share the page's width.
  await page.setViewportSize({ width: A4_PORTRAIT_WIDTH, height: 1100 });
  await page.emulateMedia({ media: 'print' });
  const rights = await matches.evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().right));
  for (const right of rights) expect(right).toBeLessThanOrEqual(A4_PORTRAIT_WIDTH + 0.5);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(A4_PORTRAIT_WIDTH);
  await page.emulateMedia({ media: null });

  const pdf = await printToPdf(page, testInfo, 'speed-final-a4');
  if (pdf.text !== null) {
    for (const expected of [race.eventName, 'Quarter-final', 'Semi-final', 'Big final', 'Small final', ...times, 'Page 1 / 1']) expect(pdf.text).toContain(expected);
    expect(pdf.text).not.toContain('Provisional results');
  }
});
