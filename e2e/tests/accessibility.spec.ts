import { preferLanguage } from '../support/app';
import { check, cupOf, eventIdOf, heading, logIn, LOGIN_TEXTS, phoneOptions, scorecardViolations } from '../support/axe';
import { setUpJudgedRace } from '../support/judging';
import { BOULDER_FINAL, boulderingRaceWithFinal } from '../support/results-races';
import { expect, test } from '../support/test';

/*
 * Issue 14, item 6: axe-core (every rule, every impact) finds nothing on the pages everybody sees
 * and on the judges' scorecards of all three disciplines, in English and in Slovak. The logged-in
 * organiser and admin pages are in accessibility-organiser.spec.ts (two files, so Playwright can
 * run them on two shards); the helpers are in support/axe.ts.
 */

/** A racer of the qualification and the final, so shown whichever stage a page opens on. */
const FINALIST = Object.keys(BOULDER_FINAL)[0]!;

for (const language of ['en', 'sk'] as const) {
  test(`axe finds no violation on the public lists, live, results and organisation pages (${language})`, async ({ page, request }) => {
    test.setTimeout(480_000);
    const race = await boulderingRaceWithFinal(request);
    const eventId = await eventIdOf(page, race.raceId);
    const cup = await cupOf(request, race);
    await preferLanguage(page, language);

    const found = await check(page, [
      { name: 'events list', path: '/events/actual', ready: (p) => p.getByText(race.eventName) },
      { name: 'events history', path: '/events/history', ready: heading },
      { name: 'events planned', path: '/events/planned', ready: heading },
      { name: 'events open for registration', path: '/events/open-registration', ready: heading },
      { name: 'event detail', path: `/events/${eventId}`, ready: (p) => p.getByRole('heading', { name: race.eventName }) },
      { name: 'cups', path: '/cups/actual', ready: heading },
      { name: 'cups history', path: '/cups/history', ready: heading },
      { name: 'cup detail', path: `/cups/${cup.id}`, ready: heading },
      { name: 'live list', path: '/live', ready: (p) => p.getByText(race.eventName) },
      { name: 'live race', path: `/live/race/${race.raceId}`, ready: (p) => p.getByText(FINALIST).first() },
      { name: 'live race, large', path: `/live/race/${race.raceId}?large=1`, ready: (p) => p.getByText(FINALIST).first() },
      { name: 'projector', path: `/live/race/${race.raceId}/projector`, ready: (p) => p.getByTestId('projector-table') },
      { name: 'results', path: `/races/${race.raceId}/results`, ready: (p) => p.getByText(FINALIST).first() },
      { name: 'starting list', path: `/races/${race.raceId}/starting-list`, ready: heading },
      { name: 'organizations', path: '/organizations', ready: heading },
      { name: 'organization detail', path: `/organizations/${race.organizationId}`, ready: heading },
    ]);

    expect(found, `axe violations:\n${found.join('\n')}`).toEqual([]);
  });

  test(`axe finds no violation on the login, account-link and information pages (${language})`, async ({ page }) => {
    test.setTimeout(480_000);
    const texts = LOGIN_TEXTS[language];
    await preferLanguage(page, language);
    const found = await check(page, [
      { name: 'login', path: '/login', ready: (p) => p.getByRole('textbox', { name: texts.email }) },
      { name: 'sign-up', path: '/sign-up', ready: (p) => p.getByRole('textbox', { name: texts.email }) },
      { name: 'forgot password', path: '/forgot-password', ready: heading },
      { name: 'password reset without a valid token', path: '/password-reset?token=unknown', ready: heading },
      { name: 'set password without a valid token', path: '/set-password?token=unknown', ready: heading },
      { name: 'e-mail confirmation', path: '/confirm-email?token=unknown', ready: heading },
      { name: 'invitation without a valid token', path: '/invitation/accept?token=unknown', ready: heading },
      { name: 'about', path: '/about', ready: heading },
      { name: 'contact', path: '/contact', ready: heading },
      { name: 'privacy', path: '/privacy', ready: heading },
    ]);

    expect(found, `axe violations:\n${found.join('\n')}`).toEqual([]);
  });

  test(`axe finds no violation on the judges' scorecards of bouldering, lead and speed on a phone (${language})`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const found = [
      ...(await scorecardViolations(browser, request, language, 'BOULDERING')),
      ...(await scorecardViolations(browser, request, language, 'LEAD')),
      ...(await scorecardViolations(browser, request, language, 'SPEED')),
    ];
    expect(found, `axe violations:\n${found.join('\n')}`).toEqual([]);
  });
}

