import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type AppConfig } from '../../src/config.ts';
import { openPglite, openPostgres, type DatabaseHandle } from '../../src/db/database.ts';
import { adminConnection, databaseUrlFor } from './postgres-admin.ts';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** PostgreSQL only: the URL of this test file's database, for a second server instance. */
  url?: string;
  dispose(): Promise<void>;
}

/** A fresh, migrated database for one test file: a PGlite copy, or a PostgreSQL database cloned from the template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const databaseUrl = process.env.DATABASE_URL;
  const template = inject('postgresTemplate');
  if (databaseUrl && template) {
    const name = `climbing_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = await adminConnection(databaseUrl);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const url = databaseUrlFor(databaseUrl, name);
    const handle = openPostgres(url, { max: 5 });
    return {
      handle,
      url,
      async dispose() {
        await handle.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dump = await fs.readFile(inject('pgliteDumpFile'));
  const handle = await openPglite(undefined, { loadDataDir: new Blob([dump]) });
  return { handle, dispose: () => handle.close() };
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  database: DatabaseHandle;
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database, with a temporary data directory and quiet logs. */
export async function createTestApp(environment: NodeJS.ProcessEnv = {}, options: { clock?: () => Date; logStream?: { write(line: string): void } } = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'climbing-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // The suites register many one-time racers from one address; test/security sets the real limits.
    REGISTRATION_LIMIT_PER_ADDRESS: '100000',
    REGISTRATION_LIMIT_PER_RACE: '100000',
    ...environment,
  });
  const database = await createTestDatabase();
  const app = await buildApp(config, { database: database.handle, ...(options.clock ? { clock: options.clock } : {}), ...(options.logStream ? { logStream: options.logStream } : {}) });
  await app.ready();
  return {
    app,
    config,
    database: database.handle,
    databaseUrl: database.url,
    async close() {
      await app.close();
      await database.dispose();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
