import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/db/database.ts';
import { adminConnection, databaseUrlFor } from './postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a migrated data directory dump each test file starts from. */
    pgliteDumpFile: string;
    /** PostgreSQL: a migrated template database each test file copies. */
    postgresTemplate: string;
  }
}

/**
 * Migrates once per run; test files then copy the result (a PGlite dump, or a PostgreSQL
 * template database) instead of paying for migrations each time.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const template = `climbing_tpl_${process.pid}`;
    const admin = await adminConnection(databaseUrl);
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${template}`);
    const handle = openPostgres(databaseUrlFor(databaseUrl, template), { max: 1 });
    await handle.migrate();
    await handle.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteDumpFile', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }

  const handle = await openPglite(undefined);
  await handle.migrate();
  if (!handle.dumpDataDir) throw new Error('PGlite handle cannot dump its data directory');
  const dump = await handle.dumpDataDir();
  await handle.close();
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'climbing-pglite-'));
  const dumpFile = path.join(directory, 'migrated.tar');
  await fs.writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDumpFile', dumpFile);
  project.provide('postgresTemplate', '');
  return async () => {
    await fs.rm(directory, { recursive: true, force: true });
  };
}
