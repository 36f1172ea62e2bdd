import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { idempotencyKeys, rounds, scoreAuditLog } from '../../src/db/schema/index.ts';
import { IDEMPOTENCY_KEY_TTL_MS, purgeExpiredIdempotencyKeys } from '../../src/features/scoring/idempotency.ts';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { createEvent, openRegistration, raceBody } from '../support/events.ts';
import { boulderRaceFixture } from '../support/race-fixture.ts';
import { speedRaceFixture } from '../support/speed-race-fixture.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * Issue 12: every score write takes an Idempotency-Key; the same key twice applies once and answers
 * the first answer, another body with the same key is 422, a malformed key 400, and keys expire.
 * Written against the HTTP API only, so it runs the same on PGlite and PostgreSQL.
 */

const run = (time: number | null, fall = false) => ({ timeMs: time, fall, falseStart: false });

describe('idempotent score writes', () => {
  let harness: TestApp;
  let api: Client;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
  });
  afterAll(() => harness.close());

  const auditCount = async (roundId: number): Promise<number> => (await harness.app.db.select().from(scoreAuditLog).where(eq(scoreAuditLog.roundId, roundId))).length;
  const versionOf = async (roundId: number): Promise<number> => (await harness.app.db.select({ version: rounds.version }).from(rounds).where(eq(rounds.id, roundId)))[0]!.version;
  const put = (url: string, token: string, payload: unknown, key?: string, language?: string): Promise<LightMyRequestResponse> =>
    api.call('PUT', url, { token, payload, headers: { ...(key === undefined ? {} : { 'idempotency-key': key }), ...(language ? { 'accept-language': language } : {}) } });

  /** The shared acceptance of every write route: twice with one key applies once, another body is 422. */
  async function expectAppliedOnce(url: string, token: string, roundIds: readonly number[], first: unknown, other: unknown) {
    const key = `op-${Math.random().toString(36).slice(2)}-${Date.now()}`;
    const versions = await Promise.all(roundIds.map(versionOf));
    const audits = await Promise.all(roundIds.map(auditCount));
    const original = await put(url, token, first, key);
    expect(original.statusCode, original.body).toBe(200);
    expect(original.headers['idempotent-replayed']).toBeUndefined();
    const repeated = await put(url, token, first, key);
    expect(repeated.statusCode, repeated.body).toBe(200);
    expect(repeated.headers['idempotent-replayed']).toBe('true');
    expect(repeated.json()).toEqual(original.json());
    // Applied once: one version bump and one audit row per round.
    expect(await Promise.all(roundIds.map(versionOf))).toEqual(versions.map((version) => version + 1));
    expect(await Promise.all(roundIds.map(auditCount))).toEqual(audits.map((count) => count + 1));

    const reused = await put(url, token, other, key);
    expect(reused.statusCode, reused.body).toBe(422);
    expect(errorCode(reused)).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(reused.json().error.message).toBe('This Idempotency-Key was already used for a different request.');
    const reusedSk = await put(url, token, other, key, 'sk');
    expect(reusedSk.json().error.message).toBe('Tento Idempotency-Key už bol použitý pre inú požiadavku.');
    expect(await Promise.all(roundIds.map(versionOf))).toEqual(versions.map((version) => version + 1));
  }

  it('boulder round: the same key twice applies once, another body is 422', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 1 });
    const { racerId, roundId } = fixture.racers[0]!;
    await expectAppliedOnce(
      `/api/racer/${racerId}/round/${roundId}`,
      fixture.adminToken,
      [roundId],
      { version: 0, boulders: [{ boulderIndex: 0, topAttempts: null, zoneAttempts: null, currentAttempt: 1 }] },
      { version: 0, boulders: [{ boulderIndex: 0, topAttempts: null, zoneAttempts: null, currentAttempt: 2 }] },
    );
    const view = (await api.call('GET', `/api/racer/${racerId}/round/${roundId}`)).json();
    expect(view.boulders[0]).toMatchObject({ currentAttempt: 1, topAttempts: null });
  });

  it('lead route: the same key twice applies once, another body is 422', async () => {
    const admin = await api.user('idempotent-lead@example.com');
    const { id: organizationId } = await api.organization(admin.token, 'Lead idempotency club');
    const event = await createEvent(api, admin.token, organizationId, {}, [raceBody({ extra: { discipline: 'LEAD', raceFormat: 'QUALIFICATION_FINAL', lead: { numberOfQualificationRoutes: 2, numberOfFinalRacers: 4 } } })]);
    const race = event.races[0]!;
    await openRegistration(api, admin.token, race.id);
    const registered = await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, {
      payload: { name: 'Lena', surname: 'Lead', sex: 'F', birthday: '1996-06-06', qualificationGroupId: race.qualificationGroups[0]!.id },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    await api.call('PUT', `/api/race-registration/${registered.json().id}/PRESENT`, { token: admin.token });
    await api.call('PUT', `/api/qualification-group/${race.qualificationGroups[0]!.id}/state`, { token: admin.token, payload: { state: 'QUALIFICATION' } });
    await api.call('PUT', `/api/race/${race.id}/state`, { token: admin.token, payload: { state: 'QUALIFICATION_ONGOING' } });
    const [racer] = (await api.call('GET', `/api/racer/list?race=${race.id}&stage=QUALIFICATION`)).json() as { id: number; rounds: { id: number; routes: { id: number }[] }[] }[];
    const round = racer!.rounds[0]!;
    await expectAppliedOnce(
      `/api/racer/${racer!.id}/route/${round.routes[0]!.id}`,
      admin.token,
      [round.id],
      { hold: 21, plus: true, top: false, version: 0 },
      { hold: 22, plus: false, top: false, version: 0 },
    );
  });

  it('speed run: the same key twice applies once, another body is 422', async () => {
    const fixture = await speedRaceFixture(harness, [[run(null), run(null)]]);
    const { racerId, roundId } = fixture.racers[0]!;
    await harness.app.db.update(rounds).set({ state: 'STARTED' }).where(eq(rounds.id, roundId));
    const view = (await api.call('GET', `/api/racer/${racerId}/round/${roundId}`)).json() as { speedRoutes: { id: number }[] };
    await expectAppliedOnce(
      `/api/racer/${racerId}/speed-route/${view.speedRoutes[0]!.id}`,
      fixture.adminToken,
      [roundId],
      { time: 6843, fall: false, falseStart: false },
      { time: 6844, fall: false, falseStart: false },
    );
  });

  it('speed match: the same key twice applies once (both racers audited once), another body is 422', async () => {
    const fixture = await speedRaceFixture(harness, [6100, 6200, 6300, 6400].map((time) => [run(time), run(time + 50)] as const));
    const started = await api.call('PUT', `/api/race/${fixture.raceId}/state`, { token: fixture.adminToken, payload: { state: 'FINALS_ONGOING' } });
    expect(started.statusCode, started.body).toBe(200);
    const bracket = (await api.call('GET', `/api/race/${fixture.raceId}/speed-bracket`)).json() as { matches: { id: number; racerA: { roundId: number }; racerB: { roundId: number } }[] };
    const match = bracket.matches[0]!;
    await expectAppliedOnce(
      `/api/speed-match/${match.id}`,
      fixture.adminToken,
      [match.racerA.roundId, match.racerB.roundId],
      { racerA: { time: 5900, fall: false, falseStart: false }, racerB: { time: 6000, fall: false, falseStart: false } },
      { racerA: { time: 6100, fall: false, falseStart: false }, racerB: { time: 6000, fall: false, falseStart: false } },
    );
  });

  it('two requests with one key at the same moment apply once', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 1 });
    const { racerId, roundId } = fixture.racers[0]!;
    const body = { version: 0, boulders: [{ boulderIndex: 1, topAttempts: 2, zoneAttempts: 1, currentAttempt: 2 }] };
    const answers = await Promise.all([1, 2, 3].map(() => put(`/api/racer/${racerId}/round/${roundId}`, fixture.adminToken, body, 'same-moment-key-1')));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().version))).toEqual(new Set([1]));
    expect(await versionOf(roundId)).toBe(1);
    expect(await auditCount(roundId)).toBe(1);
  });

  it('refuses a malformed key with 400 before writing anything', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 1 });
    const { racerId, roundId } = fixture.racers[0]!;
    const body = { boulders: [{ boulderIndex: 0, topAttempts: 1, zoneAttempts: 1 }] };
    for (const key of ['short', 'x'.repeat(129), 'has space in it', 'semi;colon-key', 'ünïcode-key-1']) {
      const response = await put(`/api/racer/${racerId}/round/${roundId}`, fixture.adminToken, body, key);
      expect(response.statusCode, key).toBe(400);
      expect(errorCode(response)).toBe('IDEMPOTENCY_KEY_INVALID');
      expect(response.json().error.message).toContain('Idempotency-Key');
    }
    const sk = await put(`/api/racer/${racerId}/round/${roundId}`, fixture.adminToken, body, 'short', 'sk');
    expect(sk.json().error.message).toContain('nie je platná');
    expect(await versionOf(roundId)).toBe(0);
    // A UUID and the longest allowed key are fine.
    expect((await put(`/api/racer/${racerId}/round/${roundId}`, fixture.adminToken, body, crypto.randomUUID())).statusCode).toBe(200);
    expect((await put(`/api/racer/${racerId}/round/${roundId}`, fixture.adminToken, { ...body, version: 1 }, 'k'.repeat(128))).statusCode).toBe(200);
  });

  it('scopes keys per caller: another judge with the same key writes on its own', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 1 });
    const { racerId, roundId } = fixture.racers[0]!;
    const judge = await api.call('POST', `/api/event/${fixture.eventId}/judge-account`, { token: fixture.adminToken });
    expect(judge.statusCode, judge.body).toBe(201);
    const judgeToken = await api.call('POST', '/api/token/create', { payload: { email: judge.json().login, password: judge.json().password } });
    expect(judgeToken.statusCode, judgeToken.body).toBe(200);
    const url = `/api/racer/${racerId}/round/${roundId}`;
    expect((await put(url, fixture.adminToken, { boulders: [{ boulderIndex: 0, topAttempts: null, zoneAttempts: 1, currentAttempt: 1 }] }, 'shared-key-1')).statusCode).toBe(200);
    const other = await put(url, judgeToken.json().token, { boulders: [{ boulderIndex: 1, topAttempts: null, zoneAttempts: 2, currentAttempt: 2 }] }, 'shared-key-1');
    expect(other.statusCode, other.body).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await versionOf(roundId)).toBe(2);
    const entries = await harness.app.db.select().from(scoreAuditLog).where(eq(scoreAuditLog.roundId, roundId));
    expect(entries.map((entry) => [entry.operationId, entry.judgeAccountId !== null])).toEqual([
      ['shared-key-1', false],
      ['shared-key-1', true],
    ]);
  });

  it('stores nothing for a refused write, so the same key may be sent again', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 1 });
    const { racerId, roundId } = fixture.racers[0]!;
    const url = `/api/racer/${racerId}/round/${roundId}`;
    await harness.app.db.update(rounds).set({ state: 'CLOSED' }).where(eq(rounds.id, roundId));
    const body = { boulders: [{ boulderIndex: 0, topAttempts: 1, zoneAttempts: 1 }] };
    const refused = await put(url, fixture.adminToken, body, 'refused-then-ok');
    expect(errorCode(refused)).toBe('ROUND_CLOSED');
    await harness.app.db.update(rounds).set({ state: 'STARTED' }).where(eq(rounds.id, roundId));
    const accepted = await put(url, fixture.adminToken, body, 'refused-then-ok');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keeps a key at least 24 hours; an expired key counts as new and is purged', async () => {
    expect(IDEMPOTENCY_KEY_TTL_MS).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000);
    const fixture = await boulderRaceFixture(harness, { racers: 1 });
    const { racerId, roundId } = fixture.racers[0]!;
    const url = `/api/racer/${racerId}/round/${roundId}`;
    const body = { boulders: [{ boulderIndex: 2, topAttempts: null, zoneAttempts: null, currentAttempt: 1 }] };
    expect((await put(url, fixture.adminToken, body, 'expiring-key')).statusCode).toBe(200);
    const [stored] = await harness.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'expiring-key'));
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000);
    // 23 hours later the key still answers the first answer.
    await harness.app.db.update(idempotencyKeys).set({ createdAt: sql`created_at - interval '23 hours'`, expiresAt: sql`expires_at - interval '23 hours'` }).where(eq(idempotencyKeys.key, 'expiring-key'));
    expect((await put(url, fixture.adminToken, body, 'expiring-key')).headers['idempotent-replayed']).toBe('true');
    expect(await purgeExpiredIdempotencyKeys(harness.app.db)).toBe(0);

    // Past its expiry the key is gone: the purge removes it and the same key is a new write.
    await harness.app.db.update(idempotencyKeys).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(idempotencyKeys.key, 'expiring-key'));
    expect(await purgeExpiredIdempotencyKeys(harness.app.db)).toBe(1);
    expect(await harness.app.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.key, 'expiring-key')))).toEqual([]);
    const again = await put(url, fixture.adminToken, body, 'expiring-key');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await versionOf(roundId)).toBe(2);

    // An expired row that the purge has not reached yet is replaced by the next write with its key.
    await harness.app.db.update(idempotencyKeys).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(idempotencyKeys.key, 'expiring-key'));
    const fresh = await put(url, fixture.adminToken, { boulders: [{ boulderIndex: 3, topAttempts: 1, zoneAttempts: 1 }] }, 'expiring-key');
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await versionOf(roundId)).toBe(3);
  });
});
