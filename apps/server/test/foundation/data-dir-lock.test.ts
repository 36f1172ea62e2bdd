import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from '../../src/db/data-dir-lock.ts';

const serverRoot = path.resolve(import.meta.dirname, '../..');

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
  milliseconds: number;
}

/** Runs a server script with PGlite in `dataDir` (never the suite's DATABASE_URL). */
function runScript(script: string, dataDir: string): { child: ChildProcess; output: () => string; done: Promise<Finished> } {
  const started = Date.now();
  const { DATABASE_URL: _ignored, ...environment } = process.env;
  // One process, as `npm start` runs it (scripts/start.mjs registers tsx in-process): the tsx CLI
  // would put a parent in front that SIGKILLs the server when a loaded machine relays SIGTERM slowly.
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: serverRoot,
    env: { ...environment, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ADMIN_EMAIL: 'lock@example.com', ADMIN_PASSWORD: 'Lock123456', WEB_DIST_DIR: path.join(dataDir, 'no-web') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<Finished>((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr, milliseconds: Date.now() - started })));
  return { child, output: () => stdout, done };
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('one writer per data directory', () => {
  const directories: string[] = [];
  const children: ChildProcess[] = [];
  const tempDir = () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'climbing-lock-'));
    directories.push(directory);
    return directory;
  };
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    for (const directory of directories) fs.rmSync(directory, { recursive: true, force: true });
  });

  it('refuses a lock held by a running process and names it', async () => {
    const directory = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    children.push(holder);
    fs.writeFileSync(
      path.join(directory, LOCK_FILE_NAME),
      JSON.stringify({ pid: holder.pid, hostname: os.hostname(), bootId: fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(), startedAt: '2026-01-01T00:00:00.000Z', purpose: 'server' }),
    );
    expect(() => acquireDataDirLock(directory, 'server')).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(directory, 'server')).toThrow(new RegExp(`pid ${holder.pid}`));
    holder.kill('SIGKILL');
  });

  it('takes over the stale lock of a process that is gone, and releases its own', async () => {
    const directory = tempDir();
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => gone.on('exit', resolve));
    const lockFile = path.join(directory, LOCK_FILE_NAME);
    fs.writeFileSync(lockFile, JSON.stringify({ pid: gone.pid, hostname: os.hostname(), bootId: null, startedAt: '2026-01-01T00:00:00.000Z', purpose: 'server' }));
    const lock = acquireDataDirLock(directory, 'server');
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('treats a lock from before a reboot (another boot id) and an unreadable lock as stale', () => {
    const directory = tempDir();
    const lockFile = path.join(directory, LOCK_FILE_NAME);
    fs.writeFileSync(lockFile, JSON.stringify({ pid: 1, hostname: os.hostname(), bootId: 'another-boot', startedAt: 'x', purpose: 'server' }));
    acquireDataDirLock(directory, 'server').release();
    fs.writeFileSync(lockFile, '');
    acquireDataDirLock(directory, 'server').release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('a second `npm start` and `npm run demo` on a running server directory exit non-zero with one line; a clean stop frees it', async () => {
    const dataDir = tempDir();
    const firstStarted = Date.now();
    const first = runScript('src/main.ts', dataDir);
    children.push(first.child);
    await waitFor(() => /Server listening/.test(first.output()), 60_000);
    // The baseline of this run: on a loaded machine loading the app alone takes many seconds.
    const firstStartup = Date.now() - firstStarted;

    const second = await runScript('src/main.ts', dataDir).done;
    expect(second.code).toBe(1);
    // Refused at once: sooner than a whole start (no database, no migrations), never a wait for the lock.
    expect(second.milliseconds).toBeLessThan(Math.max(15_000, firstStartup * 1.5));
    const secondLines = second.stderr.trim().split('\n');
    expect(secondLines).toHaveLength(1);
    expect(secondLines[0]).toMatch(/^The data directory .* is in use by another process \(server, pid \d+ on .*\); stop it first/);

    const demo = await runScript('src/demo/run-demo.ts', dataDir).done;
    expect(demo.code).toBe(1);
    expect(demo.stderr.trim().split('\n')).toEqual([expect.stringMatching(/in use by another process \(server/)]);

    first.child.kill('SIGTERM');
    expect((await first.done).code).toBe(0);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  }, 120_000);
});
