import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe('health and OpenAPI', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  it('reports the database kind and that it answers', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ok');
    expect(body.database).toEqual({ kind: process.env.DATABASE_URL ? 'postgres' : 'pglite', ok: true });
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/token/create', '/api/token/renew', '/api/token', '/api/user']));
    const loginBody = document.paths['/api/token/create'].post.requestBody.content['application/json'].schema;
    expect(loginBody.required).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('serves the OpenAPI UI', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(response.statusCode);
  });
});
