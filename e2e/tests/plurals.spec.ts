import { expect, test, type Page } from '../support/test';
import { preferLanguage, type Language } from '../support/app';

/*
 * The event list's summary ("N events found") is the real place where a plural is rendered from
 * data. Events cannot be created through the API yet, so the list response is supplied at the
 * network boundary in the documented contract shape; everything after the response (query, page,
 * plural resolution with Intl.PluralRules) is the real app.
 */
test.use({ serviceWorkers: 'block' }); // page.route must see every request, not the worker.

const events = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `Boulder open ${index + 1}`,
    city: 'Bratislava',
    country: 'SVK',
    organizationName: 'Climbing club',
    startingDate: '2026-06-13',
    closingDate: '2026-06-14',
  }));

const showEvents = async (page: Page, count: number) => {
  await page.route('**/api/event?period=actual', (route) => route.fulfill({ json: events(count) }));
  await page.goto('/events/actual');
};

const EXPECTED: Record<Language, Record<number, string>> = {
  en: { 1: '1 event found', 2: '2 events found', 5: '5 events found' },
  sk: { 1: 'Našlo sa 1 podujatie', 2: 'Našli sa 2 podujatia', 5: 'Našlo sa 5 podujatí' },
};

for (const language of ['en', 'sk'] as const) {
  for (const count of [1, 2, 5]) {
    test(`${language}: the event list summary for ${count}`, async ({ page }) => {
      await preferLanguage(page, language);
      await showEvents(page, count);
      await expect(page.getByTestId('events-summary')).toHaveText(EXPECTED[language][count] ?? '');
      await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(count);
    });
  }
}
