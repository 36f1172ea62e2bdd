import { expect, type APIRequestContext, type Browser, type CDPSession, type Page } from '@playwright/test';
import { setUpJudgedRace } from './judging';
import { boulderingRaceWithFinal } from './results-races';

/*
 * Issue 14, item 5: what the public live page and a judge's scorecard cost on a first visit, read
 * from Chromium's own network log (CDP), and the slow network the issue measures them on.
 */

/** The slow network: 1.6 Mbps down, 150 ms round trip, and a phone's CPU (4x slower). */
export const SLOW_NETWORK = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 } as const;
export const CPU_SLOWDOWN = 4;

export interface ScriptWeight {
  /** Compressed bytes of the response bodies (what the budget counts). */
  body: number;
  /** Bytes on the wire, response headers included. */
  transferred: number;
  files: number;
  /** Scripts of 1 KB or more that came uncompressed (the build compresses those; smaller ones gain nothing). */
  uncompressed: string[];
}

/**
 * Starts the network log on a fresh page with the browser cache off: every script of the visit is
 * fetched, as on a first visit. Call `weight()` when the page is ready.
 */
export async function watchScripts(page: Page): Promise<{ cdp: CDPSession; weight: () => ScriptWeight }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map<string, { url: string; headerBytes: number; encoding: string }>();
  const finished = new Map<string, number>();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type !== 'Script') return;
    const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] ?? '';
    // At the time the response arrives, what has been received is its status line and headers.
    scripts.set(requestId, { url: response.url, headerBytes: response.encodedDataLength, encoding });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    finished.set(requestId, encodedDataLength);
  });
  const weight = (): ScriptWeight => {
    let body = 0;
    let transferred = 0;
    const uncompressed: string[] = [];
    for (const [requestId, script] of scripts) {
      const total = finished.get(requestId) ?? 0;
      const bodyBytes = total - script.headerBytes;
      transferred += total;
      body += bodyBytes;
      if (script.encoding === '' && bodyBytes >= 1024) uncompressed.push(script.url);
    }
    return { body, transferred, files: scripts.size, uncompressed };
  };
  return { cdp, weight };
}

/** The slow network and CPU on this page's CDP session. */
export async function emulateSlowPhone(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_NETWORK });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

export const kilobytes = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/** A public race with results of its qualification and final: the live page has rows to show. */
export async function liveRace(request: APIRequestContext): Promise<{ path: string }> {
  const race = await boulderingRaceWithFinal(request);
  return { path: `/live/race/${race.raceId}` };
}

/** The first results row of the live page, the moment the page is of use to a visitor. */
export const firstResultsRow = (page: Page) => page.locator('[data-testid^="result-row-"]').first();

/**
 * A race in its qualification and a browser context where one of its judges has logged in on the
 * scorecard (the session cookie stays with the context): the next visit opens the racer list.
 */
export async function judgeSession(browser: Browser, request: APIRequestContext) {
  const race = await setUpJudgedRace(request, 'BOULDERING', { racers: 3 });
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US' });
  const page = await context.newPage();
  const judge = race.judges[0]!;
  await page.goto(`/races/${race.raceId}/scorecard`);
  await page.getByRole('textbox', { name: 'Judge login or e-mail' }).fill(judge.login);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(judge.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(firstRacer(page)).toBeVisible();
  await page.close();
  return { context, path: `/races/${race.raceId}/scorecard` };
}

/** The scorecard's first racer to pick, the moment a judge can start entering scores. */
export const firstRacer = (page: Page) => page.getByTestId('racer-option').first();
