import { expect, test } from '../support/test';
import { preferLanguage } from '../support/app';
import { cutTexts, pageWidth } from '../support/layout';

/** Two running races as GET /api/live answers them, with long names as real events have. */
const LIVE_RACES = [
  { id: 901, name: 'Muži', eventId: 90, eventName: 'Veľká cena Bratislavy v boulderingu 2026', eventDisplayName: 'VC Bratislavy 2026', organizationName: 'Horolezecký klub Bratislava', racerCount: 40, state: 'QUALIFICATION_ONGOING', discipline: 'BOULDERING', city: 'Bratislava' },
  { id: 902, name: 'Boulder Open', eventId: 91, eventName: 'Zimný boulder Petržalka 2026', eventDisplayName: null, organizationName: 'Horolezecký klub Bratislava', racerCount: 9, state: 'SEMIFINALS_ONGOING', discipline: 'BOULDERING', city: 'Bratislava' },
];

test.use({ serviceWorkers: 'block', viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

for (const [language, state, show] of [
  ['en', 'Qualification in progress', 'Show 0 races on a big screen'],
  ['sk', 'Prebieha kvalifikácia', 'Zobraziť 0 pretekov na veľkej obrazovke'],
] as const) {
  test(`the live list on a 360 px phone shows every word of the race states and the big-screen button (${language})`, async ({ page }) => {
    await page.route(/\/api\/live$/, (route) => route.fulfill({ json: LIVE_RACES }));
    await preferLanguage(page, language);
    await page.goto('/live');
    await expect(page.getByText(state, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: show })).toBeVisible();
    expect(await cutTexts(page)).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: test.info().outputPath(`live-list-${language}.png`) });
  });
}
