import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { ensureSuperAdmin } from '../../src/bootstrap/ensure-super-admin.ts';

// The `npm start` default: PGlite in DATA_DIR, migrated at start, with a generated JWT secret.
describe('embedded database in DATA_DIR', () => {
  const directories: string[] = [];
  afterAll(async () => {
    for (const directory of directories) await fs.rm(directory, { recursive: true, force: true });
  });

  async function start(dataDir: string) {
    const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'Owner12345' }), databaseUrl: undefined };
    const app = await buildApp(config);
    await ensureSuperAdmin(app.db, config, app.log);
    return app;
  }

  it('keeps users, the JWT secret and the login across a restart', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'climbing-restart-'));
    directories.push(dataDir);
    const credentials = { email: 'owner@example.com', password: 'Owner12345' };

    const first = await start(dataDir);
    const health = await first.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().database).toEqual({ kind: 'pglite', ok: true });
    const firstLogin = await first.inject({ method: 'POST', url: '/api/token/create', payload: credentials });
    expect(firstLogin.statusCode).toBe(200);
    const tokenBeforeRestart = firstLogin.json().token as string;
    await first.close();

    const secret = await fs.readFile(path.join(dataDir, 'jwt-secret'), 'utf8');
    expect(secret.trim().length).toBeGreaterThanOrEqual(32);

    const second = await start(dataDir);
    try {
      const secondLogin = await second.inject({ method: 'POST', url: '/api/token/create', payload: credentials });
      expect(secondLogin.statusCode).toBe(200);
      const me = await second.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${tokenBeforeRestart}` } });
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe(credentials.email);
    } finally {
      await second.close();
    }
  });
});
