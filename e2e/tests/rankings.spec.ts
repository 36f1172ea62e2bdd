import { expect, test, type APIRequestContext, type Locator, type Page } from '../support/test';
import { preferLanguage, switchLanguage } from '../support/app';

/*
 * Issue 9: the results page of a mixed race with two age categories. Women and men are ranked
 * apart (two tables, a woman and a man first); the sex switch shows one of them; the category
 * switch shows the rank within the category next to the overall rank; all of it in Slovak and in
 * English. The organisation, the race, the registrations and the scores are set up through the
 * HTTP API (the call sequence of the server's mixed-race.test.ts).
 */
const PASSWORD = 'Rankings123';
const run = Date.now().toString(36);
const today = new Date().toISOString().slice(0, 10);
const raceYear = Number(today.slice(0, 4));

/** Name, sex, age in the race and the one boulder: the order of each sex follows the listed order. */
const RACERS = [
  ['Xénia', 'F', 30, { topAttempts: 1, zoneAttempts: 1 }],
  ['Wanda', 'F', 15, { topAttempts: 2, zoneAttempts: 1 }],
  ['Yvona', 'F', 16, { topAttempts: null, zoneAttempts: 1 }],
  ['Boris', 'M', 25, { topAttempts: 1, zoneAttempts: 1 }],
  ['Adam', 'M', 14, { topAttempts: 2, zoneAttempts: 1 }],
  ['Cyril', 'M', 40, { topAttempts: null, zoneAttempts: 1 }],
] as const;

