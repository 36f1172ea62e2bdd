import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { ADMIN, preferLanguage, type Language } from './app';
import { setUpJudgedRace, type Discipline } from './judging';
import { adminCall } from './results-races';
import { test } from './test';

/*
 * Issue 14, item 6: the axe-core helpers of the accessibility specs (accessibility.spec.ts for the
 * public and judge pages, accessibility-organiser.spec.ts for the logged-in ones). Each page is
 * opened, its content awaited, and axe run over the whole document (every rule, every impact); the
 * violations of all pages are collected and printed together, one line per node.
 */

/** The texts the login forms show in each language (the catalogues' auth.* and scorecard.*). */
export const LOGIN_TEXTS = {
  en: { email: 'E-mail', judgeLogin: 'Judge login or e-mail', password: 'Password', submit: 'Log in', racer: 'Racer' },
  sk: { email: 'E-mail', judgeLogin: 'Meno rozhodcu alebo e-mail', password: 'Heslo', submit: 'Prihlásiť sa', racer: 'Pretekár' },
} as const;

export interface Checked {
  name: string;
  path: string;
  /** What shows once the page has its data. */
  ready: (page: Page) => Locator;
  /** Run after `ready`, before axe (open a racer, a dialog...). */
  prepare?: (page: Page) => Promise<void>;
}

/** The page's one h1, for pages whose data does not name anything known in advance. */
export const heading = (page: Page): Locator => page.locator('h1');

/** Runs axe over the page as it is and returns its violations, one readable line per node. */
export async function violationsOf(page: Page, name: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${name}: [${violation.impact ?? 'none'}] ${violation.id} (${violation.help}) at ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, '\n    ') ?? ''}`),
  );
}

export async function check(page: Page, pages: readonly Checked[]): Promise<string[]> {
  const found: string[] = [];
  for (const checked of pages) {
    await test.step(checked.name, async () => {
      await page.goto(checked.path);
      await expect(checked.ready(page).first()).toBeVisible();
      await checked.prepare?.(page);
      found.push(...(await violationsOf(page, checked.name)));
    });
  }
  return found;
}

export async function logIn(page: Page, language: Language): Promise<void> {
  const texts = LOGIN_TEXTS[language];
  await page.goto('/login');
  await page.getByRole('textbox', { name: texts.email }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: texts.password, exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: texts.submit, exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The event id of a race, as the public live list reports it. */
export async function eventIdOf(page: Page, raceId: number): Promise<number> {
  const live = (await (await page.request.get('/api/live')).json()) as { id: number; eventId: number }[];
  const eventId = live.find((summary) => summary.id === raceId)?.eventId;
  if (eventId === undefined) throw new Error('GET /api/live does not list the race');
  return eventId;
}

export const phoneOptions = { locale: 'en-US', viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' } as const;

/**
 * The judge's scorecard of a race of this discipline on a phone: its login, the racer list (a
 * bouldering race only) and an opened racer.
 */
export async function scorecardViolations(browser: Browser, request: APIRequestContext, language: Language, discipline: Discipline): Promise<string[]> {
  const texts = LOGIN_TEXTS[language];
  const name = `${discipline.toLowerCase()} scorecard`;
  const judged = await setUpJudgedRace(request, discipline);
  const phone = await browser.newContext(phoneOptions);
  const judgePage = await phone.newPage();
  await preferLanguage(judgePage, language);
  const found: string[] = [];
  await judgePage.goto(`/races/${judged.raceId}/scorecard`);
  await expect(judgePage.getByRole('textbox', { name: texts.judgeLogin })).toBeVisible();
  if (discipline === 'BOULDERING') found.push(...(await violationsOf(judgePage, `${name} login`)));
  await judgePage.getByRole('textbox', { name: texts.judgeLogin }).fill(judged.judges[0]!.login);
  await judgePage.getByRole('textbox', { name: texts.password, exact: true }).fill(judged.judges[0]!.password);
  await judgePage.getByRole('button', { name: texts.submit, exact: true }).click();
  const search = judgePage.getByRole('textbox', { name: texts.racer });
  await expect(search).toBeVisible();
  if (discipline === 'BOULDERING') found.push(...(await violationsOf(judgePage, `${name} racer list`)));
  const judgedRacer = judged.racers[0]!;
  await search.fill(String(judgedRacer.racerNumber));
  await judgePage.getByTestId('racer-option').filter({ hasText: judgedRacer.fullName }).click();
  await expect(judgePage.getByRole('heading', { name: judgedRacer.fullName })).toBeVisible();
  found.push(...(await violationsOf(judgePage, `${name} racer`)));
  await phone.close();
  return found;
}

/** A cup of this year in the race's organisation, for the cup pages the checks open. */
export async function cupOf(request: APIRequestContext, race: { organizationId: number; raceId: number }): Promise<{ id: number }> {
  const call = await adminCall(request);
  const year = new Date().getUTCFullYear();
  const cup = await call('post', '/api/cup', {
    organizationId: race.organizationId,
    name: `Accessible Cup ${race.raceId}`,
    startDate: `${year}-01-01`,
    endDate: `${year}-12-31`,
    maxCountedResults: 3,
    disciplines: ['BOULDERING'],
    categories: [{ name: 'Men', sex: 'M', ageCategoryIds: [] }],
  });
  return { id: cup.id as number };
}
