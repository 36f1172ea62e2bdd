/*
 * `npm run screenshots`: the README's screenshots of the main screens (issue 14), taken again from
 * the demo data. It seeds the demo into a fresh temporary data directory (`npm run demo`), starts the
 * app on it (`scripts/start.mjs`, PORT or 3920), and photographs with Playwright in the system
 * Chromium: a phone (360x740) with the live results and a judge's scorecard, a laptop (1366x768)
 * with the organiser's race page and the results, the projector screen (1920x1080) and the results
 * printed on A4 (Chromium's PDF, turned into a PNG by poppler's pdftoppm). The PNGs go to
 * docs/screenshots/; each one is checked to stay under 250 KB.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');
const outputDir = path.join(root, 'docs/screenshots');
const port = Number(process.env.PORT ?? 3920);
const baseURL = `http://127.0.0.1:${port}`;
const MAX_BYTES = 250 * 1024;

/** The demo's logins (apps/server/src/demo/demo-people.ts); the demo prints them too. */
const DEMO_PASSWORD = 'Demo12345';
const ORGANISER = 'admin@demo.example.com';
const JUDGE = 'rozhodca@demo.example.com';

const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
const LAPTOP: BrowserContextOptions = { viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1 };
const PROJECTOR: BrowserContextOptions = { viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1 };

interface DemoRaces {
  ongoing: number;
  past: number;
}

/** Seeds the demo into the data directory and reads the two races' ids from its report. */
function seedDemo(dataDir: string): DemoRaces {
  const demo = spawnSync('npm', ['run', '--silent', 'demo'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });
  if (demo.status !== 0) throw new Error(`npm run demo failed:\n${demo.stdout}\n${demo.stderr}`);
  const raceId = (state: string): number => {
    const match = new RegExp(`race id (\\d+)\\), ${state}`).exec(demo.stdout);
    if (!match) throw new Error(`npm run demo did not report a ${state} race:\n${demo.stdout}`);
    return Number(match[1]);
  };
  return { ongoing: raceId('QUALIFICATION_ONGOING'), past: raceId('FINISHED') };
}

async function startServer(dataDir: string): Promise<() => Promise<void>> {
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the server did not answer on ${baseURL} within three minutes`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };
}

/** Waits until the page has its data and nothing moves, then saves what the window shows. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: path.join(outputDir, `${name}.png`), animations: 'disabled', caret: 'hide' });
}

async function newPage(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  // English, the README's language; service workers blocked so the shell never asks to update.
  const context = await browser.newContext({ ...options, baseURL, locale: 'en-US', serviceWorkers: 'block', colorScheme: 'light' });
  await context.addInitScript(() => window.localStorage.setItem('language', 'en'));
  return context.newPage();
}

async function logIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

async function phoneScreens(browser: Browser, races: DemoRaces): Promise<void> {
  const page = await newPage(browser, PHONE);
  await page.goto(`/live/race/${races.ongoing}`);
  // A phone shows the results as cards, one per racer.
  await page.getByTestId('results-cards').first().locator('li').first().waitFor();
  await shoot(page, 'phone-live-results');

  // The judge's scorecard: log in with the judge's e-mail, open the first racer of group C (partly scored).
  await page.goto(`/races/${races.ongoing}/scorecard`);
  await page.getByRole('textbox', { name: 'Judge login or e-mail' }).fill(JUDGE);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  // Open the racer of group C who is climbing now (the demo's round in state STARTED, three boulders entered).
  const listed = (await (await page.request.get(`/api/racer/list?race=${races.ongoing}&stage=QUALIFICATION`)).json()) as { fullName: string; rounds: { state: string }[] }[];
  const climbing = listed.find((racer) => racer.rounds.some((round) => round.state === 'STARTED'));
  if (!climbing) throw new Error('the demo race has no racer climbing now');
  await page.getByRole('textbox', { name: 'Racer' }).fill(climbing.fullName);
  await page.getByTestId('racer-option').filter({ hasText: climbing.fullName }).click();
  await page.getByTestId('scorecard-racer').waitFor();
  // The next boulder the racer has not topped, scrolled so its attempt, zone and top buttons show.
  await page.getByRole('button', { name: /^Boulder 3/ }).click();
  await page.getByRole('heading', { name: climbing.fullName }).evaluate((heading) => window.scrollBy(0, heading.getBoundingClientRect().top - 150));
  await shoot(page, 'phone-scorecard');
  await page.context().close();
}

async function laptopScreens(browser: Browser, races: DemoRaces): Promise<void> {
  const page = await newPage(browser, LAPTOP);
  await page.goto(`/races/${races.past}/results`);
  await page.getByTestId('results-table').first().locator('tbody tr').first().waitFor();
  await shoot(page, 'laptop-results');

  await logIn(page, ORGANISER);
  await page.goto(`/admin/races/${races.ongoing}`);
  await page.getByTestId('race-next-step-button').waitFor();
  await page.getByRole('table').first().locator('tbody tr').first().waitFor();
  await shoot(page, 'laptop-race-management');
  await page.context().close();
}

async function projectorScreen(browser: Browser, races: DemoRaces): Promise<void> {
  const page = await newPage(browser, PROJECTOR);
  await page.goto(`/live/race/${races.ongoing}/projector`);
  await page.getByTestId('projector-table').locator('tbody tr').first().waitFor();
  await shoot(page, 'projector');
  await page.context().close();
}

/** The finished race's results as Chromium prints them on A4: the first page, at 80 dpi. */
async function printScreen(browser: Browser, races: DemoRaces, workDir: string): Promise<void> {
  const page = await newPage(browser, LAPTOP);
  await page.goto(`/races/${races.past}/results`);
  await page.getByTestId('results-table').first().locator('tbody tr').first().waitFor();
  await page.evaluate(() => document.fonts.ready);
  const pdf = path.join(workDir, 'results.pdf');
  writeFileSync(pdf, await page.pdf({ format: 'A4' }));
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', pdf, path.join(outputDir, 'print-results-a4')]);
  await page.context().close();
}

async function main(): Promise<void> {
  mkdirSync(outputDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'climbing-screenshots-'));
  let stop: (() => Promise<void>) | undefined;
  let browser: Browser | undefined;
  try {
    console.log(`Seeding the demo into ${dataDir}...`);
    const races = seedDemo(dataDir);
    stop = await startServer(dataDir);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars'] });
    await phoneScreens(browser, races);
    await laptopScreens(browser, races);
    await projectorScreen(browser, races);
    await printScreen(browser, races, dataDir);
    const names = ['phone-live-results', 'phone-scorecard', 'laptop-race-management', 'laptop-results', 'projector', 'print-results-a4'];
    const tooLarge: string[] = [];
    for (const name of names) {
      const bytes = statSync(path.join(outputDir, `${name}.png`)).size;
      console.log(`docs/screenshots/${name}.png  ${Math.round(bytes / 1024)} KB`);
      if (bytes > MAX_BYTES) tooLarge.push(name);
    }
    if (tooLarge.length > 0) throw new Error(`over ${MAX_BYTES / 1024} KB: ${tooLarge.join(', ')}`);
  } finally {
    await browser?.close();
    await stop?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
