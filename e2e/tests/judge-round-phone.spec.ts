import { expect, test, type Page } from '../support/test';
import { judgeLogsIn, phoneContext, serverRound, serviceWorkerReady, setUpJudgedRace } from '../support/judging';

/*
 * Issue 14, a judge's whole round on a phone (360x740) with the cookie session: log in, open the
 * scorecard, score three racers boulder by boulder with "Next racer", reload in the middle, lose the
 * connection for a racer and a reload and get it back. Everything entered reaches the server once,
 * and what the judge taps is on the screen without scrolling sideways. A screenshot of each step
 * lands in the test's output folder.
 */

/** Taps one boulder's marks for the racer that is open: attempts, then a zone and a top on the last one. */
async function climb(page: Page, boulder: number, marks: { attempts: number; zone?: boolean; top?: boolean }): Promise<void> {
  await page.getByTestId(`boulder-tile-${boulder}`).tap();
  for (let tap = 0; tap < marks.attempts; tap += 1) await page.getByRole('button', { name: 'Attempt' }).tap();
  if (marks.zone) await page.getByRole('button', { name: 'Zone' }).tap();
  if (marks.top) await page.getByRole('button', { name: 'Top' }).tap();
}

/** Nothing on the page is wider than the phone, and the three mark buttons are within its height. */
async function expectFitsThePhone(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  for (const name of ['Attempt', 'Zone', 'Top']) {
    await page.getByRole('button', { name }).scrollIntoViewIfNeeded();
    const box = await page.getByRole('button', { name }).boundingBox();
    expect(box!.height, `${name} is large enough for a thumb`).toBeGreaterThanOrEqual(44);
  }
}

