/**
 * npm run bench:score-write — what one score write costs (issue 13, item 4): BENCH_WRITES (300)
 * sequential boulder writes with an Idempotency-Key through the real route (app.inject, so no
 * socket), against raw baselines in the same run on the same database: a read-only transaction
 * (BEGIN, 2 selects, COMMIT: the round-trip floor) and a raw write of the score write's shape (BEGIN,
 * the row locked, updated, a log row inserted, pg_notify, COMMIT: 7 statements, as in the issue) on
 * a scratch table. PGlite by default; with DATABASE_URL a fresh database on that PostgreSQL server.
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
    const repeat = async (transaction: (index: number) => Promise<unknown>): Promise<number[]> => {
      const times: number[] = [];
      for (let index = 0; index < WRITES + 20; index += 1) {
        const started = performance.now();
        await transaction(index);
        if (index >= 20) times.push(performance.now() - started);
      }
      return times;
    };
    const roundId = fixture.racers[0]!.roundId;
    const reads = await repeat(() =>
      app.db.transaction(async (tx) => {
        for (let statement = 0; statement < 2; statement += 1) await tx.execute(sql`select version from rounds where id = ${roundId}`);
      }),
    );
    await app.db.execute(sql`create table bench_raw (id int primary key, value int not null, version int not null)`);
    await app.db.execute(sql`create table bench_raw_log (id serial primary key, raw_id int not null, value int not null)`);
    await app.db.execute(sql`insert into bench_raw values (1, 0, 0)`);
    const rawWrites = await repeat((index) =>
      app.db.transaction(async (tx) => {
        await tx.execute(sql`select version from bench_raw where id = 1 for update`);
        await tx.execute(sql`update bench_raw set value = ${index}, version = version + 1 where id = 1`);
        await tx.execute(sql`insert into bench_raw_log (raw_id, value) values (1, ${index})`);
        await tx.execute(sql`select pg_notify('bench_raw', '1')`);
      }),
    );
    const kind = database.url ? 'PostgreSQL' : 'PGlite';
    console.log(`${kind}, ${WRITES} sequential writes after 20 warm-up`);
    console.log(`score write (route, key, 30 racers):               ${summary(writes)}`);
    console.log(`raw read-only BEGIN + 2 selects + COMMIT:           ${summary(reads)}`);
    console.log(`raw write BEGIN + lock, update, insert, notify + COMMIT: ${summary(rawWrites)}`);
    console.log(`write p95 / raw write p95: ×${(percentile(writes, 95) / percentile(rawWrites, 95)).toFixed(2)}`);
  } finally {
    await app.close();
    await database.dispose();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
