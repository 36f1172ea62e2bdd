import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test } from '../support/test';
import { ADMIN, fillLogin } from '../support/app';
import { phoneContext, setUpJudgedRace } from '../support/judging';

/*
 * Race day at 7 a.m.: the organiser finds the judges' section from the event page, creates a judge
 * login and hands it over: copy buttons, the QR code of the race's scorecard, and a judge card
 * printed on A4 with the login, the password and that QR code. The judge scans it: the scorecard
 * opens with the login filled in and, after the password, lets the judge score. Beside it, the
 * check-in desk of a men's race offers a walk-in only "Male".
 */

/** Set E2E_SCREENSHOTS to a directory to keep the screenshots and the card's PDF there too. */
const SHOTS = process.env.E2E_SCREENSHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const hasPoppler = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

test.use({ viewport: { width: 1366, height: 768 }, serviceWorkers: 'block' });

test('the organiser creates a judge login, prints its card, and the judge logs in from its QR code with the login filled in', async ({ page, browser, request }, testInfo) => {
  const race = await setUpJudgedRace(request, 'BOULDERING', { judges: 0 });
  const { eventId, name: raceName } = (await (await request.get(`/api/race/${race.raceId}`)).json()) as { eventId: number; name: string };
  const { name: eventName } = (await (await request.get(`/api/event/${eventId}`)).json()) as { name: string };

  await page.goto('/login');
  await fillLogin(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/events\/actual$/);

  // From the event page, one tap to the judges' section of the settings.
  await page.goto(`/events/${eventId}`);
  const judgesLink = page.getByRole('link', { name: 'Judges and scorecards' });
  await expect(judgesLink).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/organiser-event-page-1366x768.png` });
  await judgesLink.click();
  await expect(page).toHaveURL(new RegExp(`/admin/events/${eventId}#judges$`));
  const section = page.getByRole('heading', { name: 'Judges and scorecards', level: 2 });
  await expect(section).toBeInViewport();
  await expect(section).toBeFocused();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/organiser-judges-section-1366x768.png` });

  // The race's scorecard as a QR code to scan off the screen.
  await page.getByRole('button', { name: `QR code of the scorecard of ${raceName}` }).click();
  const qrDialog = page.getByRole('dialog', { name: raceName });
  await expect(qrDialog.getByRole('img', { name: `QR code: scorecard of ${raceName}` })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/organiser-scorecard-qr-1366x768.png` });
  await qrDialog.getByRole('button', { name: 'Close the QR code' }).click();

  await page.getByRole('button', { name: 'Create a judge account' }).click();
  const card = page.getByTestId('created-judge');
  await expect(card).toBeVisible();
  const login = (await card.getByTestId('judge-login').textContent())!.trim();
  const password = (await card.getByTestId('judge-password').textContent())!.trim();
  expect(login).toMatch(new RegExp(`^judge-${eventId}-[a-z2-9]{6}$`));
  expect(password).toMatch(/^[a-z2-9]{10}\d{2}$/);
  const qr = card.getByRole('img', { name: `QR code: scorecard of ${raceName}, login ${login}` });
  await expect(qr).toBeVisible();
  const address = `${new URL(page.url()).origin}/races/${race.raceId}/scorecard?login=${login}`;
  await expect(card.getByText(address, { exact: true })).toBeVisible();
  expect(address).not.toContain(password);
  // The copy buttons put the login and the password on the clipboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await card.getByRole('button', { name: 'Copy the password' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Copied' })).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
  await card.getByRole('button', { name: `Copy login ${login}` }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(login);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: testInfo.outputPath('judge-created-1366x768.png') });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/organiser-judge-created-1366x768.png` });

  // The printed page is the judge card alone: login, password, the race's QR code and address.
  await page.emulateMedia({ media: 'print' });
  const sheet = page.getByTestId('judge-card-sheet');
  await expect(sheet).toBeVisible();
  await expect(page.locator('#root')).toBeHidden();
  await expect(sheet.getByRole('heading', { name: 'Judge login' })).toBeVisible();
  await expect(sheet).toContainText(eventName);
  await expect(sheet).toContainText(login);
  await expect(sheet).toContainText(password);
  await expect(sheet).toContainText(address);
  await expect(sheet.getByRole('img', { name: `QR code: scorecard of ${raceName}, login ${login}` })).toBeVisible();
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  const pdfFile = testInfo.outputPath('judge-card-a4.pdf');
  writeFileSync(pdfFile, pdf);
  if (SHOTS) writeFileSync(`${SHOTS}/judge-card-a4.pdf`, pdf);
  if (hasPoppler) {
    const text = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
    const pages = text.split('\f').filter((one) => one.trim() !== '');
    expect(pages).toHaveLength(1);
    for (const expected of [eventName, 'Judge login', login, password, raceName, 'Page 1 / 1']) expect(text).toContain(expected);
    expect(execFileSync('pdfinfo', [pdfFile], { encoding: 'utf8' })).toMatch(/Page size:.*\(A4\)/);
  }
  await page.emulateMedia({ media: null });

  // The judge scans the code: the scorecard asks only for the password, and then lets the judge score.
  const context = await phoneContext(browser, { serviceWorkers: 'block' });
  const phone = await context.newPage();
  await phone.goto(address);
  await expect(phone.getByRole('textbox', { name: 'Judge login or e-mail' })).toHaveValue(login);
  const passwordField = phone.getByRole('textbox', { name: 'Password', exact: true });
  await expect(passwordField).toBeFocused();
  await expect(phone.getByText('Your login from the judge card is filled in: type the password and log in.')).toBeVisible();
  await phone.screenshot({ path: testInfo.outputPath('judge-scanned-360x740.png') });
  if (SHOTS) await phone.screenshot({ path: `${SHOTS}/judge-scanned-360x740.png` });
  await passwordField.fill(password);
  await phone.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(phone.getByRole('button', { name: 'Log in', exact: true })).toHaveCount(0);
  await expect(phone.getByRole('textbox', { name: 'Racer' })).toBeVisible();
  await expect(phone.getByRole('button', { name: `Judge login: ${eventName}` })).toBeVisible();
  // The login leaves the address: the next person on a shared phone does not find it filled in.
  await expect(phone).toHaveURL(new RegExp(`/races/${race.raceId}/scorecard$`));
  await phone.screenshot({ path: testInfo.outputPath('judge-logged-in-360x740.png') });
  if (SHOTS) await phone.screenshot({ path: `${SHOTS}/judge-logged-in-360x740.png` });
  await context.close();

  // Closing the panel takes the password away for good; the login stays listed.
  await card.getByRole('button', { name: 'Close: the password will not be shown again' }).click();
  await expect(page.getByText(password)).toHaveCount(0);
  await expect(page.getByTestId('judge-card-sheet')).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Remove judge account ${login}` })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/organiser-settings-1366.png`, fullPage: true });
});

test("the desk's walk-in form of a men's race offers only Male, preselected, and the server takes it", async ({ browser, request }, testInfo) => {
  const race = await setUpJudgedRace(request, 'BOULDERING', { judges: 0 });
  const { eventId } = (await (await request.get(`/api/race/${race.raceId}`)).json()) as { eventId: number };
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US', viewport: { width: 768, height: 1024 }, hasTouch: true });
  const tablet = await context.newPage();
  await tablet.goto('/login');
  await fillLogin(tablet, ADMIN.email, ADMIN.password);
  await expect(tablet).toHaveURL(/\/events\/actual$/);
  await tablet.goto(`/admin/events/${eventId}/desk`);
  await tablet.getByRole('button', { name: 'Walk-in registration' }).tap();
  const dialog = tablet.getByRole('dialog', { name: /^Walk-in registration/ });
  const sex = dialog.getByRole('combobox', { name: 'Sex', exact: true });
  await expect(sex).toHaveValue('Male');
  await expect(dialog.getByText('The race is for men only.')).toBeVisible();
  await sex.click();
  // The sex field's own list (the racers' rows have pickers of their own).
  await expect(tablet.locator(`#${await sex.getAttribute('aria-controls')}`).getByRole('option')).toHaveText(['Male']);
  await tablet.keyboard.press('Escape');
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Oskar');
  await dialog.getByRole('textbox', { name: /^Surname/ }).fill('Neskorý');
  await dialog.getByRole('textbox', { name: /^Birthday/ }).fill('1999-09-09');
  await dialog.getByRole('textbox', { name: /^Birthday/ }).press('Tab');
  await tablet.screenshot({ path: testInfo.outputPath('desk-walk-in-768x1024.png') });
  if (SHOTS) await tablet.screenshot({ path: `${SHOTS}/desk-walk-in-768x1024.png` });
  await dialog.getByRole('button', { name: 'Register and check in' }).tap();
  await expect(tablet.getByTestId('desk-status')).toHaveText(/^Oskar Neskorý is registered with number \d+ and checked in\.$/);
  await context.close();
});