async function call(request: APIRequestContext, method: 'get' | 'post' | 'put', url: string, token: string, data?: unknown) {
  const response = await request[method](url, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${method.toUpperCase()} ${url} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as unknown;
}

/** A public mixed race (women and men apart) with the categories Youth (12-17) and Adults (18+), its qualification climbed. */
async function mixedRace(request: APIRequestContext): Promise<number> {
  const email = `rankings-${run}@example.com`;
  const registered = await request.post('/api/user/register', { data: { email, password: PASSWORD, name: 'Rita', surname: 'Poradová', language: 'SK' } });
  expect(registered.ok(), await registered.text()).toBe(true);
  const { token } = (await (await request.post('/api/token/create', { data: { email, password: PASSWORD } })).json()) as { token: string };
  const organization = (await call(request, 'post', '/api/organization', token, { name: `Ranking Club ${run}`, shortcut: 'RC' })) as { id: number };
  const youth = (await call(request, 'post', `/api/organization/${organization.id}/age-category`, token, { name: 'Youth', fromAge: 12, toAge: 17 })) as { id: number };
  const adults = (await call(request, 'post', `/api/organization/${organization.id}/age-category`, token, { name: 'Adults', fromAge: 18 })) as { id: number };
  const event = (await call(request, 'post', '/api/event', token, {
    organizationId: organization.id,
    name: `Mixed Boulder ${run}`,
    startingDate: today,
    closingDate: today,
    isPublic: true,
    isHidden: false,
    onlineRegistration: true,
    allowedUnregisteredUsers: true,
    races: [
      {
        name: 'Open',
        discipline: 'BOULDERING',
        raceGender: 'MIXED',
        mixedRanking: 'SEPARATE',
        raceFormat: 'QUALIFICATION',
        startingDate: today,
        endDate: today,
        openingRegistrationDate: today,
        closingRegistrationDate: today,
        bouldering: { numberOfQualificationBoulders: 1, scoringType: 'TOPS_ZONES' },
        qualificationGroups: [{}],
        ageCategories: [youth.id, adults.id],
      },
    ],
  })) as { races: { id: number; qualificationGroups: { id: number }[] }[] };
  const raceId = event.races[0]!.id;
  const groupId = event.races[0]!.qualificationGroups[0]!.id;
  await call(request, 'put', `/api/race/${raceId}/state`, token, { state: 'UPCOMING' });
  await call(request, 'put', `/api/race/${raceId}/state`, token, { state: 'OPEN_REGISTRATION' });
  const scoreOf = new Map<number, (typeof RACERS)[number][3]>();
  for (const [name, sex, age, score] of RACERS) {
    const registration = (await call(request, 'post', `/api/race-registration/${raceId}/register-unregistered-user/`, token, {
      name,
      surname: 'Test',
      sex,
      birthday: `${raceYear - age}-03-01`,
      country: 'SK',
      qualificationGroupId: groupId,
    })) as { id: number; racerNumber: number };
    await call(request, 'put', `/api/race-registration/${registration.id}/PRESENT`, token);
    scoreOf.set(registration.racerNumber, score);
  }
  await call(request, 'put', `/api/qualification-group/${groupId}/state`, token, { state: 'QUALIFICATION' });
  await call(request, 'put', `/api/race/${raceId}/state`, token, { state: 'QUALIFICATION_ONGOING' });
  const racers = (await call(request, 'get', `/api/racer/list?race=${raceId}&stage=QUALIFICATION`, token)) as { id: number; racerNumber: number; rounds: { id: number; version: number; boulders: { id: number | null }[] }[] }[];
  for (const racer of racers) {
    const round = racer.rounds[0]!;
    const score = scoreOf.get(racer.racerNumber)!;
    const boulders = round.boulders.map((boulder) => ({ id: boulder.id, ...score, currentAttempt: score.topAttempts ?? 2 }));
    await call(request, 'put', `/api/racer/${racer.id}/round/${round.id}`, token, { version: round.version, boulders });
  }
  return raceId;
}

/** Each row of a results table as "rank name", top to bottom (the rank is the first column). */
const ranked = async (table: Locator): Promise<string[]> =>
  table.locator('tbody tr').evaluateAll(
    (rows, names) =>
      rows.map((row) => {
        const rank = row.querySelector('td')?.textContent?.trim() ?? '';
        const name = names.find((candidate) => row.textContent?.includes(`${candidate} Test`)) ?? '?';
        return `${rank} ${name} Test`;
      }),
    RACERS.map(([name]) => name),
  );

const section = (page: Page, ranking: 'F' | 'M') => page.getByTestId(`results-section-${ranking}`);

test('the results of a mixed race with two age categories, switched between sexes and categories, in Slovak and English', async ({ page, request }) => {
  const raceId = await mixedRace(request);
  await preferLanguage(page, 'sk');
  await page.goto(`/races/${raceId}/results`);

  // Women and men apart, each with its own first place.
  await expect(page.getByRole('heading', { level: 2, name: 'Ženy' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Muži' })).toBeVisible();
  await expect(section(page, 'F').getByRole('columnheader').first()).toHaveText('Poradie');
  await expect.poll(() => ranked(section(page, 'F'))).toEqual(['1 Xénia Test', '2 Wanda Test', '3 Yvona Test']);
  await expect.poll(() => ranked(section(page, 'M'))).toEqual(['1 Boris Test', '2 Adam Test', '3 Cyril Test']);
  await expect(section(page, 'M').getByRole('cell', { name: 'Adults' })).toHaveCount(2);

  // Only the men.
  await page.getByRole('radiogroup', { name: 'Pohlavie' }).getByText('Muži', { exact: true }).click();
  await expect(section(page, 'F')).toHaveCount(0);
  await expect.poll(() => ranked(section(page, 'M'))).toEqual(['1 Boris Test', '2 Adam Test', '3 Cyril Test']);

  // Back to both, then the Youth category: the rank within the category, then the overall rank.
  await page.getByRole('radiogroup', { name: 'Pohlavie' }).getByText('Ženy aj muži', { exact: true }).click();
  await page.getByRole('radiogroup', { name: 'Veková kategória' }).getByText('Youth', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Ženy · Youth' })).toBeVisible();
  await expect(section(page, 'F').getByRole('columnheader').nth(0)).toHaveText('Por. v kat.');
  await expect(section(page, 'F').getByRole('columnheader').nth(1)).toHaveText('Poradie');
  await expect.poll(() => ranked(section(page, 'F'))).toEqual(['1 Wanda Test', '2 Yvona Test']);
  await expect(section(page, 'F').locator('tbody tr').first().locator('td').nth(1)).toHaveText('2');
  await expect.poll(() => ranked(section(page, 'M'))).toEqual(['1 Adam Test']);
  await expect(page).toHaveURL(/category=\d+/);

  // The same page in English keeps the chosen category.
  await switchLanguage(page, 'sk', 'en');
  await expect(page.getByRole('heading', { level: 2, name: 'Women · Youth' })).toBeVisible();
  await expect(section(page, 'M').getByRole('columnheader').nth(0)).toHaveText('Cat. rank');
  await page.getByRole('radiogroup', { name: 'Sex' }).getByText('Women', { exact: true }).click();
  await expect(section(page, 'M')).toHaveCount(0);
  await expect.poll(() => ranked(section(page, 'F'))).toEqual(['1 Wanda Test', '2 Yvona Test']);
  await page.getByRole('radiogroup', { name: 'Age category' }).getByText('Adults', { exact: true }).click();
  await expect.poll(() => ranked(section(page, 'F'))).toEqual(['1 Xénia Test']);
  await page.getByRole('radiogroup', { name: 'Age category' }).getByText('All categories', { exact: true }).click();
  await page.getByRole('radiogroup', { name: 'Sex' }).getByText('Women and men', { exact: true }).click();
  await expect(section(page, 'F').getByRole('columnheader').first()).toHaveText('Rank');
  await expect.poll(() => ranked(section(page, 'M'))).toEqual(['1 Boris Test', '2 Adam Test', '3 Cyril Test']);
});