test('a judge scores a whole round on a phone: three racers, a reload, an offline stretch', async ({ browser, request }, testInfo) => {
  test.setTimeout(120_000);
  const race = await setUpJudgedRace(request, 'BOULDERING', { racers: 3 });
  const context = await phoneContext(browser);
  const page = await context.newPage();
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`) });

  await judgeLogsIn(page, race.raceId, race.judges[0]!);
  await serviceWorkerReady(page);
  await expect(page.getByRole('textbox', { name: 'Racer' })).toBeVisible();
  await shot('1-racer-list');
  // The racers in the list's order, which "Next racer" follows.
  const listed = await page.getByTestId('racer-option').allTextContents();
  const inOrder = listed.map((text) => race.racers.find((racer) => text.includes(racer.fullName))!);
  expect(inOrder).toHaveLength(3);
  const [adam, boris, cyril] = inOrder as [(typeof race.racers)[number], (typeof race.racers)[number], (typeof race.racers)[number]];

  // The first racer of the list: four boulders, one after the other.
  await page.getByTestId('racer-option').filter({ hasText: adam.fullName }).tap();
  await expect(page.getByTestId('scorecard-racer')).toHaveText(`${adam.racerNumber} · ${adam.fullName}`);
  await expectFitsThePhone(page);
  await climb(page, 1, { attempts: 1, top: true });
  await climb(page, 2, { attempts: 2, zone: true, top: true });
  await shot('2-adam-two-boulders');

  // A reload in the middle of the racer: the racer, the boulder and its marks are back.
  await page.reload();
  await expect(page.getByTestId('scorecard-racer')).toHaveText(`${adam.racerNumber} · ${adam.fullName}`);
  await expect(page.getByTestId('boulder-tile-1')).toContainText('T1 Z1');
  await expect(page.getByTestId('boulder-tile-2')).toContainText('T2 Z2');
  await climb(page, 3, { attempts: 3, zone: true });
  await climb(page, 4, { attempts: 2 });
  await expect(page.getByTestId('sync-saved')).toContainText('All saved at');
  await shot('3-adam-done');
  // The writes went with the cookie session: an HttpOnly cookie holds the login, no script-readable store does.
  const session = (await context.cookies()).find((cookie) => cookie.name === 'climbing_session');
  expect(session, JSON.stringify(await context.cookies())).toMatchObject({ httpOnly: true, path: '/api' });
  expect(await page.evaluate(() => JSON.stringify({ ...window.localStorage }))).not.toContain(session!.value);

  // Next racer. The connection goes in the middle of his round.
  await page.getByRole('button', { name: 'Next racer' }).tap();
  await expect(page.getByTestId('scorecard-racer')).toHaveText(`${boris.racerNumber} · ${boris.fullName}`);
  await climb(page, 1, { attempts: 1, zone: true });
  // The zone reached the server before the connection goes ("All saved at" may still be the
  // attempt's while the zone's entry is being stored on the device).
  await expect.poll(async () => (await serverRound(request, boris.id, boris.roundId)).boulders[0]?.zoneAttempts).toBe(1);
  await expect(page.getByTestId('sync-saved')).toContainText('All saved at');
  await context.setOffline(true);
  await expect(page.getByTestId('sync-connection')).toHaveText('Offline');
  await climb(page, 1, { attempts: 1, top: true });
  await climb(page, 2, { attempts: 4 });
  await expect(page.getByTestId('sync-waiting')).toHaveText('6 entries waiting');
  await shot('4-boris-offline');

  // Still offline: the next racer, and a reload served by the service worker and the device's store.
  await page.getByRole('button', { name: 'Next racer' }).tap();
  await expect(page.getByTestId('scorecard-racer')).toHaveText(`${cyril.racerNumber} · ${cyril.fullName}`);
  await climb(page, 1, { attempts: 2, zone: true });
  await page.reload();
  await expect(page.getByTestId('scorecard-racer')).toHaveText(`${cyril.racerNumber} · ${cyril.fullName}`);
  await expect(page.getByTestId('boulder-tile-1')).toContainText('Z2');
  await expect(page.getByTestId('sync-waiting')).toHaveText('9 entries waiting for 2 racers');
  await shot('5-cyril-offline-after-reload');

  // Back online: everything is sent in order, once.
  await context.setOffline(false);
  await expect(page.getByTestId('sync-saved')).toContainText('All saved at');
  await shot('6-back-online');
  const [adamRound, borisRound, cyrilRound] = await Promise.all([
    serverRound(request, adam.id, adam.roundId),
    serverRound(request, boris.id, boris.roundId),
    serverRound(request, cyril.id, cyril.roundId),
  ]);
  expect(adamRound.boulders.map((boulder) => [boulder.topAttempts, boulder.zoneAttempts, boulder.currentAttempt])).toEqual([
    [1, 1, 1],
    [2, 2, 2],
    [null, 3, 3],
    [null, null, 2],
  ]);
  expect(borisRound.boulders.slice(0, 2).map((boulder) => [boulder.topAttempts, boulder.zoneAttempts, boulder.currentAttempt])).toEqual([
    [2, 1, 2],
    [null, null, 4],
  ]);
  expect(cyrilRound.boulders[0]).toMatchObject({ topAttempts: null, zoneAttempts: 2, currentAttempt: 2 });
  await context.close();
});

/*
 * A speed judge on a phone typed a racer's lane B equal to another racer's best time and tapped
 * "Save run": the same-time question appeared under the Save button at the foot of the screen
 * (behind the keyboard on a real phone), the judge tapped "Other racer" and the time was gone.
 * Now the question is a dialog on screen, and leaving a card with a typed time asks first.
 */
test("a speed judge's typed time is never dropped: the same-time question on screen, leaving the card asks first", async ({ browser, request }, testInfo) => {
  test.setTimeout(120_000);
  const race = await setUpJudgedRace(request, 'SPEED', { racers: 3 });
  const context = await phoneContext(browser, { serviceWorkers: 'block' });
  const page = await context.newPage();
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
  const onScreen = async (name: string, locator: ReturnType<Page['getByTestId']>) => {
    await expect(locator).toBeVisible();
    const box = (await locator.boundingBox())!;
    expect(box.y, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${name} ends on screen`).toBeLessThanOrEqual(740);
    for (const button of await locator.getByRole('button').all()) {
      const buttonBox = (await button.boundingBox())!;
      expect(buttonBox.height, `${await button.textContent()} is large enough for a thumb`).toBeGreaterThanOrEqual(44);
      expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(360);
    }
  };

  await judgeLogsIn(page, race.raceId, race.judges[0]!);
  const listed = await page.getByTestId('racer-option').allTextContents();
  const [adam, boris, cyril] = listed.map((text) => race.racers.find((racer) => text.includes(racer.fullName))!);
  if (!adam || !boris || !cyril) throw new Error('three racers expected');
  // Adam's best time, stored by another judge: 6.900.
  const adamRuns = (await (await request.get(`/api/racer/${adam.id}/round/${adam.roundId}`)).json()) as { speedRoutes: { id: number }[] };
  const stored = await request.put(`/api/racer/${adam.id}/speed-route/${adamRuns.speedRoutes[0]!.id}`, {
    headers: { Authorization: `Bearer ${race.adminToken}` },
    data: { time: 6900, fall: false, falseStart: false },
  });
  expect(stored.ok(), await stored.text()).toBe(true);
  await expect(page.getByTestId('racer-option').filter({ hasText: adam.fullName }).getByTestId('racer-option-mark')).toHaveText('6.900');

  // Boris's lane B: the same time. The question is a dialog in the middle of the phone.
  await page.getByTestId('racer-option').filter({ hasText: boris.fullName }).tap();
  const card = page.getByTestId('speed-qualification-scorecard');
  await card.getByText(/^Lane B ·/).tap();
  await card.getByRole('textbox', { name: 'Time' }).fill('6.900');
  await card.getByRole('button', { name: 'Save run' }).tap();
  const question = page.getByTestId('speed-same-time');
  await expect(question).toContainText(`${adam.racerNumber} · ${adam.fullName} already has the best time 6.900. Save the same time?`);
  await onScreen('the same-time question', question);
  await shot('7-speed-same-time-dialog');
  await question.getByRole('button', { name: 'No, correct' }).tap();
  await expect(question).toHaveCount(0);

  // The tester's walk: "Other racer" with the time not saved. Asked, naming the racer and the time.
  await page.getByRole('button', { name: 'Other racer' }).tap();
  const asked = page.getByTestId('unsaved-entry');
  await expect(asked).toContainText(`${boris.racerNumber} · ${boris.fullName}, Lane B: 6.900 is not saved.`);
  await onScreen('the unsaved-entry question', asked);
  await shot('8-speed-unsaved-other-racer');
  // Save goes through the Save button's checks: the same-time question again, then the time is sent.
  await asked.getByRole('button', { name: 'Save', exact: true }).tap();
  await question.getByRole('button', { name: 'Yes, save' }).tap();
  await expect(page.getByRole('textbox', { name: 'Racer' })).toBeVisible();
  await expect.poll(async () => (await serverRound(request, boris.id, boris.roundId)).speedRoutes[1]?.time).toBe(6900);
  await expect(page.getByTestId('sync-saved')).toContainText('All saved at');

  // Typed 7.400 on lane A, then "Next racer": asked; Stay keeps the time on the card.
  await page.getByTestId('racer-option').filter({ hasText: boris.fullName }).tap();
  await card.getByRole('textbox', { name: 'Time' }).fill('7.400');
  await page.getByRole('button', { name: 'Next racer' }).tap();
  await expect(asked).toContainText(`${boris.racerNumber} · ${boris.fullName}, Lane A: 7.400 is not saved.`);
  await onScreen('the unsaved-entry question', asked);
  await asked.getByRole('button', { name: 'Stay' }).tap();
  await expect(asked).toHaveCount(0);
  await expect(page.getByTestId('scorecard-racer')).toHaveText(`${boris.racerNumber} · ${boris.fullName}`);
  await expect(card.getByRole('textbox', { name: 'Time' })).toHaveValue('7.400');
  // Discard, asked for: the next racer, and nothing sent.
  await page.waitForTimeout(800);
  await page.getByRole('button', { name: 'Next racer' }).tap();
  await asked.getByRole('button', { name: 'Discard' }).tap();
  await expect(page.getByTestId('scorecard-racer')).toHaveText(`${cyril.racerNumber} · ${cyril.fullName}`);
  await shot('9-speed-discarded-next-racer');
  expect((await serverRound(request, boris.id, boris.roundId)).speedRoutes[0]?.time).toBeNull();
  await context.close();
});
