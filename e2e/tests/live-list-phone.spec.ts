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
  // Nothing ticked yet: the button says what to do, not "Show 0 races".
  ['en', 'Qualification in progress', 'Tick races above to show them on a big screen'],
  ['sk', 'Prebieha kvalifikácia', 'Zaškrtnite preteky vyššie a zobrazte ich na veľkej obrazovke'],
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

test('on a touch screen the big-screen checkbox is a 44 px target with its words, like the other controls', async ({ page }) => {
  await page.route(/\/api\/live$/, (route) => route.fulfill({ json: LIVE_RACES }));
  await page.goto('/live');
  expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
  const checkboxes = page.getByRole('checkbox', { name: 'Big screen' });
  await expect(checkboxes).toHaveCount(2);
  const first = checkboxes.first();
  const box = (await first.boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

  // Every point of the 44 x 44 px square around the 20 px box belongs to the checkbox or its label.
  const owners = await page.evaluate(({ x, y }) => {
    const input = document.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    const found: string[] = [];
    for (let dx = -21; dx <= 21; dx += 7)
      for (let dy = -21; dy <= 21; dy += 7) {
        const hit = document.elementFromPoint(x + dx, y + dy);
        const owned = hit === input || (hit instanceof HTMLLabelElement && hit.control === input);
        if (!owned) found.push(`${dx},${dy}: ${hit?.outerHTML.slice(0, 60) ?? 'nothing'}`);
      }
    return found;
  }, centre);
  expect(owners).toEqual([]);
  const label = page.locator('label', { hasText: 'Big screen' }).first();
  expect((await label.boundingBox())!.height).toBeGreaterThanOrEqual(44);

  // A tap beside the box's corner ticks it, a tap on the words unticks it.
  await page.touchscreen.tap(centre.x - 18, centre.y - 18);
  await expect(first).toBeChecked();
  await expect(page.getByRole('button', { name: 'Show 1 race on a big screen' })).toBeEnabled();
  await label.tap();
  await expect(first).not.toBeChecked();
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
});
