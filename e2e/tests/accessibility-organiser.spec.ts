import type { Page } from '@playwright/test';
import { preferLanguage } from '../support/app';
import { check, cupOf, eventIdOf, heading, logIn, phoneOptions } from '../support/axe';
import { boulderingRaceWithFinal } from '../support/results-races';
import { expect, test } from '../support/test';

/*
 * Issue 14, item 6: axe-core (every rule, every impact) finds nothing on the pages of account
 * holders, organisers and the super admin, in English and in Slovak, and on the organiser's race
 * day pages on a phone. The public pages and the scorecards are in accessibility.spec.ts.
 */

/** A selected tab: the organisation pages show their data under one. */
const selectedTab = (p: Page) => p.getByRole('tab', { selected: true });

for (const language of ['en', 'sk'] as const) {
  test(`axe finds no violation on the account and organisation management pages (${language})`, async ({ page, request }) => {
    test.setTimeout(480_000);
    const race = await boulderingRaceWithFinal(request);
    const organization = `/admin/organization/${race.organizationId}`;
    const cup = await cupOf(request, race);
    await preferLanguage(page, language);
    await logIn(page, language);

    const found = await check(page, [
      { name: 'my board', path: '/my-board', ready: heading },
      { name: 'profile', path: '/profile', ready: heading },
      { name: 'register organization', path: '/organizations/new', ready: heading },
      { name: 'members', path: `${organization}/members`, ready: selectedTab },
      { name: 'invitations', path: `${organization}/invitations`, ready: selectedTab },
      { name: 'organisation settings', path: `${organization}/settings`, ready: selectedTab },
      { name: 'age categories', path: `${organization}/age-categories`, ready: selectedTab },
      { name: 'cup categories', path: `${organization}/cup-categories`, ready: selectedTab },
      { name: 'race settings', path: `${organization}/race-settings`, ready: selectedTab },
      { name: 'cup settings', path: `${organization}/cup-settings`, ready: selectedTab },
      { name: 'organization events', path: `${organization}/events`, ready: selectedTab },
      { name: 'new event', path: `${organization}/events/new`, ready: heading },
      { name: 'new cup', path: `${organization}/cups/new`, ready: heading },
      { name: 'cup settings of a cup', path: `/admin/cups/${cup.id}`, ready: heading },
    ]);

    expect(found, `axe violations:\n${found.join('\n')}`).toEqual([]);
  });

  test(`axe finds no violation on the organiser's race day pages and the super admin's (${language})`, async ({ page, request }) => {
    test.setTimeout(480_000);
    const race = await boulderingRaceWithFinal(request);
    const eventId = await eventIdOf(page, race.raceId);
    await preferLanguage(page, language);
    await logIn(page, language);

    const found = await check(page, [
      { name: 'event settings', path: `/admin/events/${eventId}`, ready: heading },
      { name: 'new race', path: `/admin/events/${eventId}/races/new`, ready: heading },
      { name: 'check-in desk', path: `/admin/events/${eventId}/desk`, ready: heading },
      { name: 'race management', path: `/admin/races/${race.raceId}`, ready: (p) => p.getByTestId('race-next-step-button') },
      { name: 'race management, starting list tab', path: `/admin/races/${race.raceId}?tab=starting-list`, ready: selectedTab },
      { name: 'race management, settings tab', path: `/admin/races/${race.raceId}?tab=settings`, ready: selectedTab },
      { name: 'rounds', path: `/admin/races/${race.raceId}/rounds`, ready: heading },
      { name: 'all organizations', path: '/admin/organizations', ready: heading },
      { name: 'outbox', path: '/admin/outbox', ready: heading },
    ]);

    expect(found, `axe violations:\n${found.join('\n')}`).toEqual([]);
  });
}

test('axe finds no violation on a phone, where wide tables scroll (organiser pages)', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const race = await boulderingRaceWithFinal(request);
  const phone = await browser.newContext(phoneOptions);
  const page = await phone.newPage();
  const eventId = await eventIdOf(page, race.raceId);
  await logIn(page, 'en');
  const found = await check(page, [
    { name: 'race management (phone)', path: `/admin/races/${race.raceId}`, ready: (p) => p.getByTestId('race-next-step-button') },
    { name: 'rounds (phone)', path: `/admin/races/${race.raceId}/rounds`, ready: heading },
    { name: 'check-in desk (phone)', path: `/admin/events/${eventId}/desk`, ready: heading },
  ]);
  await phone.close();
  expect(found, `axe violations:\n${found.join('\n')}`).toEqual([]);
});
