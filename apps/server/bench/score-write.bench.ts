/**
 * npm run bench:score-write — what one score write costs (issue 13, item 4): BENCH_WRITES (300)
 * sequential boulder writes with an Idempotency-Key through the real route (app.inject, so no
 * socket), against two raw baselines in the same run on the same database: a transaction of the
 * write's shape (BEGIN, 2 statements, COMMIT) and a 7-statement one (BEGIN, 5 statements, COMMIT), as in the issue. PGlite
 * by default; with DATABASE_URL a fresh database on that PostgreSQL server.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { boulderRaceFixture } from '../test/support/race-fixture.ts';
import { openBenchDatabase, percentile, summary } from './bench-support.ts';

const WRITES = Number(process.env.BENCH_WRITES ?? 300);

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'climbing-bench-'));
  const database = await openBenchDatabase(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256', WEB_DIST_DIR: path.join(dataDir, 'no-web') });
  const app = await buildApp(config, { database: database.handle });
  await app.ready();
  try {
    const harness = { app, config, database: database.handle, databaseUrl: database.url ?? undefined, close: async () => undefined };
    const fixture = await boulderRaceFixture(harness, { racers: 30 });
    const versions = new Map(fixture.racers.map((racer) => [racer.roundId, 0]));
    const writes: number[] = [];
    for (let index = 0; index < WRITES + 20; index += 1) {
      const racer = fixture.racers[index % fixture.racers.length]!;
      const attempts = 1 + (index % 5);
      const started = performance.now();
      const response = await app.inject({
        method: 'PUT',
        url: `/api/racer/${racer.racerId}/round/${racer.roundId}`,
        headers: { authorization: `Bearer ${fixture.adminToken}`, 'idempotency-key': `bench-${Date.now()}-${index}` },
        payload: { version: versions.get(racer.roundId), boulders: [{ boulderIndex: index % 4, topAttempts: attempts, zoneAttempts: 1, currentAttempt: attempts }] },
      });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`write ${index}: ${response.statusCode} ${response.body}`);
      versions.set(racer.roundId, (response.json() as { version: number }).version);
      if (index >= 20) writes.push(elapsed);
    }

    // Raw transactions on the same database, outside the app: the floor a write cannot go under.
    const raw = async (statements: number): Promise<number[]> => {
      const times: number[] = [];
      const roundId = fixture.racers[0]!.roundId;
      for (let index = 0; index < WRITES + 20; index += 1) {
        const started = performance.now();
        await app.db.transaction(async (tx) => {
          for (let statement = 0; statement < statements; statement += 1) await tx.execute(sql`select version from rounds where id = ${roundId}`);
        });
        if (index >= 20) times.push(performance.now() - started);
      }
      return times;
    };
    const shape = await raw(2);
    const seven = await raw(5);
    const kind = database.url ? 'PostgreSQL' : 'PGlite';
    console.log(`${kind}, ${WRITES} sequential writes after 20 warm-up`);
    console.log(`score write (route, key, 30 racers):          ${summary(writes)}`);
    console.log(`raw transaction BEGIN + 2 selects + COMMIT:    ${summary(shape)}`);
    console.log(`raw transaction BEGIN + 5 selects + COMMIT:    ${summary(seven)}`);
    console.log(`write p95 / raw 4-statement p95: ×${(percentile(writes, 95) / percentile(shape, 95)).toFixed(2)}`);
  } finally {
    await app.close();
    await database.dispose();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
