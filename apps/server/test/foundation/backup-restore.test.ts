import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { DataDirLockedError, LOCK_FILE_NAME } from '../../src/db/data-dir-lock.ts';
import { BackupError, backup, backupFormatOf, restore } from '../../src/ops/backup.ts';
import { client } from '../support/accounts.ts';
import { adminConnection, databaseUrlFor } from '../support/postgres-admin.ts';
import { boulderRaceFixture } from '../support/race-fixture.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Every table of the application (public) and of the migrations (drizzle), each as its rows in a stable order. */
async function everyTable(query: Query): Promise<Record<string, string[]>> {
  const tables = await query(
    "select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1",
  );
  const snapshot: Record<string, string[]> = {};
  for (const { name } of tables) {
    const [schema, table] = String(name).split('.');
    const rows = await query(`select row_to_json(t)::text as row from "${schema}"."${table}" t order by 1`);
    snapshot[String(name)] = rows.map((row) => String(row.row));
  }
  return snapshot;
}

async function pgliteTables(directory: string): Promise<Record<string, string[]>> {
  const database = await PGlite.create(directory);
  try {
    return await everyTable(async (text) => (await database.query<Record<string, unknown>>(text)).rows);
  } finally {
    await database.close();
  }
}

async function postgresTables(url: string): Promise<Record<string, string[]>> {
  const connection = new pg.Client({ connectionString: url });
  await connection.connect();
  try {
    return await everyTable(async (text) => (await connection.query<Record<string, unknown>>(text)).rows);
  } finally {
    await connection.end();
  }
}

/** A race with racers and scores, through the API, so that most tables have rows. */
async function fill(harness: TestApp): Promise<number> {
  const api = client(harness);
  const fixture = await boulderRaceFixture(harness, { racers: 4 });
  for (const [index, racer] of fixture.racers.entries()) {
    const response = await api.call('PUT', `/api/racer/${racer.racerId}/round/${racer.roundId}`, {
      token: fixture.adminToken,
      payload: { boulders: [{ topAttempts: index + 1, zoneAttempts: 1 }, { topAttempts: null, zoneAttempts: index + 1 }] },
    });
    if (response.statusCode !== 200) throw new Error(`score: ${response.statusCode} ${response.body}`);
  }
  return fixture.raceId;
}

const quietConfig = (dataDir: string) => ({
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing', WEB_DIST_DIR: path.join(dataDir, 'no-web') }),
  databaseUrl: undefined,
});

