import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { fillLogin } from '../support/app';

/*
 * An organiser creates a cup in the UI: a cup with one category, both finished bouldering races of
 * the organization added with the IFSC points table; the public cup page ranks the racers by their
 * points and the cup is listed among the cups in progress. The organization, the races and their
 * results are set up through the HTTP API (the call sequence of whole-race.test.ts).
 */
const PASSWORD = 'Cups12345';
const run = Date.now().toString(36);

/** A calendar date `days` from today (UTC, the server's "today"), as YYYY-MM-DD. */
const isoDay = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const organiser = { email: `cup-organiser-${run}@example.com`, name: 'Oľga', surname: 'Pohárová', sex: 'F', birthday: '1980-01-02' } as const;

/** One-time racers: the same name and birth year in both races make them one racer of the cup. */
const PEOPLE = {
  anna: { name: 'Anna', surname: 'Prvá', birthday: '1996-04-05' },
  bea: { name: 'Beáta', surname: 'Druhá', birthday: '1997-05-06' },
  cila: { name: 'Cecília', surname: 'Tretia', birthday: '1998-06-07' },
  dana: { name: 'Dana', surname: 'Štvrtá', birthday: '1999-07-08' },
} as const;
type Person = keyof typeof PEOPLE;
const fullName = (person: Person) => `${PEOPLE[person].name} ${PEOPLE[person].surname}`;

/** One boulder, TOPS_ZONES: the result order of each race follows the listed order. */
const RACES = [
  {
    name: 'Women open',
    event: `Spring Boulder ${run}`,
    scores: [
      ['anna', { topAttempts: 1, zoneAttempts: 1 }],
      ['bea', { topAttempts: 2, zoneAttempts: 1 }],
      ['cila', { topAttempts: null, zoneAttempts: 1 }],
    ],
  },
  {
    name: 'Women open',
    event: `Summer Boulder ${run}`,
    scores: [
      ['anna', { topAttempts: 1, zoneAttempts: 1 }],
      ['dana', { topAttempts: 2, zoneAttempts: 1 }],
      ['bea', { topAttempts: 3, zoneAttempts: 1 }],
      ['cila', { topAttempts: null, zoneAttempts: 2 }],
    ],
  },
] as const satisfies readonly { name: string; event: string; scores: readonly (readonly [Person, { topAttempts: number | null; zoneAttempts: number | null }])[] }[];

/**
 * The first places of IFSC_POINTS_TABLE (packages/domain/src/cups/points-tables.ts), the table of the
 * organization's default "IFSC" cup rank category; e2e does not depend on the domain package.
 */
const IFSC_FIRST_PLACES = [1000, 805, 690, 610] as const;
const points = (place: number): number => IFSC_FIRST_PLACES[place - 1] ?? 0;
const EXPECTED_RANKING: readonly [Person, number][] = [
  ['anna', points(1) + points(1)], // 2000
  ['bea', points(2) + points(3)], // 1495
  ['cila', points(3) + points(4)], // 1300
  ['dana', points(2)], // 805
];

