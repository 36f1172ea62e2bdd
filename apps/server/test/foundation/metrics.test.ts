import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { boulderRaceFixture, type RaceFixture } from '../support/race-fixture.ts';
import { openSse } from '../support/sse-client.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** The value of one sample line `name{labels} value` whose labels contain every given pair. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('metrics are off without METRICS_TOKEN', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  it('answers 404 METRICS_NOT_ENABLED in the language asked for', async () => {
    const english = await harness.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}`, 'accept-language': 'en' } });
    expect(english.statusCode).toBe(404);
    expect(english.json()).toEqual({ error: { code: 'METRICS_NOT_ENABLED', message: 'Metrics are not enabled on this server.' } });
    const slovak = await harness.app.inject({ method: 'GET', url: '/metrics', headers: { 'accept-language': 'sk' } });
    expect(slovak.json().error).toEqual({ code: 'METRICS_NOT_ENABLED', message: 'Metriky nie sú na tomto serveri zapnuté.' });
  });
});

describe('metrics with METRICS_TOKEN', () => {
  let harness: TestApp;
  let api: Client;
  let fixture: RaceFixture;
  let baseUrl: string;

  const scrape = async (): Promise<string> => {
    const response = await harness.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    return response.body;
  };

  beforeAll(async () => {
    harness = await createTestApp({ METRICS_TOKEN: TOKEN });
    api = client(harness);
    fixture = await boulderRaceFixture(harness, { racers: 2 });
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => harness.close());

  it('refuses a missing or wrong token with 401 METRICS_TOKEN_INVALID', async () => {
    const missing = await harness.app.inject({ method: 'GET', url: '/metrics', headers: { 'accept-language': 'sk' } });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error).toEqual({ code: 'METRICS_TOKEN_INVALID', message: 'Token pre metriky chýba alebo je nesprávny.' });
    const wrong = await harness.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(errorCode(wrong)).toBe('METRICS_TOKEN_INVALID');
    const basic = await harness.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` } });
    expect(basic.statusCode).toBe(401);
  });

  it('times requests by route pattern, not by URL', async () => {
    await api.call('GET', `/api/results/${fixture.raceId}?stage=QUALIFICATION`);
    await api.call('GET', `/api/results/${fixture.raceId + 100000}?stage=QUALIFICATION`);
    const text = await scrape();
    expect(sample(text, 'climbing_http_request_duration_seconds_count', { method: 'GET', route: '/api/results/:raceId', status_code: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'climbing_http_request_duration_seconds_count', { route: '/api/results/:raceId', status_code: '404' })).toBe(1);
    expect(text).not.toContain(`/api/results/${fixture.raceId}`);
    expect(sample(text, 'climbing_results_computations_total')).toBeGreaterThanOrEqual(1);
  });

  it('counts score writes, live subscribers per race, the bytes sent to them and the updates written', async () => {
    const stream = await openSse(`${baseUrl}/api/live/race/${fixture.raceId}`);
    try {
      await stream.waitFor((event) => event.event === 'results');
      const racer = fixture.racers[0]!;
      const write = await api.call('PUT', `/api/racer/${racer.racerId}/round/${racer.roundId}`, {
        token: fixture.adminToken,
        payload: { boulders: [{ topAttempts: 1, zoneAttempts: 1 }] },
      });
      expect(write.statusCode).toBe(200);
      const text = await scrape();
      expect(sample(text, 'climbing_score_writes_total', { route: '/api/racer/:racerId/round/:roundId' })).toBe(1);
      expect(sample(text, 'climbing_live_subscribers', { race_id: String(fixture.raceId) })).toBe(1);
      expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
      // The fan-out process that wrote the stream reports its bytes by message, soon after.
      await expect.poll(async () => sample(await scrape(), 'climbing_live_bytes_sent_total') ?? 0, { timeout: 10_000 }).toBeGreaterThan(100);
      // The score's update, written to the stream.
      await expect.poll(async () => sample(await scrape(), 'climbing_live_update_write_seconds_count') ?? 0, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    } finally {
      stream.close();
    }
    await expect.poll(async () => sample(await scrape(), 'climbing_live_subscribers', { race_id: String(fixture.raceId) })).toBeUndefined();
  });

  it('shows the PostgreSQL connection pool, when there is one', async () => {
    const text = await scrape();
    if (harness.databaseUrl) {
      expect(sample(text, 'climbing_db_pool_clients', { state: 'max' })).toBe(5);
      expect(sample(text, 'climbing_db_pool_clients', { state: 'total' })).toBeGreaterThanOrEqual(1);
    } else {
      // PGlite is in the process: no pool to show.
      expect(text).not.toContain('climbing_db_pool_clients');
    }
  });
});
