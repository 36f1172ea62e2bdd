import { expect, test, type APIRequestContext } from '../support/test';
import { ADMIN, fillLogin } from '../support/app';

/** Set E2E_SCREENSHOTS to a directory to keep screenshots of the members page and the set-password page. */
const SHOTS = process.env.E2E_SCREENSHOTS;
const PASSWORD = 'Climb1234';
const MEMBER_PASSWORD = 'Crimpy-Slab-58';
const run = Date.now().toString(36);
const founder = { email: `sp-founder-${run}@example.com`, name: 'Sara', surname: 'Setter' };
const member = { email: `sp-member-${run}@example.com`, name: 'Nina', surname: 'Nováková' };

/** The set-password links e-mailed to the address, oldest first, read from the outbox as the super admin. */
const setPasswordPaths = async (request: APIRequestContext, email: string): Promise<string[]> => {
  const created = await request.post('/api/token/create', { data: ADMIN });
  expect(created.ok()).toBe(true);
  const { token } = (await created.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const outbox = await request.get('/api/admin/outbox', { headers });
  expect(outbox.ok(), `GET /api/admin/outbox answered ${outbox.status()}`).toBe(true);
  const mails = (await outbox.json()) as { id: number; kind: string; to: string; text: string }[];
  await request.delete('/api/token', { headers });
  return mails
    .filter((mail) => mail.kind === 'SET_PASSWORD' && mail.to === email)
    .sort((a, b) => a.id - b.id)
    .map((mail) => {
      // The server writes links with its public URL; the test opens the same path on its own base URL.
      const url = new URL(mail.text.match(/https?:\/\/\S+\/set-password\?token=\S+/)?.[0] ?? 'http://missing/');
      return `${url.pathname}${url.search}`;
    });
};

test('a member created by an admin sets a password from the e-mail and logs in (issue 10)', async ({ page, browser, request }) => {
  // The founder and the organization come from the API; this test is about the member's way in.
  const registered = await request.post('/api/user/register', { data: { email: founder.email, password: PASSWORD, name: founder.name, surname: founder.surname } });
  expect(registered.ok(), await registered.text()).toBe(true);
  const login = (await (await request.post('/api/token/create', { data: { email: founder.email, password: PASSWORD } })).json()) as { token: string };
  const organization = await request.post('/api/organization', { data: { name: `Set Password Club ${run}`, shortcut: 'SPC' }, headers: { Authorization: `Bearer ${login.token}` } });
  expect(organization.ok(), await organization.text()).toBe(true);
  const { id: organizationId } = (await organization.json()) as { id: number };

  await page.goto('/login');
  await fillLogin(page, founder.email, PASSWORD);
  await expect(page.getByRole('button', { name: /Account menu: Sara Setter/ })).toBeVisible();
  await page.goto(`/admin/organization/${organizationId}/members`);

  // The admin creates the member's account.
  await page.getByRole('button', { name: 'Add a member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a member' });
  await dialog.getByText('New account', { exact: true }).click();
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(member.email);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(member.name);
  await dialog.getByRole('textbox', { name: 'Surname' }).fill(member.surname);
  await dialog.getByRole('button', { name: 'Add the member' }).click();
  await expect(page.getByText(`${member.name} ${member.surname} has been added; a link to set the password has been e-mailed to ${member.email}.`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`${member.name} ${member.surname}`) });
  // The badge is in the roles column and again under the name for phones (hidden at this width).
  await expect(row.getByText('No password yet').filter({ visible: true })).toBeVisible();
  expect(await setPasswordPaths(request, member.email)).toHaveLength(1);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/members-password-pending-desktop.png` });

  // The person says the mail got lost: the admin sends the link again.
  await page.getByRole('button', { name: `Actions: ${member.name} ${member.surname}` }).click();
  await page.getByRole('menuitem', { name: 'Send password link again' }).click();
  await expect(page.getByText(`A new link to set the password has been e-mailed to ${member.name} ${member.surname}.`)).toBeVisible();
  const paths = await setPasswordPaths(request, member.email);
  expect(paths).toHaveLength(2);

  // The member opens the newest link in their own browser and sets a password.
  const memberContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const memberPage = await memberContext.newPage();
  await memberPage.goto(paths[1] ?? '');
  await expect(memberPage.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await expect(memberPage.getByText(`Account: ${member.email}`)).toBeVisible();
  if (SHOTS) await memberPage.screenshot({ path: `${SHOTS}/set-password-phone.png` });
  await memberPage.getByRole('textbox', { name: 'New password', exact: true }).fill(MEMBER_PASSWORD);
  await memberPage.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(MEMBER_PASSWORD);
  await memberPage.getByRole('button', { name: 'Set the password' }).click();
  await expect(memberPage.getByText('Your password has been set. Log in now.')).toBeVisible();
  await expect(memberPage).toHaveURL(/\/login$/);

  await fillLogin(memberPage, member.email, MEMBER_PASSWORD);
  await expect(memberPage.getByRole('button', { name: new RegExp(`Account menu: ${member.name} ${member.surname}`) })).toBeVisible();

  // Both links are spent now: the page says so instead of showing the form.
  await memberPage.goto(paths[0] ?? '');
  await expect(memberPage.getByText(/This link is not valid any more/)).toBeVisible();
  await memberContext.close();

  // The admin's list no longer offers a link.
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(`${member.name} ${member.surname}`) }).getByText('No password yet')).toHaveCount(0);
});
