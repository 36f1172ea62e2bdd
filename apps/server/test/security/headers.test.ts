import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Issue 11, item 11: security headers on every response, HSTS over HTTPS only, CSP reports logged. */
describe('security headers', () => {
  let harness: TestApp;
  let api: Client;
  let webDir: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'climbing-web-'));
    await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>app</title><script type="module" src="/assets/app.js"></script>');
    await fs.mkdir(path.join(webDir, 'assets'));
    await fs.writeFile(path.join(webDir, 'assets', 'app.js'), 'console.log(1);');
    harness = await createTestApp({ WEB_DIST_DIR: webDir, LOG_LEVEL: 'warn' }, { logStream: { write: (line) => void logLines.push(line) } });
    api = client(harness);
  });
  afterAll(async () => {
    await harness.close();
    await fs.rm(webDir, { recursive: true, force: true });
  });

  const expectHardened = (headers: Record<string, unknown>, what: string) => {
    const csp = String(headers['content-security-policy']);
    expect(csp, what).toContain("default-src 'self'");
    expect(csp, what).toContain("script-src 'self'");
    expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-eval'/);
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(csp, what).toContain("object-src 'none'");
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['x-frame-options'], what).toBe('DENY');
    expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  };

  it('sends the policy and the other headers with the page, a deep link, an asset, JSON, an error and the API docs', async () => {
    const responses = {
      page: await api.call('GET', '/'),
      deepLink: await api.call('GET', '/events/actual'),
      asset: await api.call('GET', '/assets/app.js'),
      json: await api.call('GET', '/api/health'),
      notFound: await api.call('GET', '/api/nothing-here'),
      badRequest: await api.call('GET', '/api/race/0x10'),
      docs: await api.call('GET', '/api/docs/json'),
    };
    expect(responses.page.body).toContain('<title>app</title>');
    expect(responses.deepLink.statusCode).toBe(200);
    expect(responses.asset.statusCode).toBe(200);
    expect(responses.notFound.statusCode).toBe(404);
    expect(responses.badRequest.statusCode).toBe(400);
    for (const [what, response] of Object.entries(responses)) expectHardened(response.headers, what);
  });

  it('sends HSTS only over HTTPS: never over plain HTTP, and not for a forwarded "https" from an untrusted client', async () => {
    expect((await api.call('GET', '/api/health')).headers['strict-transport-security']).toBeUndefined();
    expect((await api.call('GET', '/api/health', { headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const behindProxy = await client(proxied).call('GET', '/api/health', { headers: { 'x-forwarded-proto': 'https' } });
      expect(behindProxy.headers['strict-transport-security']).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    } finally {
      await proxied.close();
    }
  });

  it('logs a violation report briefly, and answers garbage and floods with 4xx', async () => {
    const report = {
      'csp-report': {
        'document-uri': 'http://localhost/events/actual',
        'violated-directive': 'script-src-elem',
        'blocked-uri': `https://evil.example/${'x'.repeat(500)}.js`,
      },
    };
    const sent = await api.call('POST', '/api/csp-report', { payload: JSON.stringify(report), headers: { 'content-type': 'application/csp-report' } });
    expect(sent.statusCode).toBe(204);
    const logged = logLines.find((line) => line.includes('content security policy violation'));
    expect(logged).toBeDefined();
    expect(logged).toContain('script-src-elem');
    expect(logged).toContain('https://evil.example/');
    expect(logged).not.toContain('x'.repeat(250));

    // The page of an e-mailed link carries its token in the query: the log keeps the path only.
    const withToken = { 'csp-report': { 'document-uri': 'http://localhost/set-password?token=secret-link-token', 'violated-directive': 'script-src', 'blocked-uri': 'eval' } };
    expect((await api.call('POST', '/api/csp-report', { payload: JSON.stringify(withToken), headers: { 'content-type': 'application/csp-report' } })).statusCode).toBe(204);
    expect(logLines.some((line) => line.includes('http://localhost/set-password'))).toBe(true);
    expect(logLines.some((line) => line.includes('secret-link-token'))).toBe(false);

    const reportingApi = [{ type: 'csp-violation', body: { documentURL: 'http://localhost/', effectiveDirective: 'img-src', blockedURL: 'data' } }];
    expect((await api.call('POST', '/api/csp-report', { payload: JSON.stringify(reportingApi), headers: { 'content-type': 'application/reports+json' } })).statusCode).toBe(204);

    expect(errorCode(await api.call('POST', '/api/csp-report', { payload: '{not json', headers: { 'content-type': 'application/csp-report' } }))).toBe('VALIDATION_FAILED');
    expect(errorCode(await api.call('POST', '/api/csp-report', { payload: JSON.stringify({ hello: 1 }), headers: { 'content-type': 'application/csp-report' } }))).toBe('VALIDATION_FAILED');
    const huge = await api.call('POST', '/api/csp-report', { payload: JSON.stringify({ 'csp-report': { 'blocked-uri': 'x'.repeat(20_000) } }), headers: { 'content-type': 'application/csp-report' } });
    expect(huge.statusCode).toBe(413);

    const statuses: number[] = [];
    for (let index = 0; index < 35; index += 1) {
      statuses.push((await api.call('POST', '/api/csp-report', { payload: JSON.stringify(report), headers: { 'content-type': 'application/csp-report' } })).statusCode);
    }
    expect(statuses).toContain(429);
    expect(statuses.every((status) => status === 204 || status === 429)).toBe(true);
  });
});
