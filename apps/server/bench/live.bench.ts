/**
 * npm run bench:live — 30 judges writing scores in a loop and 1,000 Server-Sent Events subscribers
 * on one race, against the real server over HTTP. PGlite by default; with DATABASE_URL a fresh
 * database is created on that PostgreSQL server for the run and dropped afterwards.
 * Prints score-write p50/p95/p99, the delay until subscribers receive a score (p50/p95/p99) and
 * whether every measured subscriber's final results equal a fresh GET /api/results.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/db/database.ts';
import { boulderRaceFixture } from '../test/support/race-fixture.ts';
import type { ClientsInput, ClientsOutput } from './live-clients.ts';

const JUDGES = Number(process.env.BENCH_JUDGES ?? 30);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const WRITES_PER_JUDGE = Number(process.env.BENCH_WRITES ?? 40);
const MEASURED = Number(process.env.BENCH_MEASURED ?? 50);
/** Mean pause of each judge between writes; 0 writes back to back (saturation). */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 0);

const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const ms = (value: number): string => `${value.toFixed(1)} ms`;

async function openDatabase(dataDir: string): Promise<{ handle: DatabaseHandle; kind: string; dispose: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await openPglite(path.join(dataDir, 'pglite'));
    await handle.migrate();
    return { handle, kind: 'PGlite', dispose: () => handle.close() };
  }
  const name = `climbing_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = openPostgres(target.toString(), { max: 20 });
  await handle.migrate();
  return {
    handle,
    kind: 'PostgreSQL',
    async dispose() {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'climbing-bench-'));
  const database = await openDatabase(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256', WEB_DIST_DIR: path.join(dataDir, 'no-web') });
  const app = await buildApp(config, { database: database.handle });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  try {
    const harness = { app, config, database: database.handle, databaseUrl: undefined, close: async () => undefined };
    const fixture = await boulderRaceFixture(harness, { racers: JUDGES, boulders: 4 });
    console.log(`${database.kind}: ${JUDGES} judges x ${WRITES_PER_JUDGE} writes (think time ${THINK_MS} ms), ${SUBSCRIBERS} subscribers (${MEASURED} timed) on one race, ${os.cpus().length} cores`);

    const input: ClientsInput = {
      baseUrl,
      raceId: fixture.raceId,
      token: fixture.adminToken,
      judges: fixture.racers.map(({ racerId, roundId }) => ({ racerId, roundId })),
      writesPerJudge: WRITES_PER_JUDGE,
      thinkMs: THINK_MS,
      subscribers: SUBSCRIBERS,
      measuredSubscribers: MEASURED,
    };
    const started = performance.now();
    const output = await new Promise<ClientsOutput>((resolve, reject) => {
      // A worker does not inherit tsx's loader: register it, then import the TypeScript module.
      const clients = new URL('./live-clients.ts', import.meta.url).href;
      const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(clients)}); });`;
      const worker = new Worker(bootstrap, { eval: true, workerData: input });
      worker.once('message', (message: ClientsOutput | { error: string }) => ('error' in message ? reject(new Error(message.error)) : resolve(message)));
      worker.once('error', reject);
    });
    const seconds = (performance.now() - started) / 1000;

    const fresh = (await app.inject({ method: 'GET', url: `/api/results/${fixture.raceId}?stage=QUALIFICATION` })).json() as {
      racer: { id: number };
      rank: number;
      tops: number;
      topAttempts: number;
    }[];
    const expected = JSON.stringify(fresh.map((row) => ({ racerId: row.racer.id, rank: row.rank, tops: row.tops, topAttempts: row.topAttempts })).sort((a, b) => a.racerId - b.racerId));
    const stale = output.lastRowsBySubscriber.filter((rows) => JSON.stringify([...rows].sort((a, b) => a.racerId - b.racerId)) !== expected).length;

    console.log(`connected subscribers      ${output.connected}`);
    console.log(`score writes               ${output.writeMs.length} in ${seconds.toFixed(1)} s (${output.failures} failed, ${output.conflicts} version conflicts)`);
    console.log(`write latency              p50 ${ms(percentile(output.writeMs, 50))}  p95 ${ms(percentile(output.writeMs, 95))}  p99 ${ms(percentile(output.writeMs, 99))}`);
    console.log(`delivery (send to receipt) p50 ${ms(percentile(output.deliveryMs, 50))}  p95 ${ms(percentile(output.deliveryMs, 95))}  p99 ${ms(percentile(output.deliveryMs, 99))}  (${output.deliveryMs.length} timed deliveries)`);
    console.log(`events at timed subscribers ${output.eventsReceived}; bytes to all subscribers ${(output.bytesReceived / 1e6).toFixed(1)} MB`);
    console.log(`lost updates               ${stale === 0 ? 'none' : `${stale} of ${output.lastRowsBySubscriber.length} subscribers differ from GET /api/results`}`);
    if (stale > 0 || output.failures > 0) process.exitCode = 1;
  } finally {
    await app.close();
    await database.dispose();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
