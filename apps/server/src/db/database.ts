import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The Drizzle database, the same type whichever engine runs underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept either it or the database. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Database;
  /** Runs the committed drizzle-kit migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /** Answers whether the engine responds to a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to start copies from (the test harness uses it). */
  dumpDataDir?: () => Promise<Blob>;
}

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

export async function openPglite(dataDir: string | undefined, options: { loadDataDir?: Blob } = {}): Promise<DatabaseHandle> {
  if (dataDir) await fs.mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    migrate: () => migratePglite(drizzlePglite(client, { schema, casing: 'snake_case' }), { migrationsFolder }),
    ping: () => pingDatabase(db),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

export function openPostgres(connectionString: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePostgres(pool, { schema, casing: 'snake_case' });
  return {
    kind: 'postgres',
    db: db as unknown as Database,
    migrate: () => migratePostgres(db, { migrationsFolder }),
    ping: () => pingDatabase(db as unknown as Database),
    close: () => pool.end(),
  };
}

/** PGlite in `<dataDir>/pglite` unless DATABASE_URL points at a real PostgreSQL. */
export async function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(path.join(config.dataDir, 'pglite'));
}

async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
