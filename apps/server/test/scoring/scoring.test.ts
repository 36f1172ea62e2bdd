import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankBoulderRound, mergeGroupRanks, type BoulderScore } from '@climbing/domain';
import { eq } from 'drizzle-orm';
import { races, scoreAuditLog } from '../../src/db/schema/index.ts';
import { createStageRounds } from '../../src/features/scoring/round-state-service.ts';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { boulderRaceFixture, type RaceFixture } from '../support/race-fixture.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** A small deterministic generator so that the same scores come back on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function randomBoulder(random: () => number): BoulderScore & { currentAttempt: number } {
  const zone = random() < 0.7 ? 1 + Math.floor(random() * 4) : null;
  const top = zone !== null && random() < 0.5 ? zone + Math.floor(random() * 3) : null;
  return { topAttempts: top, zoneAttempts: zone, currentAttempt: Math.max(top ?? 0, zone ?? 0, 1 + Math.floor(random() * 5)) };
}

interface RoundBody {
  id: number;
  version: number;
  state: string;
  boulders: { id: number | null; boulderIndex: number; topAttempts: number | null; zoneAttempts: number | null; currentAttempt: number }[];
}

describe('scorecards and results', () => {
  let harness: TestApp;
  let api: Client;

  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
  });
  afterAll(async () => harness?.close());

  async function enterScores(fixture: RaceFixture, token: string, stage: 'QUALIFICATION' | 'FINAL', seed: number): Promise<Map<string, BoulderScore[]>> {
    const random = seeded(seed);
    const list = await api.call('GET', `/api/racer/list?race=${fixture.raceId}&stage=${stage}`);
    expect(list.statusCode).toBe(200);
    const racers = list.json() as { id: number; rounds: RoundBody[] }[];
    const entered = new Map<string, BoulderScore[]>();
    for (const racer of racers) {
      const round = racer.rounds[0]!;
      const boulders = round.boulders.map((boulder) => ({ id: boulder.id, ...randomBoulder(random) }));
      const response = await api.call('PUT', `/api/racer/${racer.id}/round/${round.id}`, { token, payload: { boulders, version: round.version } });
      expect(response.statusCode, response.body).toBe(200);
      entered.set(String(racer.id), boulders.map(({ topAttempts, zoneAttempts }) => ({ topAttempts, zoneAttempts })));
    }
    return entered;
  }

  it('ranks a whole race like the domain engine: qualification, then a final with count-back', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 24, finalRacers: 6, scoringType: 'TOPS_ZONES' });
    const qualification = await enterScores(fixture, fixture.adminToken, 'QUALIFICATION', 7);

    const results = await api.call('GET', `/api/results/${fixture.raceId}?stage=QUALIFICATION`);
    expect(results.statusCode).toBe(200);
    const rows = results.json() as { racer: { id: number }; rank: number; tops: number; tieBreak: string | null }[];
    const expected = rankBoulderRound({ scoringType: 'TOPS_ZONES', racers: [...qualification].map(([racerId, boulders]) => ({ racerId, boulders })) });
    expect(rows).toHaveLength(24);
    expect(Object.fromEntries(rows.map((row) => [String(row.racer.id), row.rank]))).toEqual(Object.fromEntries(expected.map((row) => [row.racerId, row.rank])));
    expect(rows.map((row) => row.rank)).toEqual([...rows.map((row) => row.rank)].sort((a, b) => a - b));

    await harness.app.db.update(races).set({ state: 'FINALS' }).where(eq(races.id, fixture.raceId));
    const [race] = await harness.app.db.select().from(races).where(eq(races.id, fixture.raceId));
    const created = await createStageRounds(harness.app.db, race!, 'FINAL');
    expect(created).toBe(expected.filter((row) => row.rank <= 6).length);

    const final = await enterScores(fixture, fixture.adminToken, 'FINAL', 11);
    const finalRows = (await api.call('GET', `/api/results/${fixture.raceId}?stage=FINAL`)).json() as { racer: { id: number }; rank: number; tieBreak: string | null }[];
    const previousRanks = Object.fromEntries(expected.map((row) => [row.racerId, row.rank]));
    const expectedFinal = rankBoulderRound({ scoringType: 'TOPS_ZONES', racers: [...final].map(([racerId, boulders]) => ({ racerId, boulders })), previousRanks });
    expect(Object.fromEntries(finalRows.map((row) => [String(row.racer.id), [row.rank, row.tieBreak]]))).toEqual(
      Object.fromEntries(expectedFinal.map((row) => [row.racerId, [row.rank, row.tieBreak]])),
    );

    // The qualification is closed once the final runs: its scorecards refuse edits.
    const first = fixture.racers[0]!;
    const late = await api.call('PUT', `/api/racer/${first.racerId}/round/${first.roundId}`, { token: fixture.adminToken, payload: { boulders: [{ topAttempts: 1, zoneAttempts: 1 }] } });
    expect(late.statusCode, late.body).toBe(409);
    expect(errorCode(late)).toBe('STAGE_CLOSED');
  });

  it('merges the ranks of qualification groups and gives no count-back after them', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 10, groups: 2, scoringType: 'IFSC_POINTS' });
    const entered = await enterScores(fixture, fixture.adminToken, 'QUALIFICATION', 3);
    const rows = (await api.call('GET', `/api/results/${fixture.raceId}?stage=QUALIFICATION`)).json() as { racer: { id: number }; rank: number; score: number }[];
    const groupOf = new Map(fixture.racers.map((racer) => [String(racer.racerId), racer.groupId]));
    const groupRankings = fixture.groupIds.map((groupId) =>
      rankBoulderRound({ scoringType: 'IFSC_POINTS', racers: [...entered].filter(([racerId]) => groupOf.get(racerId) === groupId).map(([racerId, boulders]) => ({ racerId, boulders })) }),
    );
    const merged = mergeGroupRanks(groupRankings);
    expect(Object.fromEntries(rows.map((row) => [String(row.racer.id), row.rank]))).toEqual(Object.fromEntries(merged.map((row) => [row.racerId, row.rank])));
    expect(rows.every((row) => typeof row.score === 'number')).toBe(true);
  });

  it('starts a READY round on the first score, audits every write and refuses a stale version with the current round', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 2 });
    const { racerId, roundId } = fixture.racers[0]!;
    const url = `/api/racer/${racerId}/round/${roundId}`;
    const before = (await api.call('GET', url)).json() as RoundBody;
    expect(before).toMatchObject({ state: 'READY', version: 0 });
    expect(before.boulders).toHaveLength(4);

    const first = await api.call('PUT', url, { token: fixture.adminToken, payload: { version: 0, boulders: [{ id: before.boulders[0]!.id, topAttempts: null, zoneAttempts: 2, currentAttempt: 3 }] } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ state: 'STARTED', version: 1, boulders: [{ zoneAttempts: 2, currentAttempt: 3 }, {}, {}, {}] });
    expect(first.headers.etag).toBe('"1"');

    // A second judge still holding version 0 does not overwrite the first one's attempt.
    const stale = await api.call('PUT', url, { token: fixture.adminToken, payload: { version: 0, boulders: [{ boulderIndex: 0, topAttempts: null, zoneAttempts: null, currentAttempt: 1 }] } });
    expect(stale.statusCode).toBe(409);
    expect(errorCode(stale)).toBe('VERSION_CONFLICT');
    expect(stale.json().error.details.current).toMatchObject({ version: 1, boulders: [{ zoneAttempts: 2, currentAttempt: 3 }, {}, {}, {}] });

    const viaIfMatch = await api.call('PUT', url, { token: fixture.adminToken, headers: { 'if-match': '"0"' }, payload: { boulders: [{ boulderIndex: 0, topAttempts: 1, zoneAttempts: 1 }] } });
    expect(errorCode(viaIfMatch)).toBe('VERSION_CONFLICT');
    const fresh = await api.call('PUT', url, { token: fixture.adminToken, headers: { 'if-match': '"1"' }, payload: { boulders: [{ boulderIndex: 1, topAttempts: 1, zoneAttempts: 1 }] } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ version: 2, boulders: [{}, { topAttempts: 1, zoneAttempts: 1, currentAttempt: 1 }, {}, {}] });

    const entries = await harness.app.db.select().from(scoreAuditLog).where(eq(scoreAuditLog.roundId, roundId));
    expect(entries.map((entry) => entry.action)).toEqual(['BOULDERS_UPDATED', 'BOULDERS_UPDATED']);
    const trail = await api.call('GET', `${url}/audit`, { token: fixture.adminToken });
    expect(trail.statusCode).toBe(200);
    expect(trail.json()[0]).toMatchObject({ action: 'BOULDERS_UPDATED', before: [{}, { topAttempts: null }, {}, {}], after: [{}, { topAttempts: 1 }, {}, {}] });
    const stranger = await api.user('stranger-audit@example.com');
    expect((await api.call('GET', `${url}/audit`, { token: stranger.token })).statusCode).toBe(403);
  });

  it('refuses bad scores with field errors and keeps nothing of them', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 1 });
    const { racerId, roundId } = fixture.racers[0]!;
    const url = `/api/racer/${racerId}/round/${roundId}`;
    const zoneAfterTop = await api.call('PUT', url, { token: fixture.adminToken, payload: { boulders: [{ topAttempts: 1, zoneAttempts: 3 }] } });
    expect(zoneAfterTop.statusCode).toBe(400);
    expect(errorCode(zoneAfterTop)).toBe('ZONE_ATTEMPTS_EXCEED_TOP_ATTEMPTS');
    expect(zoneAfterTop.json().error.fields).toEqual({ 'boulders.0.zoneAttempts': 'ZONE_ATTEMPTS_EXCEED_TOP_ATTEMPTS' });

    const outOfRange = await api.call('PUT', url, { token: fixture.adminToken, payload: { boulders: [{ boulderIndex: 9, topAttempts: 1, zoneAttempts: 1 }] } });
    expect(errorCode(outOfRange)).toBe('VALIDATION_FAILED');
    const foreignId = await api.call('PUT', url, { token: fixture.adminToken, payload: { boulders: [{ id: 999_999, topAttempts: 1, zoneAttempts: 1 }] } });
    expect(errorCode(foreignId)).toBe('VALIDATION_FAILED');
    for (const payload of [{ boulders: 'x' }, { boulders: [{ topAttempts: -1, zoneAttempts: null }] }, { boulders: [{ topAttempts: 1.5, zoneAttempts: null }] }, {}]) {
      const response = await api.call('PUT', url, { token: fixture.adminToken, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const round = (await api.call('GET', url)).json() as RoundBody;
    expect(round).toMatchObject({ version: 0, state: 'READY' });
    expect(round.boulders.every((boulder) => boulder.topAttempts === null && boulder.zoneAttempts === null)).toBe(true);
  });

  it('lets only the organisation admins and judges write, and hides results of hidden events', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 1 });
    const { racerId, roundId } = fixture.racers[0]!;
    const url = `/api/racer/${racerId}/round/${roundId}`;
    const payload = { boulders: [{ topAttempts: 1, zoneAttempts: 1 }] };
    expect(errorCode(await api.call('PUT', url, { payload }))).toBe('MISSING_TOKEN');
    const other = await api.user('other-admin@example.com');
    await api.organization(other.token, 'Other club');
    const refused = await api.call('PUT', url, { token: other.token, payload });
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe('NO_RIGHTS');

    const hidden = await boulderRaceFixture(harness, { racers: 1, isHidden: true });
    expect(errorCode(await api.call('GET', `/api/results/${hidden.raceId}?stage=QUALIFICATION`))).toBe('RACE_NOT_FOUND');
    expect((await api.call('GET', `/api/results/${hidden.raceId}?stage=QUALIFICATION`, { token: hidden.adminToken })).statusCode).toBe(200);
    expect(errorCode(await api.call('GET', `/api/results/${fixture.raceId}`))).toBe('REQUIRED_PARAMETER_MISSING');
    expect(errorCode(await api.call('GET', `/api/racer/list?race=${fixture.raceId}`))).toBe('REQUIRED_PARAMETER_MISSING');
    expect(errorCode(await api.call('GET', `/api/results/999999?stage=FINAL`))).toBe('RACE_NOT_FOUND');
  });

  it('closes, reopens and restarts rounds by the round rules', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 3, finalRacers: 2 });
    const [a, b] = fixture.racers;
    const token = fixture.adminToken;
    await api.call('PUT', `/api/racer/${a!.racerId}/round/${a!.roundId}`, { token, payload: { boulders: [{ topAttempts: 1, zoneAttempts: 1 }] } });
    await api.call('PUT', `/api/racer/${b!.racerId}/round/${b!.roundId}`, { token, payload: { boulders: [{ topAttempts: null, zoneAttempts: 1 }] } });

    const close = await api.call('PUT', '/api/round/state', { token, payload: { roundIds: [a!.roundId, b!.roundId], state: 'CLOSED' } });
    expect(close.statusCode).toBe(200);
    expect(close.json().map((round: { state: string }) => round.state)).toEqual(['CLOSED', 'CLOSED']);
    const closedEdit = await api.call('PUT', `/api/racer/${a!.racerId}/round/${a!.roundId}`, { token, payload: { boulders: [{ topAttempts: 2, zoneAttempts: 1 }] } });
    expect(errorCode(closedEdit)).toBe('ROUND_CLOSED');

    // A READY round cannot be closed without being started: the whole call is refused.
    const c = fixture.racers[2]!;
    const mixed = await api.call('PUT', '/api/round/state', { token, payload: { roundIds: [a!.roundId, c.roundId], state: 'CLOSED' } });
    expect(mixed.statusCode).toBe(409);

    expect((await api.call('PUT', '/api/round/state', { token, payload: { roundIds: [a!.roundId], state: 'STARTED' } })).json()[0].state).toBe('STARTED');

    // Once the next stage has results, reopening is refused; restart erases instead.
    await api.call('PUT', '/api/round/state', { token, payload: { roundIds: [a!.roundId], state: 'CLOSED' } });
    const [race] = await harness.app.db.select().from(races).where(eq(races.id, fixture.raceId));
    await createStageRounds(harness.app.db, race!, 'FINAL');
    const finalists = (await api.call('GET', `/api/racer/list?race=${fixture.raceId}&stage=FINAL`)).json() as { id: number; rounds: RoundBody[] }[];
    expect(finalists.length).toBeGreaterThanOrEqual(2);
    const finalist = finalists[0]!;
    await api.call('PUT', `/api/racer/${finalist.id}/round/${finalist.rounds[0]!.id}`, { token, payload: { boulders: [{ topAttempts: null, zoneAttempts: 2 }] } });
    const reopen = await api.call('PUT', '/api/round/state', { token, payload: { roundIds: [a!.roundId], state: 'STARTED' } });
    expect(errorCode(reopen)).toBe('ROUND_CANNOT_BE_REOPENED');

    const restart = await api.call('PUT', '/api/round/state', { token, payload: { roundIds: [a!.roundId], state: 'READY' } });
    expect(restart.statusCode).toBe(200);
    const erased = (await api.call('GET', `/api/racer/${a!.racerId}/round/${a!.roundId}`)).json() as RoundBody;
    expect(erased.state).toBe('READY');
    expect(erased.boulders.every((boulder) => boulder.topAttempts === null && boulder.zoneAttempts === null && boulder.currentAttempt === 0)).toBe(true);
    const actions = (await harness.app.db.select().from(scoreAuditLog).where(eq(scoreAuditLog.roundId, a!.roundId))).map((entry) => entry.action);
    expect(actions).toContain('ROUND_RESTARTED');
  });
});
