import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, openPglite, openPostgres, type DatabaseHandle } from '../../src/db/database.ts';
import { adminConnection, databaseUrlFor } from '../support/postgres-admin.ts';

const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };

async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  const rows = await handle.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as Array<{ count: number }>;
  return Number(list[0]!.count);
}

/** Fails instead of hanging when a migration waits on something that never comes. */
function withinSeconds<T>(seconds: number, work: Promise<T>): Promise<T> {
  return Promise.race([work, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`migrations still running after ${seconds} s`)), seconds * 1000).unref())]);
}

const databaseUrl = process.env.DATABASE_URL;

describe('migrations', () => {
  if (databaseUrl) {
    it('migrate once when two instances start together on an empty PostgreSQL, even with a pool of one connection', async () => {
      const name = `climbing_migrate_${crypto.randomBytes(5).toString('hex')}`;
      const admin = await adminConnection(databaseUrl);
      await admin.query(`CREATE DATABASE ${name}`);
      const url = databaseUrlFor(databaseUrl, name);
      // The test template is migrated through a pool of one: the advisory lock must not take that connection.
      const single = openPostgres(url, { max: 1 });
      const other = openPostgres(url, { max: 3 });
      try {
        await withinSeconds(60, Promise.all([single.migrate(), other.migrate()]));
        expect(await appliedMigrations(single)).toBe(journal.entries.length);
        await withinSeconds(20, single.migrate());
        expect(await appliedMigrations(other)).toBe(journal.entries.length);
      } finally {
        await single.close();
        await other.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    });
  } else {
    it('migrate an empty embedded database to the journal, and a second run changes nothing', async () => {
      const handle = await openPglite(undefined);
      try {
        await withinSeconds(60, handle.migrate());
        expect(await appliedMigrations(handle)).toBe(journal.entries.length);
        await withinSeconds(20, handle.migrate());
        expect(await appliedMigrations(handle)).toBe(journal.entries.length);
      } finally {
        await handle.close();
      }
    });
  }
});
