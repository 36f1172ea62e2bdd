import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { ADMIN, fillLogin } from '../support/app';

const PASSWORD = 'Climb1234';
const run = Date.now().toString(36);
const founder = { email: `founder-${run}@example.com`, name: 'Fiona', surname: 'Founder' };
const member = { email: `member-${run}@example.com`, name: 'Mark', surname: 'Member' };
const organizationName = `Boulder Club ${run}`;

/** The acceptance link of the newest invitation to the address, read from the outbox as the super admin. */
const invitationPath = async (request: APIRequestContext, email: string): Promise<string> => {
  const created = await request.post('/api/token/create', { data: ADMIN });
  expect(created.ok()).toBe(true);
  const { token } = (await created.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const outbox = await request.get('/api/admin/outbox', { headers });
  expect(outbox.ok(), `GET /api/admin/outbox answered ${outbox.status()}`).toBe(true);
  const mails = (await outbox.json()) as { kind: string; to: string; text: string }[];
  const invitation = mails.find((mail) => mail.kind === 'INVITATION' && mail.to === email);
  const link = invitation?.text.match(/https?:\/\/\S+\/invitation\/accept\?token=\S+/)?.[0];
  expect(link, 'the invitation e-mail carries an acceptance link').toBeTruthy();
  await request.delete('/api/token', { headers });
  // The server writes links with its public URL; the test opens the same path on its own base URL.
  const url = new URL(link ?? '');
  return `${url.pathname}${url.search}`;
};

const openUserMenu = async (page: Page, name: string) => {
  await page.getByRole('button', { name: new RegExp(`Account menu: ${name}`) }).click();
};

test('sign up, register an organization, invite a member who accepts; blocking ends the member session', async ({ page, browser, request }) => {
  // Sign up (the new account is logged in at once), log out, and log in again.
  await page.goto('/sign-up');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(founder.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(founder.name);
  await page.getByRole('textbox', { name: 'Surname' }).fill(founder.surname);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/my-board$/);
  await expect(page.getByRole('heading', { name: 'My board' })).toBeVisible();
  await openUserMenu(page, 'Fiona Founder');
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

  await page.goto('/login');
  await fillLogin(page, founder.email, PASSWORD);
  await expect(page.getByRole('button', { name: /Account menu: Fiona Founder/ })).toBeVisible();

  // Register an organization: the founder becomes its admin and lands on its members.
  await page.goto('/organizations/new');
  await page.getByRole('textbox', { name: 'Name' }).fill(organizationName);
  await page.getByRole('textbox', { name: 'Shortcut' }).fill('BC');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/organization\/\d+\/members$/);
  await expect(page.getByRole('heading', { level: 1, name: organizationName })).toBeVisible();
  await expect(page.getByText('Administration')).toBeVisible();

  // Invite the member by e-mail.
  await page.getByRole('button', { name: 'Invite by e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite by e-mail' });
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(member.email);
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByText(`An invitation has been sent to ${member.email}.`)).toBeVisible();
  await page.getByRole('tab', { name: 'Invitations' }).click();
  await expect(page.getByRole('cell', { name: member.email, exact: true })).toBeVisible();

  // The member opens the e-mailed link in a second browser and creates the account.
  const path = await invitationPath(request, member.email);
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.goto(path);
  await expect(memberPage.getByText(`You have been invited to the organization ${organizationName} as ${member.email}.`)).toBeVisible();
  await memberPage.getByRole('textbox', { name: 'Name', exact: true }).fill(member.name);
  await memberPage.getByRole('textbox', { name: 'Surname' }).fill(member.surname);
  await memberPage.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await memberPage.getByRole('textbox', { name: 'Confirm password' }).fill(PASSWORD);
  await memberPage.getByRole('button', { name: 'Create the account and join' }).click();
  await expect(memberPage).toHaveURL(/\/login$/);

  // The member logs in and sees the organization on the board.
  await fillLogin(memberPage, member.email, PASSWORD);
  await expect(memberPage).toHaveURL(/\/my-board$/);
  const organizationLink = memberPage.getByRole('link', { name: organizationName });
  await expect(organizationLink).toBeVisible();

  // The admin blocks the member.
  await page.getByRole('tab', { name: 'Members' }).click();
  await page.getByRole('button', { name: `Actions: ${member.name} ${member.surname}` }).click();
  await page.getByRole('menuitem', { name: 'Block' }).click();
  await expect(page.getByText(`${member.name} ${member.surname} has been blocked.`)).toBeVisible();

  // The member's open session stops working: the next API call answers 401, renewing is refused
  // too, and the app asks to log in again over the page (issue 10); "Log out" there ends it.
  const rejected = memberPage.waitForResponse((response) => response.url().includes('/api/organization/'));
  await organizationLink.click();
  expect((await rejected).status()).toBe(401);
  const relogin = memberPage.getByRole('dialog', { name: 'Your login has expired' });
  await expect(relogin).toBeVisible();
  expect(await memberPage.evaluate(() => window.localStorage.getItem('session'))).toBeNull();
  await relogin.getByRole('button', { name: 'Log out' }).click();
  await expect(memberPage.getByRole('link', { name: 'Log in' })).toBeVisible();
  await memberContext.close();
});
