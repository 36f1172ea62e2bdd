import { expect, test } from '../support/test';
import { ADMIN, fillLogin } from '../support/app';
import { judgeLogsIn, phoneContext, setUpJudgedRace } from '../support/judging';

// Issue 10, item 8: a judge login on a shared phone sees its event and a log-out in the header.
test('a judge login sees its event in the header and logs out there', async ({ browser, request }, testInfo) => {
  const race = await setUpJudgedRace(request, 'BOULDERING');
  const event = (await (await request.get(`/api/race/${race.raceId}`)).json()) as { eventId: number };
  const { name } = (await (await request.get(`/api/event/${event.eventId}`)).json()) as { name: string };
  const context = await phoneContext(browser, { serviceWorkers: 'block' });
  const phone = await context.newPage();
  await judgeLogsIn(phone, race.raceId, race.judges[0]!);

  const menu = phone.getByRole('button', { name: `Judge login: ${name}` });
  await expect(menu).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await menu.click();
  await expect(phone.getByText(`Judge of ${name}`)).toBeVisible();
  await phone.screenshot({ path: testInfo.outputPath('judge-menu-360x740.png') });
  await phone.getByRole('menuitem', { name: 'Log out' }).click();

  await expect(phone.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(phone.getByRole('status').filter({ hasText: 'logged out' })).toBeVisible();
  // The scorecard asks for a judge login again: the shared phone is free for the next person.
  await expect(phone.getByRole('textbox', { name: 'Judge login or e-mail' })).toBeVisible();
  expect(await phone.evaluate(() => window.localStorage.getItem('session'))).toBeNull();
  await context.close();
});

// A judge with an account logs in through the header's "Log in" on the scorecard: back on the
// scorecard, it lets them score at once (no judge login form left over from before, no reload).
test('logging in through the header on the scorecard comes back to a scorecard that knows the judge', async ({ browser, request }, testInfo) => {
  const race = await setUpJudgedRace(request, 'BOULDERING');
  const context = await phoneContext(browser, { serviceWorkers: 'block' });
  const phone = await context.newPage();
  await phone.goto(`/races/${race.raceId}/scorecard?stage=QUALIFICATION`);
  await expect(phone.getByRole('textbox', { name: 'Judge login or e-mail' })).toBeVisible();

  await phone.getByRole('link', { name: 'Log in' }).click();
  await expect(phone).toHaveURL(/\/login\?redirect=%2Fraces%2F\d+%2Fscorecard%3Fstage%3DQUALIFICATION$/);
  await fillLogin(phone, ADMIN.email, ADMIN.password);

  await expect(phone).toHaveURL(new RegExp(`/races/${race.raceId}/scorecard\\?stage=QUALIFICATION$`));
  await expect(phone.getByRole('textbox', { name: 'Racer' })).toBeVisible();
  await expect(phone.getByRole('textbox', { name: 'Judge login or e-mail' })).toHaveCount(0);
  await expect(phone.getByRole('button', { name: /^Account menu: / })).toBeVisible();
  await phone.screenshot({ path: testInfo.outputPath('scorecard-after-header-login-360x740.png') });
  await context.close();
});

// The scorecard's own login form takes an account e-mail too: the header then shows that account.
test('logging in with an account e-mail on the scorecard shows the account in the header', async ({ browser, request }, testInfo) => {
  const race = await setUpJudgedRace(request, 'BOULDERING');
  const context = await phoneContext(browser, { serviceWorkers: 'block' });
  const phone = await context.newPage();
  await judgeLogsIn(phone, race.raceId, { login: ADMIN.email, password: ADMIN.password });

  await expect(phone.getByRole('button', { name: /^Account menu: / })).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await phone.screenshot({ path: testInfo.outputPath('scorecard-own-login-360x740.png') });
  await context.close();
});
