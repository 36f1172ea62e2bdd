import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openPostgres, type DatabaseHandle } from '../../src/db/database.ts';
import { client, type Client } from '../support/accounts.ts';
import { boulderRaceFixture, type RaceFixture } from '../support/race-fixture.ts';
import { openSse, type ServerSentEvent } from '../support/sse-client.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface ResultsEvent {
  raceId: number;
  stage: string;
  rows: { racer: { id: number }; rank: number; tops: number }[];
}

const parse = (event: ServerSentEvent): ResultsEvent => JSON.parse(event.data) as ResultsEvent;
const topsOf = (event: ServerSentEvent, racerId: number): number | undefined => parse(event).rows.find((row) => row.racer.id === racerId)?.tops;

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * Two server instances on one database: a score written through the first reaches a live
 * subscriber of the second (LISTEN/NOTIFY). On PostgreSQL the second instance has its own pool and
 * its own LISTEN connection; on PGlite, which is one process's database, it shares the handle.
 */
describe('live results over Server-Sent Events', () => {
  let first: TestApp;
  let second: FastifyInstance;
  let secondDatabase: DatabaseHandle | null = null;
  let api: Client;
  let fixture: RaceFixture;
  let secondUrl: string;

  beforeAll(async () => {
    first = await createTestApp();
    api = client(first);
    fixture = await boulderRaceFixture(first, { racers: 3 });
    if (first.databaseUrl) secondDatabase = openPostgres(first.databaseUrl, { max: 3 });
    second = await buildApp(first.config, { database: secondDatabase ?? first.database });
    secondUrl = await listen(second);
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await first?.close();
  });

  it('sends the current results at once and every committed score to subscribers of another instance', async () => {
    const stream = await openSse(`${secondUrl}/api/live/race/${fixture.raceId}`);
    try {
      const initial = await stream.waitFor((event) => event.event === 'results');
      expect(parse(initial)).toMatchObject({ raceId: fixture.raceId, stage: 'QUALIFICATION' });
      expect(parse(initial).rows).toHaveLength(3);

      const racer = fixture.racers[1]!;
      const write = await api.call('PUT', `/api/racer/${racer.racerId}/round/${racer.roundId}`, {
        token: fixture.adminToken,
        payload: { boulders: [{ topAttempts: 1, zoneAttempts: 1 }, { topAttempts: 2, zoneAttempts: 1 }] },
      });
      expect(write.statusCode).toBe(200);

      const update = await stream.waitFor((event) => event.event === 'results' && topsOf(event, racer.racerId) === 2);
      const row = parse(update).rows.find((candidate) => candidate.racer.id === racer.racerId);
      expect(row?.rank).toBe(1);
      expect(parse(update).rows[0]?.racer.id).toBe(racer.racerId);
    } finally {
      stream.close();
    }
  });

  it('filters stages and refuses unknown or hidden races', async () => {
    const stream = await openSse(`${secondUrl}/api/live/race/${fixture.raceId}?stages=FINAL`);
    try {
      const racer = fixture.racers[0]!;
      await api.call('PUT', `/api/racer/${racer.racerId}/round/${racer.roundId}`, { token: fixture.adminToken, payload: { boulders: [{ topAttempts: null, zoneAttempts: 1 }] } });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(stream.events.filter((event) => event.event === 'results')).toEqual([]);
    } finally {
      stream.close();
    }
    expect((await fetch(`${secondUrl}/api/live/race/999999`)).status).toBe(404);
    const hidden = await boulderRaceFixture(first, { racers: 1, isHidden: true });
    expect((await fetch(`${secondUrl}/api/live/race/${hidden.raceId}`)).status).toBe(404);
    // An EventSource cannot send headers: the organiser's token in the query opens the hidden race.
    const organiser = await openSse(`${secondUrl}/api/live/race/${hidden.raceId}?access_token=${encodeURIComponent(hidden.adminToken)}`);
    try {
      expect(parse(await organiser.waitFor((event) => event.event === 'results')).rows).toHaveLength(1);
    } finally {
      organiser.close();
    }
    expect((await fetch(`${secondUrl}/api/live/race/${hidden.raceId}?access_token=nonsense`)).status).toBe(401);
  });

  it('lists the races running now in public events', async () => {
    const response = await api.call('GET', '/api/live');
    expect(response.statusCode).toBe(200);
    const live = response.json() as { id: number; racerCount: number; state: string; eventName: string; organizationName: string }[];
    expect(live.find((race) => race.id === fixture.raceId)).toMatchObject({ racerCount: 3, state: 'QUALIFICATION_ONGOING', eventName: 'Winter Boulder Cup' });
    const hidden = await boulderRaceFixture(first, { racers: 1, isHidden: true });
    const again = (await api.call('GET', '/api/live')).json() as { id: number }[];
    expect(again.some((race) => race.id === hidden.raceId)).toBe(false);
  });
});