test('axe finds no violation on a phone, where wide tables scroll (public pages)', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const race = await boulderingRaceWithFinal(request);
  const phone = await browser.newContext(phoneOptions);
  const page = await phone.newPage();
  const eventId = await eventIdOf(page, race.raceId);
  const found = await check(page, [
    { name: 'events list (phone)', path: '/events/actual', ready: (p) => p.getByText(race.eventName) },
    { name: 'event detail (phone)', path: `/events/${eventId}`, ready: (p) => p.getByRole('heading', { name: race.eventName }) },
    { name: 'results (phone)', path: `/races/${race.raceId}/results`, ready: (p) => p.getByText(FINALIST).first() },
    { name: 'live race (phone)', path: `/live/race/${race.raceId}`, ready: (p) => p.getByText(FINALIST).first() },
    { name: 'starting list (phone)', path: `/races/${race.raceId}/starting-list`, ready: heading },
  ]);
  await phone.close();
  expect(found, `axe violations:\n${found.join('\n')}`).toEqual([]);
});

test('the focus moves to the page heading after login and navigation, and to the opened racer', async ({ page, browser, request }) => {
  const judged = await setUpJudgedRace(request, 'BOULDERING');
  await logIn(page, 'en');
  await expect(page.locator('#main-content h1')).toBeFocused();
  await page.getByRole('banner').getByRole('link', { name: 'Cups' }).click();
  await expect(page.locator('#main-content h1')).toBeFocused();

  const phone = await browser.newContext(phoneOptions);
  const judgePage = await phone.newPage();
  await judgePage.goto(`/races/${judged.raceId}/scorecard`);
  await judgePage.getByRole('textbox', { name: 'Judge login or e-mail' }).fill(judged.judges[0]!.login);
  await judgePage.getByRole('textbox', { name: 'Password', exact: true }).fill(judged.judges[0]!.password);
  await judgePage.getByRole('button', { name: 'Log in', exact: true }).click();
  const racer = judged.racers[0]!;
  await judgePage.getByTestId('racer-option').filter({ hasText: racer.fullName }).click();
  await expect(judgePage.getByRole('heading', { name: `${racer.racerNumber} · ${racer.fullName}` })).toBeFocused();
  await phone.close();
});

test('the scorecard lists its shortcuts, and a switch remembered on the device turns them off', async ({ page, request }) => {
  const judged = await setUpJudgedRace(request, 'BOULDERING');
  const racer = judged.racers[0]!;
  await page.goto(`/races/${judged.raceId}/scorecard`);
  await page.getByRole('textbox', { name: 'Judge login or e-mail' }).fill(judged.judges[0]!.login);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(judged.judges[0]!.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByTestId('racer-option').filter({ hasText: racer.fullName }).click();
  await expect(page.getByTestId('scorecard-racer')).toBeFocused();
  const shortcuts = page.getByRole('table', { name: 'Keyboard shortcuts' });
  await expect(shortcuts.getByRole('row')).toHaveText(['A or + or SpaceAttempt', 'ZZone', 'T or /Top', 'U or BackspaceUndo']);
  const marks = page.getByTestId('scorecard-marks');
  await expect(marks).toHaveText('–');

  const toggle = page.getByRole('switch', { name: 'Keyboard shortcuts' });
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(shortcuts).toBeHidden();
  await page.getByTestId('scorecard-racer').click();
  await page.keyboard.press('t');
  await expect(page.getByRole('button', { name: 'Top' })).toBeEnabled();
  await expect(marks).toHaveText('–');

  // The address keeps the opened racer: after a reload the card is there again, its name focused.
  await page.reload();
  await expect(page.getByTestId('scorecard-racer')).toBeFocused();
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  await page.getByTestId('scorecard-racer').click();
  await page.keyboard.press('t');
  await expect(marks).toContainText('T1');
});
