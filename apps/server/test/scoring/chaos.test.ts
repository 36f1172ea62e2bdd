import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OperationQueue, type BoulderValue, type OperationStore, type ScoreOperation } from '@climbing/domain';
import { scoreAuditLog } from '../../src/db/schema/index.ts';
import { client, type Client } from '../support/accounts.ts';
import { boulderRaceFixture } from '../support/race-fixture.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * Issue 12 chaos test: ten judges enter a whole bouldering round through the same operation queue
 * the web app uses, over connections that drop at random for 10-60 s, lose requests on the way
 * and lose answers after the server applied them. The clock is simulated (one step = one second),
 * so twenty minutes of judging run in seconds. At the end the server holds exactly what every
 * judge intended: none lost, none applied twice.
 */

const BOULDERS = 5;
const RACERS = 20;
const JUDGES = 10;

/** The same scores on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const between = (random: () => number, low: number, high: number): number => low + Math.floor(random() * (high - low + 1));

/** The taps of one judge on one racer's boulder, as the values the scorecard would enqueue, with a correction now and then. */
function tapsFor(random: () => number): BoulderValue[] {
  const values: BoulderValue[] = [];
  let current: BoulderValue = { topAttempts: null, zoneAttempts: null, currentAttempt: 0 };
  const attempts = between(random, 1, 5);
  const zoneAt = random() < 0.7 ? between(random, 1, attempts) : null;
  const topAt = zoneAt !== null && random() < 0.5 ? between(random, zoneAt, attempts) : null;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    current = { ...current, currentAttempt: attempt };
    values.push(current);
    if (zoneAt === attempt) values.push((current = { ...current, zoneAttempts: attempt }));
    if (topAt === attempt) {
      values.push((current = { ...current, topAttempts: attempt }));
      break;
    }
  }
  // Now and then the judge corrects the last mark (undo), sometimes taking a top back.
  if (random() < 0.25 && values.length > 1) values.push(values[values.length - 2]!);
  return values;
}

interface SimulatedJudge {
  index: number;
  token: string;
  queue: OperationQueue;
  online: boolean;
  /** Simulated second at which a dropped connection comes back. */
  backAt: number;
  nextTapAt: number;
  /** What this judge still has to tap, in order. */
  script: { racerId: number; roundId: number; boulderIndex: number; value: BoulderValue }[];
  enqueued: string[];
  drops: number;
}

