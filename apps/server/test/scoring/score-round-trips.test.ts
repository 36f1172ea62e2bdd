import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { idempotencyKeys, raceResultsVersions, rounds, scoreAuditLog } from '../../src/db/schema/index.ts';
import { client, type Client } from '../support/accounts.ts';
import { boulderRaceFixture, type RaceFixture } from '../support/race-fixture.ts';
import { listRacers, top, zone } from '../support/scores.ts';
import { countStatements } from '../support/statement-count.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * Issue 13: a score write costs at most 5 database round trips (docs/performance.md, "Score write
 * round trips"): the race lookup, BEGIN, one statement that claims the key, locks and reads the
 * round, one that writes, audits, stores the answer and notifies, COMMIT. Authenticating the
 * caller (one statement: the session with its user and the user's memberships) comes before it, as
 * for every call.
 */

/** The statements of authentication: every authenticated request makes them, whatever it does. */
const authentication = (statement: string): boolean => /from "sessions"|from "users" left join "organization_memberships"/.test(statement);

describe('score write round trips', () => {
  let harness: TestApp;
  let api: Client;
  let fixture: RaceFixture;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
    fixture = await boulderRaceFixture(harness, { racers: 2 });
  });
  afterAll(() => harness.close());

  const put = (racerId: number, roundId: number, payload: unknown, key?: string) =>
    api.call('PUT', `/api/racer/${racerId}/round/${roundId}`, { token: fixture.adminToken, payload, headers: key ? { 'idempotency-key': key } : {} });

  it('writes boulders with a key in at most 5 statements, with every effect of the write', async () => {
    const [first] = await listRacers(api, fixture.raceId, 'QUALIFICATION');
    const round = first!.rounds[0]!;
    // Warm the caller's session and the race's caches, so only the write itself is counted.
    expect((await put(first!.id, round.id, { version: round.version, boulders: [{ ...zone(2), boulderIndex: 1 }] }, `warm-${Date.now()}`)).statusCode).toBe(200);
    const [before] = await harness.app.db.select().from(rounds).where(eq(rounds.id, round.id));
    const [resultsBefore] = await harness.app.db.select().from(raceResultsVersions).where(eq(raceResultsVersions.raceId, fixture.raceId));

    const key = `count-${Date.now()}`;
    const { result: response, statements } = await countStatements(harness.database, () => put(first!.id, round.id, { version: before!.version, boulders: [{ ...top(1), boulderIndex: 0 }] }, key));
    expect(response.statusCode, response.body).toBe(200);
    console.info(`score write with a key: ${statements.length} statements\n  ${statements.map((text) => text.replace(/\s+/g, ' ').slice(0, 110)).join('\n  ')}`);
    expect(statements.filter(authentication)).toHaveLength(1);
    expect(statements.filter((statement) => !authentication(statement)).length).toBeLessThanOrEqual(5);

    // Every effect is still there: the version bump, the score, the audit row, the stored answer, the results version.
    const [after] = await harness.app.db.select().from(rounds).where(eq(rounds.id, round.id));
    expect(after!.version).toBe(before!.version + 1);
    expect(response.json()).toMatchObject({ version: after!.version, state: 'STARTED', boulders: [{ topAttempts: 1, version: after!.version }, { zoneAttempts: 2 }, {}, {}] });
    const audits = await harness.app.db.select().from(scoreAuditLog).where(eq(scoreAuditLog.roundId, round.id));
    expect(audits.at(-1)).toMatchObject({ action: 'BOULDERS_UPDATED', operationId: key });
    const [stored] = await harness.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(stored).toMatchObject({ statusCode: 200, response: response.json() });
    const [resultsAfter] = await harness.app.db.select().from(raceResultsVersions).where(eq(raceResultsVersions.raceId, fixture.raceId));
    expect(resultsAfter!.version).toBeGreaterThan(resultsBefore?.version ?? 0);

    // The same key again answers the stored answer and writes nothing.
    const replay = await put(first!.id, round.id, { version: before!.version, boulders: [{ ...top(1), boulderIndex: 0 }] }, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(response.json());
  });

  it('writes boulders without a key in at most 5 statements too', async () => {
    const [, second] = await listRacers(api, fixture.raceId, 'QUALIFICATION');
    const round = second!.rounds[0]!;
    expect((await put(second!.id, round.id, { version: round.version, boulders: [{ ...zone(1), boulderIndex: 2 }] })).statusCode).toBe(200);
    const { result: response, statements } = await countStatements(harness.database, () => put(second!.id, round.id, { version: round.version + 1, boulders: [{ ...top(2), boulderIndex: 3 }] }));
    expect(response.statusCode, response.body).toBe(200);
    expect(statements.filter((statement) => !authentication(statement)).length).toBeLessThanOrEqual(5);
  });
});
