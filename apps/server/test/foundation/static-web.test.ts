import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe('serving the built web app', () => {
  let harness: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'climbing-web-'));
    await fs.mkdir(path.join(webDir, 'assets'));
    await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    await fs.writeFile(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    await fs.writeFile(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    harness = await createTestApp({ WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await harness.close();
    await fs.rm(webDir, { recursive: true, force: true });
  });

  it.each(['/', '/events/actual', '/cups/history', '/some/deep/link'])('answers %s with the app (SPA fallback)', async (url) => {
    const response = await harness.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year and revalidates the service worker', async () => {
    const asset = await harness.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await harness.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('keeps JSON 404s for unknown API paths and missing files', async () => {
    const api = await harness.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('REQUEST_NOT_FOUND');
    const missingAsset = await harness.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missingAsset.statusCode).toBe(404);
  });
});
