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