async function api(request: APIRequestContext, method: 'get' | 'post' | 'put', url: string, data: unknown, token: string) {
  const response = await request[method](url, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${method.toUpperCase()} ${url} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as unknown;
}

/** A finished one-boulder qualification race of the organization with the given results. */
async function finishedRace(request: APIRequestContext, token: string, organizationId: number, race: (typeof RACES)[number]): Promise<number> {
  const today = isoDay(0);
  const event = (await api(
    request,
    'post',
    '/api/event',
    {
      organizationId,
      name: race.event,
      startingDate: today,
      closingDate: today,
      isPublic: true,
      onlineRegistration: true,
      allowedUnregisteredUsers: true,
      races: [
        {
          name: race.name,
          discipline: 'BOULDERING',
          raceGender: 'WOMEN',
          raceFormat: 'QUALIFICATION',
          startingDate: today,
          endDate: today,
          openingRegistrationDate: isoDay(-1),
          closingRegistrationDate: today,
          bouldering: { numberOfQualificationBoulders: 1, scoringType: 'TOPS_ZONES' },
          qualificationGroups: [{ name: 'A' }],
        },
      ],
    },
    token,
  )) as { races: { id: number; qualificationGroups: { id: number }[] }[] };
  const raceId = event.races[0]?.id;
  const groupId = event.races[0]?.qualificationGroups[0]?.id;
  if (raceId === undefined || groupId === undefined) throw new Error('POST /api/event answered without the race or its group');

  await api(request, 'put', `/api/race/${raceId}/state`, { state: 'UPCOMING' }, token);
  await api(request, 'put', `/api/race/${raceId}/state`, { state: 'OPEN_REGISTRATION' }, token);
  const numbers = new Map<number, (typeof race.scores)[number][1]>();
  for (const [person, score] of race.scores) {
    const registration = (await api(
      request,
      'post',
      `/api/race-registration/${raceId}/register-unregistered-user/`,
      { ...PEOPLE[person], sex: 'F', club: 'HK Pohár', country: 'SK', qualificationGroupId: groupId },
      token,
    )) as { id: number; racerNumber: number };
    await api(request, 'put', `/api/race-registration/${registration.id}/PRESENT`, {}, token);
    numbers.set(registration.racerNumber, score);
  }
  await api(request, 'put', `/api/qualification-group/${groupId}/state`, { state: 'QUALIFICATION' }, token);
  await api(request, 'put', `/api/race/${raceId}/state`, { state: 'QUALIFICATION_ONGOING' }, token);

  const list = (await api(request, 'get', `/api/racer/list?race=${raceId}&stage=QUALIFICATION`, undefined, token)) as {
    id: number;
    racerNumber: number;
    rounds: { id: number; version: number; boulders: { id: number | null }[] }[];
  }[];
  expect(list).toHaveLength(race.scores.length);
  for (const racer of list) {
    const round = racer.rounds[0];
    const score = numbers.get(racer.racerNumber);
    if (!round || !score) throw new Error(`racer ${racer.racerNumber} has no round or no score`);
    const boulders = round.boulders.map((boulder, boulderIndex) => ({ id: boulder.id, boulderIndex, ...score, currentAttempt: Math.max(score.topAttempts ?? 0, score.zoneAttempts ?? 0) }));
    await api(request, 'put', `/api/racer/${racer.id}/round/${round.id}`, { version: round.version, boulders }, token);
  }
  await api(request, 'put', `/api/race/${raceId}/state`, { state: 'FINISHED' }, token);
  return raceId;
}

const pick = async (page: Page, label: string, option: string) => {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

/** The cup of the test, deleted again afterwards: other specs expect no cups in progress (shell.spec.ts reads "No cups yet"). */
let cleanUp: { token: string; cupId?: number } | undefined;
test.afterEach(async ({ request }) => {
  if (cleanUp?.cupId !== undefined) {
    const removed = await request.delete(`/api/cup/${cleanUp.cupId}`, { headers: { Authorization: `Bearer ${cleanUp.token}` } });
    expect(removed.status(), await removed.text()).toBe(204);
  }
  cleanUp = undefined;
});

test('an organiser creates a cup of two finished races and the public cup page ranks by IFSC points', async ({ page, request }) => {
  await request.post('/api/user/register', { data: { ...organiser, password: PASSWORD, language: 'EN' } }).then(async (response) => expect(response.ok(), await response.text()).toBe(true));
  const { token } = (await (await request.post('/api/token/create', { data: { email: organiser.email, password: PASSWORD } })).json()) as { token: string };
  const organization = (await api(request, 'post', '/api/organization', { name: `Cup Club ${run}`, shortcut: `C${run}`.slice(0, 10).toUpperCase() }, token)) as { id: number };
  for (const race of RACES) await finishedRace(request, token, organization.id, race);

  const cupName = `Boulder Cup ${run}`;
  cleanUp = { token };
  await page.goto('/login');
  await fillLogin(page, organiser.email, PASSWORD);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

  // The organization's cup settings tab leads to a new cup.
  await page.goto(`/admin/organization/${organization.id}/cup-settings`);
  await page.getByRole('link', { name: 'New cup' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/organization/${organization.id}/cups/new$`));
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(cupName);
  await page.getByRole('textbox', { name: 'Category name' }).fill('Women');
  const created = page.waitForResponse((response) => response.request().method() === 'POST' && /\/api\/cup$/.test(response.url()));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const createdAnswer = await created;
  expect(createdAnswer.status(), await createdAnswer.text()).toBe(201);
  const cupId = ((await createdAnswer.json()) as { id: number }).id;
  cleanUp.cupId = cupId;
  await expect(page).toHaveURL(new RegExp(`/admin/cups/${cupId}$`));

  // Both races into the category, each with the organization's IFSC points table.
  await expect(page.getByRole('heading', { name: 'Races of Women' })).toBeVisible();
  for (const race of RACES) {
    await pick(page, 'Race', `${race.event} – ${race.name}`);
    // The points table stays chosen after a race is added; picking the chosen option again would clear it.
    const table = page.getByRole('combobox', { name: 'Points table', exact: true });
    if ((await table.inputValue()) !== 'IFSC') await pick(page, 'Points table', 'IFSC');
    const added = page.waitForResponse((response) => response.request().method() === 'POST' && /\/api\/cup\/\d+\/category\/\d+\/race$/.test(response.url()));
    await page.getByRole('button', { name: 'Add race' }).click();
    const addedAnswer = await added;
    expect(addedAnswer.status(), await addedAnswer.text()).toBe(201);
    await expect(page.getByRole('link', { name: `${race.event} – ${race.name}` })).toBeVisible();
  }
  await expect(page.getByRole('cell', { name: 'IFSC', exact: true })).toHaveCount(2);

  // The public cup page: total points, best first, with the points of each race.
  await page.getByRole('link', { name: 'Show ranking' }).click();
  await expect(page).toHaveURL(new RegExp(`/cups/${cupId}$`));
  await expect(page.getByRole('heading', { level: 1, name: cupName })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Cup ranking' }).locator('tbody tr');
  await expect(rows).toHaveCount(EXPECTED_RANKING.length);
  for (const [index, [person, total]] of EXPECTED_RANKING.entries()) {
    const row = rows.nth(index);
    await expect(row.getByRole('cell').first()).toHaveText(`${index + 1}.`);
    await expect(row.getByRole('rowheader')).toContainText(fullName(person));
    // No shared place: every figure is whole, written without decimals.
    await expect(row.getByRole('cell').nth(1)).toHaveText(String(total));
  }
  // The winner of both races: 1000 points and 1st place in each, both counted.
  await expect(rows.first().locator('td[data-counted="true"]')).toHaveText(['1000(1.)', '1000(1.)']);
  // Dana climbed the second race only.
  await expect(rows.nth(3).getByRole('cell', { name: 'No result' })).toHaveText('–');

  // The cup is in progress, so it is listed among the actual cups.
  await page.goto('/cups/actual');
  await expect(page.getByRole('link', { name: cupName })).toBeVisible();
  await page.getByRole('link', { name: cupName }).click();
  await expect(page).toHaveURL(new RegExp(`/cups/${cupId}$`));
});
