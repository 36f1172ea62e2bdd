/** What the benchmarks share: a database for the run, percentiles. */
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/db/database.ts';

export const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

export const summary = (values: number[]): string => `p50 ${percentile(values, 50).toFixed(1)} ms  p95 ${percentile(values, 95).toFixed(1)} ms  p99 ${percentile(values, 99).toFixed(1)} ms`;

/** PGlite in the run's directory by default; with DATABASE_URL a fresh database on that server, dropped afterwards. */
export async function openBenchDatabase(dataDir: string): Promise<{ handle: DatabaseHandle; kind: string; url: string | null; dispose: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await openPglite(path.join(dataDir, 'pglite'));
    await handle.migrate();
    return { handle, kind: 'PGlite', url: null, dispose: () => handle.close() };
  }
  const name = `climbing_${process.env.BENCH_DB_PREFIX ?? 'bench'}_${Date.now()}`;
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
    url: target.toString(),
    async dispose() {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
