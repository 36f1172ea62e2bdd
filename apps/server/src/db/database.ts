import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { serverRoot } from '../lib/server-root.ts';
import { namePreparedStatements } from './prepared-statements.ts';

export type Schema = typeof schema;
/** The Drizzle database, the same type whichever engine runs underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept either it or the database. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * Whether reads may go side by side: on the database each takes a connection of the pool; a
 * transaction is one connection, which runs one query at a time (node-postgres queues a second
 * one and warns that version 9 will refuse it).
 */
export const readsSideBySide = (db: Executor): boolean => !(db instanceof PgTransaction);

/** Runs the reads side by side where `db` allows it (readsSideBySide), else one after the other, in order. */
export async function readAll<T extends unknown[]>(db: Executor, reads: [...{ [K in keyof T]: () => Promise<T[K]> }]): Promise<T> {
  if (readsSideBySide(db)) return (await Promise.all(reads.map((read) => read()))) as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as T;
}

/** The rows of `db.execute`'s result, as either driver answers them (`{ rows }`). */
export const rowsOf = (result: unknown): Record<string, unknown>[] => (result as { rows?: Record<string, unknown>[] }).rows ?? [];

/**
 * A json column of the first row of `db.execute`'s result, parsed by either driver (node-postgres
 * and PGlite both answer `{ rows }` and parse json). For reads of thousands of rows as one array.
 */
export function jsonColumn<T>(result: unknown, column: string): T {
  const [row] = rowsOf(result);
  const value = row?.[column];
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Database;
  /** Runs the committed drizzle-kit migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /** Answers whether the engine responds to a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * Subscribes to PostgreSQL notifications on `channel` (NOTIFY / pg_notify, delivered on commit).
   * PGlite delivers within this process; PostgreSQL keeps one dedicated connection per handle that
   * reconnects after a loss, so every server instance on one database hears every commit.
   * Resolves once listening; the returned function stops it.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** PGlite only: the data directory as a tarball, to start copies from (the test harness uses it). */
  dumpDataDir?: () => Promise<Blob>;
  /** PostgreSQL only: the connection pool's clients (for the metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
  /** PostgreSQL only: where it connects (another process of the server opens its own connections there). */
  connectionString?: string;
}

export const migrationsFolder = path.join(serverRoot, 'drizzle');

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
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

export function openPostgres(connectionString: string, options: { max?: number } = {}): DatabaseHandle {
  const max = options.max ?? 10;
  const pool = new pg.Pool({ connectionString, max });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  namePreparedStatements(pool);
  const db = drizzlePostgres(pool, { schema, casing: 'snake_case' });
  return {
    kind: 'postgres',
    db: db as unknown as Database,
    migrate: () => migratePostgresExclusively(connectionString, () => migratePostgres(db, { migrationsFolder })),
    ping: () => pingDatabase(db as unknown as Database),
    close: () => pool.end(),
    listen: (channel, onPayload) => listenPostgres(connectionString, channel, onPayload),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    connectionString,
  };
}

/** pg_advisory_lock key of the migrations ("climbing" in ASCII, as a bigint). */
const MIGRATION_LOCK_KEY = '109534016659312';

/**
 * Several instances starting at once on one PostgreSQL (docs/deployment.md) must not run the
 * migrations side by side: the first takes a session-level advisory lock and migrates, the others
 * wait for it and then find nothing left to do.
 */
async function migratePostgresExclusively(connectionString: string, migrate: () => Promise<void>): Promise<void> {
  // The lock is held on a connection of its own: taking it from the pool would starve a pool of
  // one (the test template's), whose only connection the migrations themselves need.
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

const RECONNECT_DELAY_MS = 1000;

/** One LISTEN connection outside the pool (a pooled client would be handed to queries). */
async function listenPostgres(connectionString: string, channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const scheduleReconnect = (): void => {
    if (stopped) return;
    retry = setTimeout(() => {
      connect().catch(scheduleReconnect);
    }, RECONNECT_DELAY_MS);
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    const lost = (): void => {
      if (client !== next) return;
      client = null;
      void next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', lost);
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      void next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    if (current) await current.end().catch(() => undefined);
  };
}

/**
 * PGlite in `<dataDir>/pglite` unless DATABASE_URL points at a real PostgreSQL. The embedded
 * database is held under an exclusive lock of the data directory (`data-dir-lock.ts`) until it is
 * closed: a second process on the same directory fails here with DataDirLockedError.
 */
export async function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }, purpose = 'server'): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const lock = acquireDataDirLock(config.dataDir, purpose);
  let handle: DatabaseHandle;
  try {
    handle = await openPglite(path.join(config.dataDir, 'pglite'));
  } catch (error) {
    lock.release();
    throw error;
  }
  // A crash that skips close() leaves a stale lock, which the next start detects; a normal exit tidies up.
  const releaseOnExit = (): void => lock.release();
  process.once('exit', releaseOnExit);
  return {
    ...handle,
    close: async () => {
      try {
        await handle.close();
      } finally {
        process.removeListener('exit', releaseOnExit);
        lock.release();
      }
    },
  };
}

async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
