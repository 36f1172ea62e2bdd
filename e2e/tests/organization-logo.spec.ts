import { expect, test, type APIRequestContext, type Locator } from '../support/test';
import { fillLogin } from '../support/app';

/*
 * Issue 10 item 5: the logo an organiser uploads in the organisation settings is the one logo of the
 * organisation: the catalogue, the organisation page, the event page and the printed starting list show it.
 */
const PASSWORD = 'Climb1234';
const run = Date.now().toString(36);
const isoDay = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
// An 8x8 red PNG: small, and a real image the browser decodes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4oKCAFTEMLQkAKj9AAXjm1WMAAAAASUVORK5CYII=', 'base64');

async function call(request: APIRequestContext, method: 'post' | 'put', url: string, data: unknown, token?: string) {
  const response = await request[method](url, { data, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  expect(response.ok(), `${method.toUpperCase()} ${url} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** The image is shown and decoded (not a broken image). */
const expectLoadedImage = async (image: Locator) => {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
};

test('the logo uploaded in the settings shows in the catalogue, on the event page and on the printed starting list', async ({ page, request }) => {
  const organiser = { email: `logo-${run}@example.com`, name: 'Lea', surname: 'Logová', sex: 'F', birthday: '1980-01-01' };
  await call(request, 'post', '/api/user/register', { ...organiser, password: PASSWORD, language: 'EN' });
  const { token } = (await call(request, 'post', '/api/token/create', { email: organiser.email, password: PASSWORD })) as { token: string };
  const organizationName = `Logo Club ${run}`;
  const organizationId = Number((await call(request, 'post', '/api/organization', { name: organizationName }, token)).id);
  const event = await call(request, 'post', '/api/event', {
    organizationId,
    name: `Logo Boulder ${run}`,
    startingDate: isoDay(10),
    closingDate: isoDay(10),
    isHidden: false,
    races: [{ name: 'Open', startingDate: isoDay(10), endDate: isoDay(10), openingRegistrationDate: isoDay(-1), closingRegistrationDate: isoDay(5), qualificationGroups: [{}] }],
  }, token);
  const raceId = (event.races as { id: number }[])[0]?.id ?? 0;
  for (const state of ['UPCOMING', 'OPEN_REGISTRATION']) await call(request, 'put', `/api/race/${raceId}/state`, { state }, token);

  await page.goto('/login');
  await fillLogin(page, organiser.email, PASSWORD);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await page.goto(`/admin/organization/${organizationId}/settings`);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload a logo' }).first().click();
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('status').filter({ hasText: 'The logo has been saved.' })).toBeVisible();

  await page.goto('/organizations');
  await expectLoadedImage(page.getByRole('listitem').filter({ hasText: organizationName }).locator('img'));

  await page.goto(`/organizations/${organizationId}`);
  await expectLoadedImage(page.getByRole('img', { name: 'Logo' }).first());

  await page.goto(`/events/${String(event.id)}`);
  await expectLoadedImage(page.getByTestId('organization-logos').getByRole('img', { name: organizationName }));

  await page.goto(`/races/${raceId}/starting-list`);
  await expect(page.getByRole('heading', { name: 'Starting list: Open' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expectLoadedImage(page.locator('.starting-list-print-header').getByRole('img', { name: organizationName }));
});
