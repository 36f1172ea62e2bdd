import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openPostgres, type DatabaseHandle } from '../../src/db/database.ts';
import { client, type Client } from '../support/accounts.ts';
import { boulderRaceFixture, type RaceFixture } from '../support/race-fixture.ts';
import { openSse, sessionCookie, type ServerSentEvent } from '../support/sse-client.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface ResultsEvent {
  raceId: number;
  stage: string;
  rows: { racer: { id: number }; rank: number; tops: number }[];
}

const parse = (event: ServerSentEvent): ResultsEvent => JSON.parse(event.data) as ResultsEvent;

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * Two server instances on one database: a score written through the first reaches a live
 * subscriber of the second (LISTEN/NOTIFY). On PostgreSQL the second instance has its own pool and
 * its own LISTEN connection; on PGlite, which is one process's database, it shares the handle.
 * Both ways of writing the streams: the fan-out process (the default) and the server's own loop.
 */
describe.each(['process', 'inline'] as const)('live results over Server-Sent Events, written by %s fan-out', (liveFanOut) => {
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
    second = await buildApp({ ...first.config, liveFanOut }, { database: secondDatabase ?? first.database });
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

      const rows = await stream.waitForTable('QUALIFICATION', (table) => table.find((candidate) => candidate.racer.id === racer.racerId)?.tops === 2);
      expect(rows.find((candidate) => candidate.racer.id === racer.racerId)?.rank).toBe(1);
      expect(rows[0]?.racer.id).toBe(racer.racerId);
      expect(rows).toHaveLength(3);
      // The score came as a patch: the scored racer's row in full, the others at most as places.
      const patch = JSON.parse(stream.events.find((event) => event.event === 'patch')!.data) as { rows: { racer: { id: number } }[]; base: number; version: number };
      expect(patch.rows.map((row) => row.racer.id)).toEqual([racer.racerId]);
      expect(patch.version).toBeGreaterThan(patch.base);
      expect(stream.events.filter((event) => event.event === 'results')).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it('starts a subscriber who joins mid-round from whole tables that the next patch fits, and sends a score as one row whatever the size of the table', async () => {
    const large = await boulderRaceFixture(first, { racers: 120 });
    const early = await openSse(`${secondUrl}/api/live/race/${large.raceId}`);
    let late: Awaited<ReturnType<typeof openSse>> | undefined;
    try {
      await early.waitForTable('QUALIFICATION', (rows) => rows.length === 120);
      const score = (index: number, tops: number) =>
        api.call('PUT', `/api/racer/${large.racers[index]!.racerId}/round/${large.racers[index]!.roundId}`, {
          token: large.adminToken,
          payload: { boulders: Array.from({ length: tops }, (_, boulderIndex) => ({ boulderIndex, topAttempts: 1, zoneAttempts: 1 })) },
        });
      expect((await score(5, 2)).statusCode).toBe(200);
      await early.waitForTable('QUALIFICATION', (rows) => rows[0]?.racer.id === large.racers[5]!.racerId);
      late = await openSse(`${secondUrl}/api/live/race/${large.raceId}`);
      await late.waitForTable('QUALIFICATION', (rows) => rows[0]?.racer.id === large.racers[5]!.racerId);
      // A second top for racer 5: nobody moves, one row changes.
      expect((await score(5, 3)).statusCode).toBe(200);
      for (const stream of [early, late]) await stream.waitForTable('QUALIFICATION', (rows) => rows[0]?.tops === 3);
      const fresh = (await api.call('GET', `/api/results/${large.raceId}?stage=QUALIFICATION`)).json() as unknown[];
      expect(early.tables.get('QUALIFICATION')!.rows).toEqual(fresh);
      expect(late.tables.get('QUALIFICATION')!.rows).toEqual(fresh);
      expect([...early.events, ...late.events].filter((event) => event.event === 'resync')).toEqual([]);

      const whole = early.events.find((event) => event.event === 'results')!;
      const lastPatch = late.events.filter((event) => event.event === 'patch').at(-1)!;
      expect(JSON.parse(lastPatch.data)).toMatchObject({ count: 120, places: [], removed: [] });
      expect(JSON.parse(lastPatch.data).rows).toHaveLength(1);
      expect(lastPatch.data.length).toBeLessThan(whole.data.length / 40);
    } finally {
      early.close();
      late?.close();
    }
  });

  it('filters stages and refuses unknown or hidden races', async () => {
    const stream = await openSse(`${secondUrl}/api/live/race/${fixture.raceId}?stages=FINAL`);
    try {
      const racer = fixture.racers[0]!;
      await api.call('PUT', `/api/racer/${racer.racerId}/round/${racer.roundId}`, { token: fixture.adminToken, payload: { boulders: [{ topAttempts: null, zoneAttempts: 1 }] } });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(stream.events.filter((event) => event.event === 'results' || event.event === 'patch')).toEqual([]);
    } finally {
      stream.close();
    }
    expect((await fetch(`${secondUrl}/api/live/race/999999`)).status).toBe(404);
    const hidden = await boulderRaceFixture(first, { racers: 1, isHidden: true });
    expect((await fetch(`${secondUrl}/api/live/race/${hidden.raceId}`)).status).toBe(404);
    // The organiser's session cookie (what an EventSource sends) opens the hidden race.
    const organiser = await openSse(`${secondUrl}/api/live/race/${hidden.raceId}`, sessionCookie(hidden.adminToken));
    try {
      expect(parse(await organiser.waitFor((event) => event.event === 'results')).rows).toHaveLength(1);
    } finally {
      organiser.close();
    }
    // A token in the URL is not read any more (logs and histories keep URLs).
    expect((await fetch(`${secondUrl}/api/live/race/${hidden.raceId}?access_token=${encodeURIComponent(hidden.adminToken)}`)).status).toBe(404);
    expect((await fetch(`${secondUrl}/api/live/race/${hidden.raceId}`, { headers: { authorization: 'Bearer nonsense' } })).status).toBe(401);
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
