import { test, type Locator, type Page } from '@playwright/test';
import { CPU_SLOWDOWN, SLOW_NETWORK, emulateSlowPhone, firstRacer, firstResultsRow, judgeSession, kilobytes, liveRace, watchScripts } from '../support/page-weight';

/*
 * Issue 14, item 5: how long the public live page and a judge's scorecard take to be of use on the
 * slow network (1.6 Mbps down, 150 ms round trip, CPU 4x slower through CDP), each visit cold (cache
 * off, no service worker). Usable means the first results row, or the scorecard's first racer, on
 * screen. The baseline, taken in the same run, is a blank page (the favicon, one small request) on
 * the same emulated network. Targets: live page under 4 s, scorecard under 5 s.
 * Knob: BENCH_ROUNDS (default 5). Figures go to docs/performance.md.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Opens `path` on a fresh page of the slow phone and times it until `ready` shows. */
async function timeVisit(newPage: () => Promise<Page>, path: string, ready: (page: Page) => Locator | null) {
  const page = await newPage();
  const { cdp, weight } = await watchScripts(page);
  await emulateSlowPhone(cdp);
  const started = Date.now();
  await page.goto(path, { waitUntil: ready(page) ? 'commit' : 'load' });
  await ready(page)?.waitFor({ state: 'visible', timeout: 60_000 });
  const elapsed = Date.now() - started;
  const { body } = weight();
  await page.close();
  return { elapsed, body };
}

test('live page and scorecard on the slow network', async ({ browser, request }) => {
  test.setTimeout(ROUNDS * 3 * 60_000);
  const live = await liveRace(request);
  const judge = await judgeSession(browser, request);
  const visitor = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US' });
  const cases = [
    { name: 'blank page (baseline)', path: '/favicon.svg', newPage: () => visitor.newPage(), ready: () => null, target: null },
    { name: 'live page, first results row', path: live.path, newPage: () => visitor.newPage(), ready: firstResultsRow, target: 4000 },
    { name: "scorecard, judge's first racer", path: judge.path, newPage: () => judge.context.newPage(), ready: firstRacer, target: 5000 },
  ];
  const times = new Map(cases.map((entry) => [entry.name, [] as number[]]));
  const weights = new Map<string, number>();
  // Rounds alternate the cases, so a busy moment of the machine hits all of them alike.
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const entry of cases) {
      const { elapsed, body } = await timeVisit(entry.newPage, entry.path, entry.ready);
      times.get(entry.name)!.push(elapsed);
      weights.set(entry.name, body);
    }
  }
  const baseline = median(times.get(cases[0]!.name)!);
  console.log(`\nSlow network: ${(SLOW_NETWORK.downloadThroughput * 8) / 1e6} Mbps down, ${SLOW_NETWORK.latency} ms RTT, CPU ${CPU_SLOWDOWN}x slower; ${ROUNDS} cold visits each`);
  console.log('| page | JS (compressed) | median | min | max | vs blank page | target |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const entry of cases) {
    const values = times.get(entry.name)!;
    const middle = median(values);
    console.log(
      `| ${entry.name} | ${kilobytes(weights.get(entry.name)!)} | ${middle} ms | ${Math.min(...values)} ms | ${Math.max(...values)} ms | ${(middle / baseline).toFixed(1)}x | ${entry.target === null ? '' : `${entry.target} ms ${middle < entry.target ? 'met' : 'MISSED'}`} |`,
    );
  }
  await visitor.close();
  await judge.context.close();
});