describe('ten judges on flaky connections', () => {
  let harness: TestApp;
  let api: Client;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
  });
  afterAll(() => harness.close());

  it('enter a whole round: the server ends with exactly the intended entries, none lost, none doubled', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: RACERS, boulders: BOULDERS });
    const random = seeded(12);
    let clock = Date.parse('2026-12-05T09:00:00.000Z');
    const stats = { lostRequests: 0, lostAnswers: 0, sent: 0 };

    const intended = new Map<string, BoulderValue>();
    const judges: SimulatedJudge[] = [];
    for (let index = 0; index < JUDGES; index += 1) {
      const account = (await api.call('POST', `/api/event/${fixture.eventId}/judge-account`, { token: fixture.adminToken })).json() as { login: string; password: string };
      const token = (await api.call('POST', '/api/token/create', { payload: { email: account.login, password: account.password } })).json().token as string;
      // Judge j keeps boulder j % 5 for every other racer: two judges per boulder, five on each round.
      const boulderIndex = index % BOULDERS;
      const script = fixture.racers
        .filter((_, position) => position % 2 === Math.floor(index / BOULDERS))
        .flatMap((racer) => tapsFor(random).map((value) => ({ racerId: racer.racerId, roundId: racer.roundId, boulderIndex, value })));
      for (const tap of script) intended.set(`${tap.roundId}:${tap.boulderIndex}`, tap.value);

      const judge: SimulatedJudge = { index, token, online: true, backAt: 0, nextTapAt: between(random, 0, 5), script, enqueued: [], drops: 0, queue: undefined as unknown as OperationQueue };
      let stored: ScoreOperation[] = [];
      const store: OperationStore = { load: async () => stored, save: async (queue) => void (stored = [...queue]) };
      let counter = 0;
      judge.queue = new OperationQueue(
        store,
        {
          // The flaky layer: nothing gets through while the connection is down; when it is up, a
          // request may still vanish on the way, or its answer after the server applied it.
          send: async (request) => {
            if (!judge.online) return { status: 'NETWORK' };
            if (random() < 0.05) {
              stats.lostRequests += 1;
              return { status: 'NETWORK' };
            }
            stats.sent += 1;
            const response = await api.call(request.method, request.path, { token: judge.token, payload: request.body, headers: { 'idempotency-key': request.key } });
            if (random() < 0.15) {
              stats.lostAnswers += 1;
              return { status: 'NETWORK' };
            }
            return { status: response.statusCode, body: response.json() };
          },
        },
        { newId: () => `judge-${index}-op-${(counter += 1)}`, now: () => new Date(clock), deviceId: `phone-${index}` },
      );
      judges.push(judge);
    }

    // The simulated day: one step is one second. Connections drop for 10-60 s about every 40 s.
    let second = 0;
    while (judges.some((judge) => judge.script.length > 0)) {
      second += 1;
      clock += 1000;
      await Promise.all(
        judges.map(async (judge) => {
          if (!judge.online && second >= judge.backAt) judge.online = true;
          else if (judge.online && random() < 1 / 40) {
            judge.online = false;
            judge.backAt = second + between(random, 10, 60);
            judge.drops += 1;
          }
          if (second >= judge.nextTapAt && judge.script.length > 0) {
            const tap = judge.script.shift()!;
            const op = await judge.queue.enqueue({ kind: 'BOULDER', raceId: fixture.raceId, stage: 'QUALIFICATION', racerId: tap.racerId, roundId: tap.roundId, boulderIndex: tap.boulderIndex, value: tap.value, baseVersion: 0 });
            judge.enqueued.push(op.id);
            judge.nextTapAt = second + between(random, 2, 8);
          }
          if (judge.online) await judge.queue.flush();
        }),
      );
    }
    // The day is over: every connection comes back and every queue drains.
    for (const judge of judges) judge.online = true;
    for (let round = 0; round < 20 && judges.some((judge) => judge.queue.snapshot().waiting > 0); round += 1) {
      await Promise.all(judges.map((judge) => judge.queue.flush()));
    }

    // The chaos really happened.
    // Drops are drawn per simulated second and the judges' pace depends on real answer times, so a
    // judge may finish before their first drop on a fast run: most of them must have dropped.
    expect(judges.filter((judge) => judge.drops > 0).length).toBeGreaterThanOrEqual(JUDGES - 2);
    expect(stats.lostAnswers).toBeGreaterThan(10);
    expect(stats.lostRequests).toBeGreaterThan(5);
    expect(second).toBeGreaterThan(200);

    // Every queue is empty: nothing waiting, no conflict (each boulder has one judge), nothing refused.
    expect(judges.map((judge) => judge.queue.snapshot().operations.length)).toEqual(judges.map(() => 0));

    // The server's rounds are exactly the judges' intended entries.
    const listed = (await api.call('GET', `/api/racer/list?race=${fixture.raceId}&stage=QUALIFICATION`)).json() as { rounds: { id: number; boulders: (BoulderValue & { boulderIndex: number })[] }[] }[];
    const actual = new Map<string, BoulderValue>();
    for (const racer of listed) {
      const round = racer.rounds[0]!;
      for (const boulder of round.boulders) {
        if (intended.has(`${round.id}:${boulder.boulderIndex}`)) actual.set(`${round.id}:${boulder.boulderIndex}`, { topAttempts: boulder.topAttempts, zoneAttempts: boulder.zoneAttempts, currentAttempt: boulder.currentAttempt });
      }
    }
    expect(intended.size).toBe(RACERS * BOULDERS);
    expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(intended));

    // None lost, none doubled: one audit row per entry, each with its operation id, device and device time.
    const entries = await harness.app.db.select().from(scoreAuditLog).where(eq(scoreAuditLog.raceId, fixture.raceId));
    const enqueued = judges.flatMap((judge) => judge.enqueued);
    expect(entries).toHaveLength(enqueued.length);
    expect(entries.map((entry) => entry.operationId).sort()).toEqual([...enqueued].sort());
    expect(entries.every((entry) => entry.deviceId?.startsWith('phone-') && entry.deviceAt !== null)).toBe(true);
  }, 120_000);
});
