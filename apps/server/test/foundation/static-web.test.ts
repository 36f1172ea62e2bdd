import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../web/scripts/precompress.mjs';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const BIG_SCRIPT = Array.from({ length: 400 }, (_, index) => `export const value${index} = "climbing ${index}";`).join('\n');

describe('serving the built web app', () => {
  let harness: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'climbing-web-'));
    await fs.mkdir(path.join(webDir, 'assets'));
    await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    await fs.writeFile(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    await fs.writeFile(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    await fs.writeFile(path.join(webDir, 'assets', 'big-def456.js'), BIG_SCRIPT);
    await fs.writeFile(path.join(webDir, 'assets', 'photo.png'), Buffer.alloc(4096, 7));
    precompress(webDir);
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

  it('precompresses the build: brotli and gzip next to text files worth it, never for images or tiny files', async () => {
    const names = await fs.readdir(path.join(webDir, 'assets'));
    expect(names).toEqual(expect.arrayContaining(['big-def456.js.br', 'big-def456.js.gz']));
    expect(names).not.toContain('photo.png.br');
    expect(names).not.toContain('index-abc123.js.br');
  });

  it('sends brotli, else gzip, else the plain file, with the same type and caching and Vary: Accept-Encoding', async () => {
    const url = '/assets/big-def456.js';
    const brotli = await harness.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(BIG_SCRIPT);
    expect(brotli.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 4);

    const gzip = await harness.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(BIG_SCRIPT);

    const plain = await harness.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });
});
