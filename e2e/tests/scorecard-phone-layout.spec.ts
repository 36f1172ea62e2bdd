import { expect, test, type Page } from '../support/test';
import { judgeLogsIn, phoneContext, setUpJudgedRace } from '../support/judging';

/*
 * The boulder card on a 360x740 phone, in both languages: the opened racer's name stays in sight
 * under the sticky status bar however far the card is scrolled, and a boulder's marks stay on one
 * line beside the "Edit" ("Upraviť") button; every button keeps a thumb's 44 px. A screenshot of
 * each lands in the test's output folder.
 */

const words = {
  en: { racer: 'Racer', otherRacer: 'Other racer', attempt: 'Attempt', zone: 'Zone', top: 'Top', edit: 'Edit' },
  sk: { racer: 'Pretekár', otherRacer: 'Iný pretekár', attempt: 'Pokus', zone: 'Zóna', top: 'Top', edit: 'Upraviť' },
} as const;

/** The name's centre shows the name itself, not the status bar over it. */
const nameIsOnTop = (page: Page) =>
  page.evaluate(() => {
    const name = document.querySelector('[data-testid="scorecard-racer"]')!;
    const box = name.getBoundingClientRect();
    const status = document.querySelector('[data-testid="sync-status"]')!.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { visible: hit !== null && name.contains(hit), belowStatus: box.top >= status.bottom - 0.5, inView: box.bottom <= window.innerHeight };
  });

test('the racer stays named and the marks on one line while a judge scores on a phone, in English and Slovak', async ({ browser, request }, testInfo) => {
  test.setTimeout(90_000);
  const race = await setUpJudgedRace(request, 'BOULDERING', { racers: 2 });
  const context = await phoneContext(browser, { serviceWorkers: 'block' });
  const page = await context.newPage();
  await judgeLogsIn(page, race.raceId, race.judges[0]!);

  for (const [index, language] of (['en', 'sk'] as const).entries()) {
    const text = words[language];
    const racer = race.racers[index]!;
    if (language === 'sk') {
      await page.evaluate(() => window.localStorage.setItem('language', 'sk'));
      await page.reload();
      // The first racer is still open after the reload: back to the racer search.
      await page.getByRole('button', { name: text.otherRacer }).tap();
    }
    await page.getByRole('textbox', { name: text.racer }).fill(racer.fullName);
    await page.getByTestId('racer-option').filter({ hasText: racer.fullName }).tap();
    await expect(page.getByTestId('scorecard-racer')).toHaveText(`${racer.racerNumber} · ${racer.fullName}`);
    for (const name of [text.attempt, text.zone, text.attempt, text.top]) await page.getByRole('button', { name, exact: true }).tap();
    await expect(page.getByTestId('sync-saved')).toBeVisible();

    // "T2 Z1" on one line, the Edit button beside it fully on the phone and large enough for a thumb.
    const marks = page.getByTestId('scorecard-marks');
    await expect(marks).toHaveText('T2 Z1');
    const lineHeight = await marks.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect((await marks.boundingBox())!.height, 'the marks do not wrap').toBeLessThan(lineHeight * 1.5);
    const edit = (await page.getByRole('button', { name: text.edit }).boundingBox())!;
    expect(edit.height).toBeGreaterThanOrEqual(44);
    expect(edit.x + edit.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: testInfo.outputPath(`${language}-marks.png`) });

    // Scrolled down to Undo and beyond: the name is still there, under the status bar, not behind it.
    for (const scroll of [150, 400, 10_000]) {
      await page.evaluate((top) => window.scrollTo(0, top), scroll);
      await expect.poll(() => nameIsOnTop(page)).toEqual({ visible: true, belowStatus: true, inView: true });
    }
    await page.screenshot({ path: testInfo.outputPath(`${language}-scrolled.png`) });
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  await context.close();
});
