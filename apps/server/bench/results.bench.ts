/**
 * npm run bench:results — what reading results costs: a bouldering race of BENCH_RACERS racers
 * (300) with scores; then (1) BENCH_READS (300) sequential GET /api/results of the unchanged race,
 * (2) BENCH_CONNECTS (1,000) live subscribers connecting in waves of 100, timed until each has its first
 * `results` event, (3) BENCH_PAIRS (50) score writes each followed by a results request (the read
 * after a change). PGlite by default; with DATABASE_URL a fresh database on that server.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openBenchDatabase, summary } from './bench-support.ts';
import { boulderRaceFixture } from '../test/support/race-fixture.ts';

const RACERS = Number(process.env.BENCH_RACERS ?? 300);
const READS = Number(process.env.BENCH_READS ?? 300);
const CONNECTS = Number(process.env.BENCH_CONNECTS ?? 1000);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 50);

/** Opens one live stream and resolves with the milliseconds until its first `results` event; the stream stays open. */
function firstEvent(url: string, agent: http.Agent, open: http.ClientRequest[]): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { accept: 'text/event-stream' } }, (response) => {
      let buffer = '';
      let done = false;
      response.setEncoding('utf8');
      // Destroying the stream at the end resets the connection: not an error of the benchmark.
      response.on('error', () => undefined);
      response.on('data', (chunk: string) => {
        if (done) return;
        buffer += chunk;
        if (buffer.includes('event: results')) {
          done = true;
          resolve(performance.now() - started);
        }
      });
    });
    request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    open.push(request);
  });
}

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'climbing-bench-'));
  const database = await openBenchDatabase(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256', WEB_DIST_DIR: path.join(dataDir, 'no-web') });
  const app = await buildApp(config, { database: database.handle });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const harness = { app, config, database: database.handle, databaseUrl: undefined, close: async () => undefined };
    const fixture = await boulderRaceFixture(harness, { racers: RACERS, boulders: 5 });
    const write = async (index: number, attempts: number): Promise<void> => {
      const racer = fixture.racers[index % fixture.racers.length]!;
      const response = await app.inject({
        method: 'PUT',
        url: `/api/racer/${racer.racerId}/round/${racer.roundId}`,
        headers: { authorization: `Bearer ${fixture.adminToken}` },
        payload: { boulders: [{ topAttempts: attempts, zoneAttempts: 1 }, { topAttempts: null, zoneAttempts: attempts }] },
      });
      if (response.statusCode !== 200) throw new Error(`write: ${response.statusCode} ${response.body}`);
    };
    for (let index = 0; index < RACERS; index += 1) await write(index, 1 + (index % 4));
    const resultsUrl = `/api/results/${fixture.raceId}?stage=QUALIFICATION`;
    console.log(`${database.kind}: ${RACERS} racers x 5 boulders, scored; ${os.cpus().length} cores`);

    for (let index = 0; index < 10; index += 1) await app.inject({ method: 'GET', url: resultsUrl });
    const reads: number[] = [];
    for (let index = 0; index < READS; index += 1) {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url: resultsUrl });
      reads.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`read: ${response.statusCode}`);
    }
    console.log(`results of an unchanged race (${READS} sequential GET)   ${summary(reads)}`);

    const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
    const open: http.ClientRequest[] = [];
    const connectStarted = performance.now();
    const firsts: number[] = [];
    // In waves of 100: a thousand SYNs at once overflow the listen backlog of a test machine.
    for (let wave = 0; wave < CONNECTS; wave += 100) {
      const size = Math.min(100, CONNECTS - wave);
      firsts.push(...(await Promise.all(Array.from({ length: size }, () => firstEvent(`${baseUrl}/api/live/race/${fixture.raceId}`, agent, open)))));
    }
    const allConnected = performance.now() - connectStarted;
    console.log(`${CONNECTS} live subscribers connecting (waves of 100) first event ${summary(firsts)}; all in ${allConnected.toFixed(0)} ms`);
    for (const request of open) request.destroy();
    agent.destroy();
    await new Promise((resolve) => setTimeout(resolve, 500));

    const afterWrite: number[] = [];
    for (let index = 0; index < PAIRS; index += 1) {
      await write(index, 1 + ((index + 1) % 4));
      const started = performance.now();
      await app.inject({ method: 'GET', url: resultsUrl });
      afterWrite.push(performance.now() - started);
    }
    console.log(`results right after a score write (${PAIRS} pairs)        ${summary(afterWrite)}`);
  } finally {
    await app.close();
    await database.dispose();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
