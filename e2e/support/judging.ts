import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ADMIN } from './app';

/** A calendar date `days` from today (UTC, the server's "today"), as YYYY-MM-DD. */
const isoDay = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export type Discipline = 'BOULDERING' | 'LEAD' | 'SPEED';

export interface JudgedRace {
  raceId: number;
  adminToken: string;
  judges: { login: string; password: string }[];
  racers: { id: number; racerNumber: number; fullName: string; roundId: number }[];
}

const SETTINGS: Record<Discipline, Record<string, unknown>> = {
  BOULDERING: { bouldering: { numberOfQualificationBoulders: 4, numberOfFinalBoulders: 4, numberOfFinalRacers: 8, scoringType: 'IFSC_POINTS' } },
  LEAD: { lead: { numberOfQualificationRoutes: 2, numberOfFinalRacers: 8 } },
  SPEED: { speed: { type: 'WORLD_CUP', numberOfRoutes: 2, numberOfAttempts: 1, numberOfFinalRacers: 16, raceFormat: 'QUALIFICATION_FINAL' } },
};

/**
 * A public race of one discipline in its qualification, with present racers and judge logins of its
 * event, built through the HTTP API only (as issue 5 and the OpenAPI document them).
 */
export async function setUpJudgedRace(request: APIRequestContext, discipline: Discipline, options: { racers?: number; judges?: number } = {}): Promise<JudgedRace> {
  const login = await request.post('/api/token/create', { data: ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const call = async (method: 'post' | 'put', url: string, data: unknown) => {
    const response = await request[method](url, { headers, data });
    expect(response.ok(), `${method.toUpperCase()} ${url} answered ${response.status()}: ${await response.text()}`).toBe(true);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const organization = await call('post', '/api/organization', { name: `Judging Club ${suffix}`, shortcut: `J${suffix}`.slice(0, 10).toUpperCase() });
  const today = isoDay(0);
  const event = (await call('post', '/api/event', {
    organizationId: organization.id,
    name: `Offline Cup ${suffix}`,
    startingDate: today,
    closingDate: today,
    isPublic: true,
    onlineRegistration: true,
    allowedUnregisteredUsers: true,
    races: [
      {
        name: `${discipline.toLowerCase()} open`,
        discipline,
        raceGender: 'MEN',
        raceFormat: 'QUALIFICATION_FINAL',
        startingDate: today,
        endDate: today,
        openingRegistrationDate: isoDay(-1),
        closingRegistrationDate: today,
        ...SETTINGS[discipline],
        qualificationGroups: [{ name: 'A' }],
      },
    ],
  })) as { id: number; races: { id: number; qualificationGroups: { id: number }[] }[] };
  const race = event.races[0];
  const groupId = race?.qualificationGroups[0]?.id;
  if (!race || groupId === undefined) throw new Error('POST /api/event answered without the race or its group');
  await call('put', `/api/race/${race.id}/state`, { state: 'UPCOMING' });
  await call('put', `/api/race/${race.id}/state`, { state: 'OPEN_REGISTRATION' });
  // The last three only for a speed bracket of eight; the long one is for a phone's narrow lines.
  const names = ['Adam Skalný', 'Boris Chytrý', 'Cyril Pevný', 'Dušan Rýchly', 'Emil Vrtký', 'Filip Dlhomenný-Vysokohorský', 'Gabriel Horolezec', 'Hugo Lanový'].slice(0, options.racers ?? 2);
  for (const fullName of names) {
    const [name, surname] = fullName.split(' ');
    const registration = (await call('post', `/api/race-registration/${race.id}/register-unregistered-user/`, {
      name,
      surname,
      club: 'BCB',
      sex: 'M',
      birthday: '2000-04-01',
      country: 'SK',
      qualificationGroupId: groupId,
    })) as { id: number };
    await call('put', `/api/race-registration/${registration.id}/PRESENT`, {});
  }
  await call('put', `/api/qualification-group/${groupId}/state`, { state: 'QUALIFICATION' });
  await call('put', `/api/race/${race.id}/state`, { state: 'QUALIFICATION_ONGOING' });
  const judges = [];
  for (let index = 0; index < (options.judges ?? 1); index += 1) judges.push((await call('post', `/api/event/${event.id}/judge-account`, {})) as { login: string; password: string });
  const list = (await (await request.get(`/api/racer/list?race=${race.id}&stage=QUALIFICATION`, { headers })).json()) as { id: number; racerNumber: number; fullName: string; rounds: { id: number }[] }[];
  return { raceId: race.id, adminToken: token, judges, racers: list.map((racer) => ({ id: racer.id, racerNumber: racer.racerNumber, fullName: racer.fullName, roundId: racer.rounds[0]!.id })) };
}

/** A phone: 360x740, touch, the given language; service workers as in a real browser unless blocked. */
export const phoneContext = (browser: Browser, options: { serviceWorkers?: 'allow' | 'block' } = {}): Promise<BrowserContext> =>
  browser.newContext({ serviceWorkers: options.serviceWorkers ?? 'allow', locale: 'en-US', viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** Opens the scorecard (of `stage`, else the race's current one) and logs in with a judge login of the event. */
export async function judgeLogsIn(page: Page, raceId: number, judge: { login: string; password: string }, stage?: 'QUALIFICATION'): Promise<void> {
  await page.goto(`/races/${raceId}/scorecard${stage ? `?stage=${stage}` : ''}`);
  await expect(page.getByRole('heading', { name: 'Scorecard' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Judge login or e-mail' }).fill(judge.login);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(judge.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  // The racer search shows before the login is through (the racer list is public): the login card
  // going away says the session is there (a reload right after a visible search field, on a loaded
  // machine, cut the login request off and left the judge logged out).
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Racer' })).toBeVisible();
}

/** Waits until the service worker controls the page, so a reload without a connection is served from its cache. */
export async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** A racer's round as the server holds it now. */
export async function serverRound(request: APIRequestContext, racerId: number, roundId: number): Promise<{ version: number; boulders: { topAttempts: number | null; zoneAttempts: number | null; currentAttempt: number }[]; routes: { hold: number | null; plus: boolean; top: boolean }[]; speedRoutes: { time: number | null; fall: boolean }[] }> {
  const response = await request.get(`/api/racer/${racerId}/round/${roundId}`);
  expect(response.ok()).toBe(true);
  return response.json();
}

/** The audit trail of a round (admins): newest first. */
export async function auditTrail(request: APIRequestContext, race: JudgedRace, racerId: number, roundId: number): Promise<{ action: string; deviceId: string | null; deviceAt: string | null; operationId: string | null }[]> {
  const response = await request.get(`/api/racer/${racerId}/round/${roundId}/audit`, { headers: { Authorization: `Bearer ${race.adminToken}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}
