import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openPostgres, type DatabaseHandle } from '../../src/db/database.ts';
import { racers, races } from '../../src/db/schema/index.ts';
import { rankBoulderStage } from '../../src/features/results/rank-boulder-stage.ts';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { boulderRaceFixture, type RaceFixture } from '../support/race-fixture.ts';
import { openSse } from '../support/sse-client.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The bouldering ranking, wrapped so that the tests count how often results are really computed.
vi.mock('../../src/features/results/rank-boulder-stage.ts', async (importOriginal) => {
  const original = await importOriginal<{ rankBoulderStage: typeof rankBoulderStage }>();
  return { ...original, rankBoulderStage: vi.fn(original.rankBoulderStage) };
});
const rankings = vi.mocked(rankBoulderStage);

interface Row {
  racer: { id: number; fullName: string };
  rank: number;
  tops: number;
}

describe('results computed once per committed change', () => {
  let harness: TestApp;
  let api: Client;
  let fixture: RaceFixture;
  let baseUrl: string;

  const resultsUrl = (raceId = fixture.raceId, query = 'stage=QUALIFICATION'): string => `/api/results/${raceId}?${query}`;
  const score = async (index: number, tops: number): Promise<void> => {
    const racer = fixture.racers[index]!;
    const response = await api.call('PUT', `/api/racer/${racer.racerId}/round/${racer.roundId}`, {
      token: fixture.adminToken,
      payload: { boulders: Array.from({ length: tops }, () => ({ topAttempts: 1, zoneAttempts: 1 })) },
    });
    expect(response.statusCode).toBe(200);
  };

  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
    fixture = await boulderRaceFixture(harness, { racers: 3, isPublic: true });
    await score(0, 1);
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => harness.close());

  it('ranks nothing for a second request, a filtered one, a new live subscriber or a reconnect while nothing changed', async () => {
    const first = await api.call('GET', resultsUrl());
    expect(first.statusCode).toBe(200);
    expect((first.json() as Row[]).find((row) => row.racer.id === fixture.racers[0]!.racerId)?.tops).toBe(1);
    const rankedAfterFirst = rankings.mock.calls.length;
    const computedAfterFirst = harness.app.resultsCache.computations;
    expect(rankedAfterFirst).toBeGreaterThan(0);

    expect((await api.call('GET', resultsUrl())).body).toBe(first.body);
    expect((await api.call('GET', resultsUrl(fixture.raceId, 'stage=QUALIFICATION&sex=M'))).statusCode).toBe(200);
    expect((await api.call('GET', resultsUrl(fixture.raceId, 'stage=FINAL'))).json()).toEqual([]);
    for (let connection = 0; connection < 2; connection += 1) {
      const stream = await openSse(`${baseUrl}/api/live/race/${fixture.raceId}`);
      try {
        const event = await stream.waitFor((candidate) => candidate.event === 'results');
        expect((JSON.parse(event.data) as { rows: Row[] }).rows).toEqual(first.json());
      } finally {
        stream.close();
      }
    }

    expect(rankings.mock.calls.length).toBe(rankedAfterFirst);
    expect(harness.app.resultsCache.computations).toBe(computedAfterFirst);

    // A committed score is one new computation, whoever asks first.
    await score(1, 2);
    const afterWrite = await api.call('GET', resultsUrl());
    await api.call('GET', resultsUrl());
    expect((afterWrite.json() as Row[])[0]?.racer.id).toBe(fixture.racers[1]!.racerId);
    expect(harness.app.resultsCache.computations).toBe(computedAfterFirst + 1);
    expect(rankings.mock.calls.length).toBeGreaterThan(rankedAfterFirst);
  });

  it('sends an ETag and answers 304 to If-None-Match while the results are the same', async () => {
    const response = await api.call('GET', resultsUrl());
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);

    const notModified = await api.call('GET', resultsUrl(), { headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    expect((await api.call('GET', resultsUrl(), { headers: { 'if-none-match': `W/"other", ${etag}` } })).statusCode).toBe(304);
    expect((await api.call('GET', resultsUrl(), { headers: { 'if-none-match': etag.slice(2) } })).statusCode).toBe(304);
    expect((await api.call('GET', resultsUrl(), { headers: { 'if-none-match': '*' } })).statusCode).toBe(304);
    expect((await api.call('GET', resultsUrl(), { headers: { 'if-none-match': 'W/"other"' } })).statusCode).toBe(200);

    const filtered = await api.call('GET', resultsUrl(fixture.raceId, 'stage=QUALIFICATION&sex=F'));
    expect(filtered.json()).toEqual([]);
    expect(filtered.headers.etag).not.toBe(etag);
  });

  it('changes the ETag with a score write, and keeps it when a change leaves the results as they were', async () => {
    const before = await api.call('GET', resultsUrl());
    const etag = String(before.headers.etag);

    await score(2, 3);
    const after = await api.call('GET', resultsUrl(), { headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect((after.json() as Row[])[0]?.racer.id).toBe(fixture.racers[2]!.racerId);

    // A new description raises the race's version (one computation) but not the results.
    const computed = harness.app.resultsCache.computations;
    await harness.app.db.update(races).set({ description: 'Finals at 18:00' }).where(eq(races.id, fixture.raceId));
    const same = await api.call('GET', resultsUrl(), { headers: { 'if-none-match': String(after.headers.etag) } });
    expect(same.statusCode).toBe(304);
    expect(harness.app.resultsCache.computations).toBe(computed + 1);
  });

  it('sees changes that are not scores: a racer renamed in the database', async () => {
    await api.call('GET', resultsUrl());
    const racer = fixture.racers[0]!;
    await harness.app.db.update(racers).set({ fullName: 'Adam Ondra' }).where(eq(racers.id, racer.racerId));
    const rows = (await api.call('GET', resultsUrl())).json() as Row[];
    expect(rows.find((row) => row.racer.id === racer.racerId)?.racer.fullName).toBe('Adam Ondra');
  });

  it('lets shared caches keep public results briefly, and keeps others private', async () => {
    const publicResponse = await api.call('GET', resultsUrl());
    expect(publicResponse.headers['cache-control']).toBe('public, max-age=0, s-maxage=2');

    const internal = await boulderRaceFixture(harness, { racers: 2, isPublic: false });
    const anonymous = await api.call('GET', resultsUrl(internal.raceId));
    expect(anonymous.statusCode).toBe(404);
    expect(errorCode(anonymous)).toBe('RACE_NOT_FOUND');
    const asAdmin = await api.call('GET', resultsUrl(internal.raceId), { token: internal.adminToken });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers['cache-control']).toBe('private, no-store');
    const revalidated = await api.call('GET', resultsUrl(internal.raceId), { token: internal.adminToken, headers: { 'if-none-match': String(asAdmin.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['cache-control']).toBe('private, no-store');
    // A 304 never goes to someone who may not see the race.
    const probe = await api.call('GET', resultsUrl(internal.raceId), { headers: { 'if-none-match': String(asAdmin.headers.etag) } });
    expect(probe.statusCode).toBe(404);

    const hidden = await boulderRaceFixture(harness, { racers: 2, isHidden: true });
    const hiddenAsAdmin = await api.call('GET', resultsUrl(hidden.raceId), { token: hidden.adminToken });
    expect(hiddenAsAdmin.statusCode).toBe(200);
    expect(hiddenAsAdmin.headers['cache-control']).toBe('private, no-store');
  });
});

/**
 * Two instances on one database: the second keeps the race's results, the first commits a score,
 * and the second's next answer has it (the version lives in the database, not in an instance).
 */
describe('results cache with two server instances', () => {
  let first: TestApp;
  let second: FastifyInstance;
  let secondDatabase: DatabaseHandle | null = null;
  let fixture: RaceFixture;

  beforeAll(async () => {
    first = await createTestApp();
    fixture = await boulderRaceFixture(first, { racers: 2 });
    if (first.databaseUrl) secondDatabase = openPostgres(first.databaseUrl, { max: 3 });
    second = await buildApp(first.config, { database: secondDatabase ?? first.database });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await first?.close();
  });

  it('never answers results older than a commit of the other instance', async () => {
    const url = `/api/results/${fixture.raceId}?stage=QUALIFICATION`;
    const cached = await second.inject({ method: 'GET', url });
    expect(((cached.json() as Row[]).map((row) => row.tops))).toEqual([0, 0]);
    expect(second.resultsCache.computations).toBe(1);

    const racer = fixture.racers[1]!;
    const write = await client(first).call('PUT', `/api/racer/${racer.racerId}/round/${racer.roundId}`, {
      token: fixture.adminToken,
      payload: { boulders: [{ topAttempts: 1, zoneAttempts: 1 }] },
    });
    expect(write.statusCode).toBe(200);

    const fresh = await second.inject({ method: 'GET', url, headers: { 'if-none-match': String(cached.headers.etag) } });
    expect(fresh.statusCode).toBe(200);
    expect((fresh.json() as Row[])[0]).toMatchObject({ racer: { id: racer.racerId }, rank: 1, tops: 1 });
    expect(second.resultsCache.computations).toBe(2);
  });
});
