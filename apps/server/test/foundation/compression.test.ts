import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, COMPRESS_MIN_BYTES } from '../../src/plugins/compression.ts';
import { client, type Client } from '../support/accounts.ts';
import { boulderRaceFixture, type RaceFixture } from '../support/race-fixture.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const decoded = (encoding: string | undefined, body: Buffer): string =>
  (encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8');

describe('compressed JSON answers', () => {
  let harness: TestApp;
  let api: Client;
  let fixture: RaceFixture;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
    fixture = await boulderRaceFixture(harness, { racers: 40 });
  });
  afterAll(() => harness.close());

  it('chooses brotli, else gzip, and neither when the client refuses them', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('gzip;q=0, br;q=0')).toBeNull();
  });

  it('sends a large GET answer compressed to a client that accepts it, the same JSON once decoded', async () => {
    const plain = await api.call('GET', '/api/country');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    for (const encoding of ['br', 'gzip']) {
      const response = await api.call('GET', '/api/country', { headers: { 'accept-encoding': encoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('Accept-Encoding');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decoded(encoding, response.rawPayload))).toEqual(plain.json());
    }
  });

  it('compresses a results table once per version, and keeps its ETag and 304', async () => {
    const url = `/api/results/${fixture.raceId}?stage=QUALIFICATION`;
    const first = await api.call('GET', url, { headers: { 'accept-encoding': 'gzip' } });
    expect(first.headers['content-encoding']).toBe('gzip');
    const second = await api.call('GET', url, { headers: { 'accept-encoding': 'gzip' } });
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(JSON.parse(decoded('gzip', second.rawPayload))).toEqual((await api.call('GET', url)).json());
    const notModified = await api.call('GET', url, { headers: { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses a registration list, whose check-in codes sit beside names racers chose (BREACH)', async () => {
    const list = await api.call('GET', `/api/race-registration/race/${fixture.raceId}`, { token: fixture.adminToken, headers: { 'accept-encoding': 'gzip, br' } });
    expect(list.statusCode).toBe(200);
    expect(list.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect((list.json() as { checkInCode: string | null }[]).some((registration) => registration.checkInCode !== null)).toBe(true);
    expect(list.headers['content-encoding']).toBeUndefined();
  });

  it('leaves small answers, other methods and errors as they are', async () => {
    const health = await api.call('GET', '/api/health', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    const login = await api.call('POST', '/api/token/create', { payload: { email: 'nobody@example.com', password: 'wrong-password-1' }, headers: { 'accept-encoding': 'gzip, br' } });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);
    expect(login.headers['content-encoding']).toBeUndefined();
    expect(login.json()).toHaveProperty('error.code');
  });
});
