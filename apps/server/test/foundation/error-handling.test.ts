import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@climbing/domain';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe('central error handling', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  const post = (payload: string, headers: Record<string, string>) =>
    harness.app.inject({ method: 'POST', url: '/api/token/create', payload, headers });

  it('answers malformed JSON with 400 MALFORMED_REQUEST', async () => {
    const response = await post('{"email": "a@b.c", ', { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('MALFORMED_REQUEST');
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await post('email=a', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an oversized body with 413', async () => {
    const response = await post(JSON.stringify({ email: 'x@y.z', password: 'p'.repeat(2 * 1024 * 1024) }), { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a body of the wrong shape with 400 and per-field messages', async () => {
    const response = await post(JSON.stringify({ email: 42 }), { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields)).toEqual(expect.arrayContaining(['body.email', 'body.password']));
  });

  it('answers unknown API routes with 404 REQUEST_NOT_FOUND', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('REQUEST_NOT_FOUND');
  });

  it('gives the message in Slovak or English by Accept-Language', async () => {
    const slovak = await harness.app.inject({ method: 'GET', url: '/api/nothing', headers: { 'accept-language': 'sk-SK,sk;q=0.9' } });
    expect(slovak.json().error.message).toBe(ERROR_CATALOGUE.REQUEST_NOT_FOUND.sk);
    const english = await harness.app.inject({ method: 'GET', url: '/api/nothing', headers: { 'accept-language': 'de, en;q=0.5' } });
    expect(english.json().error.message).toBe(ERROR_CATALOGUE.REQUEST_NOT_FOUND.en);
  });

  it('never answers garbage with a 5xx', async () => {
    const bodies = ['', 'null', '[]', '"text"', '{"email":{"$gt":""},"password":[1]}', `{"email":"' OR 1=1 --","password":"<script>"}`, '\u0000\u0001'];
    for (const payload of bodies) {
      const response = await post(payload, { 'content-type': 'application/json' });
      expect(response.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, payload).toBeLessThan(500);
      expect(response.json().error.code).toBeTypeOf('string');
    }
  });
});
