import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../src/db/schema/index.ts';
import { client, type Client } from '../support/accounts.ts';
import { boulderRaceFixture } from '../support/race-fixture.ts';
import { openSse, sessionCookie, type SseClient } from '../support/sse-client.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Issue 11, item 15: an open live stream of a race that is not public ends when the viewer's access ends. */
describe('live streams follow the viewer’s access', () => {
  let harness: TestApp;
  let api: Client;
  let baseUrl: string;

  beforeAll(async () => {
    harness = await createTestApp({ LIVE_ACCESS_RECHECK_SECONDS: '0.2' });
    api = client(harness);
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => harness.close());

  const stream = (raceId: number, token: string) => openSse(`${baseUrl}/api/live/race/${raceId}`, sessionCookie(token));
  const endedWith = async (sse: SseClient) => {
    await sse.ended;
    return sse.events.map((event) => event.event).filter((name) => name !== 'results' && name !== 'patch');
  };
  const stillOpenAfter = async (sse: SseClient, ms: number) => {
    const outcome = await Promise.race([sse.ended.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('open'), ms))]);
    return outcome === 'open';
  };

  it('ends the organiser’s stream of a hidden race when they log out, with an "ended" event', async () => {
    const hidden = await boulderRaceFixture(harness, { racers: 1, isHidden: true });
    const sse = await stream(hidden.raceId, hidden.adminToken);
    await sse.waitFor((event) => event.event === 'results');
    expect(await stillOpenAfter(sse, 600)).toBe(true);
    expect((await api.call('DELETE', '/api/token', { token: hidden.adminToken })).statusCode).toBe(204);
    expect(await endedWith(sse)).toEqual(['ended']);
    expect(JSON.parse(sse.events.find((event) => event.event === 'ended')!.data)).toEqual({ reason: 'ACCESS_ENDED' });
  });

  it('ends a member’s stream of an internal race when the organisation removes the membership', async () => {
    const internal = await boulderRaceFixture(harness, { racers: 1, isPublic: false });
    const member = await api.user(`member-${Date.now()}@example.com`);
    await api.join(internal.organizationId, internal.adminToken, member);
    const sse = await stream(internal.raceId, member.token);
    await sse.waitFor((event) => event.event === 'results');
    expect(await stillOpenAfter(sse, 600)).toBe(true);
    expect((await api.call('DELETE', `/api/organization/${internal.organizationId}/member/${member.id}`, { token: internal.adminToken })).statusCode).toBe(204);
    expect(await endedWith(sse)).toEqual(['ended']);
    // And a new stream is refused.
    expect((await fetch(`${baseUrl}/api/live/race/${internal.raceId}`, { headers: sessionCookie(member.token) })).status).toBe(404);
  });

  it('ends a member’s stream when the event is hidden, and keeps the organiser’s', async () => {
    const race = await boulderRaceFixture(harness, { racers: 1, isPublic: false });
    const member = await api.user(`hidden-member-${Date.now()}@example.com`);
    await api.join(race.organizationId, race.adminToken, member);
    const [memberStream, adminStream] = await Promise.all([stream(race.raceId, member.token), stream(race.raceId, race.adminToken)]);
    await Promise.all([memberStream, adminStream].map((sse) => sse.waitFor((event) => event.event === 'results')));
    // Hidden events are for their admins and judges only (docs/permissions.md).
    await harness.app.db.update(events).set({ isHidden: true }).where(eq(events.id, race.eventId));
    expect(await endedWith(memberStream)).toEqual(['ended']);
    expect(await stillOpenAfter(adminStream, 600)).toBe(true);
    adminStream.close();
  });

  it('keeps a public race’s stream open after the viewer logs out', async () => {
    const open = await boulderRaceFixture(harness, { racers: 1 });
    const viewer = await stream(open.raceId, open.adminToken);
    await viewer.waitFor((event) => event.event === 'results');
    expect((await api.call('DELETE', '/api/token', { token: open.adminToken })).statusCode).toBe(204);
    expect(await stillOpenAfter(viewer, 800)).toBe(true);
    viewer.close();
  });
});
