import { expect, test, type Page } from '../support/test';
import { judgeLogsIn, phoneContext, setUpJudgedRace } from '../support/judging';

/*
 * The boulder card on a 360x740 phone, in both languages: the opened racer's name stays in sight
 * under the sticky status bar however far the card is scrolled, and a boulder's marks stay on one
 * line beside the "Edit" ("Upraviť") button; every button keeps a thumb's 44 px. Entries the server
 * refused (the round closed while the phone was offline) are shown whole, say what to do, are
 * brought below the sticky bars by the status bar's button, whose count follows what is left; the
 * racer's facts scrolling under the name leave no sliver showing. A screenshot of each lands in the
 * test's output folder.
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

test('refused entries on a phone in Slovak: whole close buttons, advice, brought below the sticky bars, and a count of what is left', async ({ browser, request }, testInfo) => {
  const race = await setUpJudgedRace(request, 'BOULDERING', { racers: 2 });
  const racer = race.racers[0]!;
  const context = await phoneContext(browser, { serviceWorkers: 'block' });
  const page = await context.newPage();
  await judgeLogsIn(page, race.raceId, race.judges[0]!);
  await page.evaluate(() => window.localStorage.setItem('language', 'sk'));
  await page.reload();
  await page.getByRole('textbox', { name: 'Pretekár' }).fill(racer.fullName);
  await page.getByTestId('racer-option').filter({ hasText: racer.fullName }).tap();

  // Two entries made offline; meanwhile the organiser closes the round.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Pokus', exact: true }).tap();
  await page.getByRole('button', { name: 'Zóna', exact: true }).tap();
  const headers = { Authorization: `Bearer ${race.adminToken}` };
  for (const state of ['STARTED', 'CLOSED']) expect((await request.put('/api/round/state', { headers, data: { roundIds: [racer.roundId], state } })).ok()).toBe(true);
  // The judge had scrolled down to the buttons when the connection came back.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await context.setOffline(false);
  const cards = page.getByTestId('refused-entry');
  await expect(cards).toHaveCount(2);
  const attention = page.getByTestId('sync-attention');
  await expect(attention).toHaveText('2 záznamy čakajú na vás');

  // The status bar's button brings the first card on screen, below the status bar and the racer's name.
  await attention.tap();
  await expect
    .poll(() =>
      page.evaluate(() => {
        const card = document.querySelector('[data-testid="refused-entry"]')!.getBoundingClientRect();
        const name = document.querySelector('[data-testid="racer-card-header"]')!.getBoundingClientRect();
        return card.top >= name.bottom && card.top < window.innerHeight / 2;
      }),
    )
    .toBe(true);
  await page.screenshot({ path: testInfo.outputPath('sk-refused.png') });

  // Each card says what to do, and its close button is whole ("Zavrieť", not "Zav") and a thumb's size.
  for (const card of await cards.all()) {
    await expect(card.getByTestId('refused-advice')).toHaveText('Povedzte to hlavnému rozhodcovi alebo organizátorovi: po opätovnom otvorení môže túto hodnotu zadať.');
    const close = card.getByRole('button', { name: 'Zavrieť' });
    expect(await close.evaluate((button) => [...button.querySelectorAll('*')].every((part) => part.scrollWidth <= part.clientWidth + 1))).toBe(true);
    const box = (await close.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  await expect(cards.first()).toContainText('Neuložené: Boulder 1 – (1).');
  await expect(cards.last()).toContainText('Neuložené: Boulder 1 Z1 (1).');

  // The count follows what is left, and the button goes with the last card.
  await cards.first().getByRole('button', { name: 'Zavrieť' }).tap();
  await expect(attention).toHaveText('1 záznam čaká na vás');
  await cards.first().getByRole('button', { name: 'Zavrieť' }).tap();
  await expect(cards).toHaveCount(0);
  await expect(attention).toHaveCount(0);
  await context.close();
});

test('the racer’s facts scrolling under the sticky name leave no sliver of a line showing beneath it', async ({ browser, request }) => {
  const race = await setUpJudgedRace(request, 'BOULDERING', { racers: 2 });
  const racer = race.racers[0]!;
  const context = await phoneContext(browser, { serviceWorkers: 'block' });
  const page = await context.newPage();
  await judgeLogsIn(page, race.raceId, race.judges[0]!);
  await page.getByRole('textbox', { name: 'Racer' }).fill(racer.fullName);
  await page.getByTestId('racer-option').filter({ hasText: racer.fullName }).tap();
  const facts = page.getByTestId('racer-facts');
  await expect(facts).toHaveText('BCB · SVK · Group A');
  /** The band just under the sticky name, drawn with the facts shown and with them hidden: the same pixels. */
  const bandUnchangedByFacts = async () => {
    const bottom = await page.getByTestId('racer-card-header').evaluate((header) => header.getBoundingClientRect().bottom);
    const clip = { x: 0, y: Math.ceil(bottom), width: 360, height: 5 };
    const shown = await page.screenshot({ clip });
    await facts.evaluate((element) => (element.style.visibility = 'hidden'));
    const hidden = await page.screenshot({ clip });
    await facts.evaluate((element) => (element.style.visibility = ''));
    return shown.equals(hidden);
  };
  // Scrolled a pixel at a time from where the name starts to stick until the facts are gone under it.
  const start = await page.evaluate(() => window.scrollY);
  for (let step = 0; step <= 30; step += 2) {
    await page.evaluate((top) => window.scrollTo(0, top), start + step);
    expect(await bandUnchangedByFacts(), `scrolled ${step} px`).toBe(true);
  }
  await context.close();
});
