import { expect, test } from '../support/test';
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