describe('backup and restore of the embedded database (PGlite)', () => {
  let workspace: string;
  let source: string;
  let raceId: number;
  let expectedResults: unknown;

  beforeAll(async () => {
    workspace = await fs.mkdtemp(path.join(os.tmpdir(), 'climbing-backup-'));
    source = path.join(workspace, 'source');
    const app = await buildApp(quietConfig(source));
    const harness: TestApp = { app, config: app.config, database: app.database, databaseUrl: undefined, close: () => app.close() };
    try {
      raceId = await fill(harness);
      expectedResults = (await app.inject({ method: 'GET', url: `/api/results/${raceId}?stage=QUALIFICATION` })).json();
    } finally {
      await app.close();
    }
  });
  afterAll(async () => {
    await fs.rm(workspace, { recursive: true, force: true });
  });

  it('restores into a fresh data directory with every table row for row, and the server starts on it', async () => {
    const file = path.join(workspace, 'backups', 'climbing.tar.gz');
    const { format, bytes } = await backup({ databaseUrl: undefined, dataDir: source }, file);
    expect(format).toBe('pglite');
    expect(bytes).toBeGreaterThan(1000);
    expect(await backupFormatOf(file)).toBe('pglite');
    // The backup released the lock it took.
    await expect(fs.stat(path.join(source, LOCK_FILE_NAME))).rejects.toMatchObject({ code: 'ENOENT' });

    const target = path.join(workspace, 'target');
    await restore({ databaseUrl: undefined, dataDir: target }, file);
    const before = await pgliteTables(path.join(source, 'pglite'));
    const after = await pgliteTables(path.join(target, 'pglite'));
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['public.races', 'public.boulder_scores', 'public.score_audit_log', 'drizzle.__drizzle_migrations']));
    expect(before['public.boulder_scores']!.length).toBeGreaterThan(0);
    expect(after).toEqual(before);

    const app = await buildApp(quietConfig(target));
    try {
      const response = await app.inject({ method: 'GET', url: `/api/results/${raceId}?stage=QUALIFICATION` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(expectedResults);
    } finally {
      await app.close();
    }
  });

  it('refuses to back up a data directory a running server holds, and says so', async () => {
    const lockFile = path.join(source, LOCK_FILE_NAME);
    // The parent process stands for a live server holding the directory.
    await fs.writeFile(lockFile, JSON.stringify({ pid: process.ppid, hostname: os.hostname(), bootId: null, startedAt: new Date().toISOString(), purpose: 'server' }));
    const file = path.join(workspace, 'while-running.tar.gz');
    try {
      const failure = await backup({ databaseUrl: undefined, dataDir: source }, file).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DataDirLockedError);
      expect((failure as Error).message).toContain(`in use by another process (server, pid ${process.ppid}`);
      await expect(fs.stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await fs.rm(lockFile, { force: true });
    }
  });

  it('refuses to restore over a database, or a file that is not a backup, unless told to replace', async () => {
    const file = path.join(workspace, 'again.tar.gz');
    await backup({ databaseUrl: undefined, dataDir: source }, file);
    const occupied = path.join(workspace, 'occupied');
    await restore({ databaseUrl: undefined, dataDir: occupied }, file);
    await expect(restore({ databaseUrl: undefined, dataDir: occupied }, file)).rejects.toThrow(/already holds a database/);
    const replaced = await restore({ databaseUrl: undefined, dataDir: occupied }, file, { replace: true });
    expect(replaced.keptAside).toMatch(/pglite\.before-restore-/);
    expect(await pgliteTables(path.join(occupied, 'pglite'))).toEqual(await pgliteTables(path.join(source, 'pglite')));

    const notABackup = path.join(workspace, 'notes.txt');
    await fs.writeFile(notABackup, 'hello');
    await expect(restore({ databaseUrl: undefined, dataDir: path.join(workspace, 'other') }, notABackup)).rejects.toBeInstanceOf(BackupError);
    await expect(restore({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', dataDir: workspace }, file)).rejects.toThrow(/is a PGlite backup/);
  });
});

// With DATABASE_URL the suite runs on PostgreSQL (like every server test): pg_dump and pg_restore.
if (process.env.DATABASE_URL) {
  const serverUrl = process.env.DATABASE_URL;
  describe('backup and restore of PostgreSQL (pg_dump / pg_restore)', () => {
    let harness: TestApp;
    let workspace: string;
    let targetName: string;
    let admin: pg.Client;

    beforeAll(async () => {
      harness = await createTestApp();
      await fill(harness);
      workspace = await fs.mkdtemp(path.join(os.tmpdir(), 'climbing-backup-'));
      admin = await adminConnection(serverUrl);
      targetName = `climbing_test_restore_${crypto.randomBytes(6).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${targetName}`);
    });
    afterAll(async () => {
      await admin?.query(`DROP DATABASE IF EXISTS ${targetName} WITH (FORCE)`);
      await admin?.end();
      await harness?.close();
      await fs.rm(workspace, { recursive: true, force: true });
    });

    it('restores into a fresh database with every table row for row, and refuses a database that is not empty', async () => {
      const sourceUrl = harness.databaseUrl!;
      const file = path.join(workspace, 'climbing.dump');
      const { format } = await backup({ databaseUrl: sourceUrl, dataDir: workspace }, file);
      expect(format).toBe('postgres');
      expect(await backupFormatOf(file)).toBe('postgres');

      const targetUrl = databaseUrlFor(serverUrl, targetName);
      await restore({ databaseUrl: targetUrl, dataDir: workspace }, file);
      const before = await postgresTables(sourceUrl);
      expect(before['public.boulder_scores']!.length).toBeGreaterThan(0);
      expect(before['drizzle.__drizzle_migrations']!.length).toBeGreaterThan(0);
      expect(await postgresTables(targetUrl)).toEqual(before);

      await expect(restore({ databaseUrl: targetUrl, dataDir: workspace }, file)).rejects.toThrow(/not empty/);
      await restore({ databaseUrl: targetUrl, dataDir: workspace }, file, { replace: true });
      expect(await postgresTables(targetUrl)).toEqual(before);
    });
  });
}
