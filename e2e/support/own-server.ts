import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN } from './app';

export interface OwnServer {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * A second instance of the app for the one spec that needs other settings than the shared server
 * (short access tokens), on E2E_PORT + 1 with its own data directory. The web app is already
 * built by the shared server's start.
 */
export async function startOwnServer(environment: Record<string, string>): Promise<OwnServer> {
  const port = Number(process.env.E2E_PORT ?? 3917) + 1;
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'climbing-e2e-own-'));
  const child: ChildProcess = spawn(process.execPath, [path.resolve(import.meta.dirname, '../../scripts/start.mjs')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      SKIP_WEB_BUILD: '1',
      ...environment,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null) throw new Error(`the second server exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the second server did not answer on ${baseURL} within a minute`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseURL,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
