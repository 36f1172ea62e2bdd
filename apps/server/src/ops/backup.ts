import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { acquireDataDirLock } from '../db/data-dir-lock.ts';

/**
 * Backups of either database (docs/deployment.md, "Backups"):
 * - PGlite: the data directory `DATA_DIR/pglite` as a gzipped tarball (`dumpDataDir`), taken under
 *   the data directory's lock, so never while a server (or the demo) has it open: the files of a
 *   running embedded database are not a consistent copy. A locked directory fails with
 *   DataDirLockedError, whose message names the holder.
 * - PostgreSQL: `pg_dump --format=custom` of the DATABASE_URL database, consistent while the
 *   servers run (one snapshot), restored with `pg_restore`.
 */

export interface BackupTarget {
  databaseUrl: string | undefined;
  dataDir: string;
}

/** A failure the operator can fix (wrong file, non-empty target, missing tool): one clear line, no stack. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export type BackupFormat = 'pglite' | 'postgres';

/** What a backup file holds, from its first bytes: a pg_dump custom archive starts with PGDMP, a PGlite dump is a (gzipped) tarball. */
export async function backupFormatOf(file: string): Promise<BackupFormat | null> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(512);
    const { bytesRead } = await handle.read(head, 0, 512, 0);
    if (bytesRead >= 5 && head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
    if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    if (bytesRead >= 262 && head.subarray(257, 262).toString('latin1') === 'ustar') return 'pglite';
    return null;
  } finally {
    await handle.close();
  }
}

const pgliteDirectory = (dataDir: string): string => path.join(dataDir, 'pglite');

async function isNonEmptyDirectory(directory: string): Promise<boolean> {
  try {
    return (await fs.readdir(directory)).length > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Writes through a temporary file and renames it: a failed backup never leaves a half file under the name asked for. */
async function writeAtomically(file: string, write: (temporary: string) => Promise<void>): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.partial-${process.pid}`;
  try {
    await write(temporary);
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

function run(command: string, args: string[], environment: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'], env: { ...process.env, ...environment } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? new BackupError(`${command} was not found; install the PostgreSQL client tools (Debian: postgresql-client) of the server's major version.`) : error);
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

/**
 * The connection string without its password, which goes to pg_dump through PGPASSWORD instead of
 * the command line (visible to other users in the process list).
 */
function connectionArguments(databaseUrl: string): { url: string; environment: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), environment: password ? { PGPASSWORD: password } : {} };
}

/** Backs up the database the server would use (DATABASE_URL, else DATA_DIR) into `file`. */
export async function backup(target: BackupTarget, file: string): Promise<{ format: BackupFormat; bytes: number }> {
  if (target.databaseUrl) {
    const { url, environment } = connectionArguments(target.databaseUrl);
    await writeAtomically(file, (temporary) => run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${temporary}`, `--dbname=${url}`], environment));
    return { format: 'postgres', bytes: (await fs.stat(file)).size };
  }
  const directory = pgliteDirectory(target.dataDir);
  if (!(await isNonEmptyDirectory(directory))) throw new BackupError(`There is no PGlite database in ${directory} to back up (is DATA_DIR right?).`);
  // Throws DataDirLockedError while a server or the demo has the directory open.
  const lock = acquireDataDirLock(target.dataDir, 'backup');
  try {
    const client = await PGlite.create(directory);
    try {
      const dump = await client.dumpDataDir('gzip');
      await writeAtomically(file, async (temporary) => fs.writeFile(temporary, Buffer.from(await dump.arrayBuffer())));
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
  return { format: 'pglite', bytes: (await fs.stat(file)).size };
}

/**
 * Restores `file` into the database the server would use. The target must be empty (a fresh
 * PostgreSQL database, or no `DATA_DIR/pglite` yet) unless `replace` is set: then PostgreSQL's
 * existing objects are dropped first (`pg_restore --clean`) and PGlite's old directory is kept
 * aside as `pglite.before-restore-<time>`.
 */
export async function restore(target: BackupTarget, file: string, options: { replace?: boolean } = {}): Promise<{ format: BackupFormat; keptAside?: string }> {
  const format = await backupFormatOf(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new BackupError(`The backup file ${file} does not exist.`);
    throw error;
  });
  if (format === null) throw new BackupError(`${file} is neither a PGlite backup nor a pg_dump custom archive.`);
  const wanted: BackupFormat = target.databaseUrl ? 'postgres' : 'pglite';
  if (format !== wanted) {
    throw new BackupError(
      format === 'postgres'
        ? `${file} is a PostgreSQL backup; set DATABASE_URL to the database to restore it into.`
        : `${file} is a PGlite backup; unset DATABASE_URL and set DATA_DIR to restore it.`,
    );
  }

  if (target.databaseUrl) {
    const { url, environment } = connectionArguments(target.databaseUrl);
    if (!options.replace && (await postgresHasTables(target.databaseUrl))) {
      throw new BackupError('The target database is not empty; restore into a fresh database, or pass --replace to drop its objects first.');
    }
    const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`];
    if (options.replace) args.push('--clean', '--if-exists');
    await run('pg_restore', [...args, file], environment);
    return { format };
  }

  const lock = acquireDataDirLock(target.dataDir, 'restore');
  try {
    const directory = pgliteDirectory(target.dataDir);
    let keptAside: string | undefined;
    if (await isNonEmptyDirectory(directory)) {
      if (!options.replace) throw new BackupError(`${directory} already holds a database; restore into an empty DATA_DIR, or pass --replace to keep the old one aside.`);
      keptAside = `${directory}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await fs.rename(directory, keptAside);
    }
    await fs.mkdir(directory, { recursive: true });
    try {
      const client = await PGlite.create(directory, { loadDataDir: new Blob([await fs.readFile(file)]) });
      await client.close();
    } catch (error) {
      await fs.rm(directory, { recursive: true, force: true });
      if (keptAside) await fs.rename(keptAside, directory);
      throw error;
    }
    return { format, ...(keptAside ? { keptAside } : {}) };
  } finally {
    lock.release();
  }
}

async function postgresHasTables(databaseUrl: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ count: string }>(
      "select count(*)::text as count from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return Number(result.rows[0]?.count ?? 0) > 0;
  } finally {
    await client.end();
  }
}
