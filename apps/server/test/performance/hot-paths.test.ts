import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeStageResults, findRace } from '../../src/features/results/results-service.ts';
import { client, type Client } from '../support/accounts.ts';
import { addBulkBoulderRace, boulderRaceFixture, bulkAgeCategories, type BulkRace } from '../support/bulk-race.ts';
import type { RaceFixture } from '../support/race-fixture.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * Issue 13: no quadratic loop on a request path. Each request is timed on a race of 500 racers and
 * on one of 5,000 in the same run: linear work takes about 10 times longer, a quadratic loop about
 * 100 times. The bound (40 times; a quadratic path gives about 100) leaves room for a noisy shared machine; the absolute times are
 * printed (docs/performance.md). Each time is the best of a few runs.
 */

const SMALL = 500;
const LARGE = 5_000;
/** Linear ≈ 10, quadratic ≈ 100. */
const MAX_RATIO = 40;

async function best(runs: number, work: () => Promise<unknown>): Promise<number> {
  let fastest = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await work();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

function report(name: string, small: number, large: number): number {
  const ratio = large / small;
  console.info(`${name}: ${SMALL} racers ${small.toFixed(1)} ms, ${LARGE} racers ${large.toFixed(1)} ms, ×${ratio.toFixed(1)}`);
  return ratio;
}

describe('request paths scale linearly', () => {
  let harness: TestApp;
  let api: Client;
  let base: RaceFixture;
  const small: BulkRace[] = [];
  const large: BulkRace[] = [];
  let cups: { small: string; large: string };

  beforeAll(async () => {
    const started = performance.now();
    harness = await createTestApp();
    api = client(harness);
    base = await boulderRaceFixture(harness, { racers: 0 });
    const categories = await bulkAgeCategories(harness, base.organizationId);
    for (const seed of [1, 2]) small.push(await addBulkBoulderRace(harness, base, SMALL, seed, categories));
    for (const seed of [3, 4]) large.push(await addBulkBoulderRace(harness, base, LARGE, seed, categories));

    // Two cups of two races each: one over the small races, one over the large ones.
    const rankCategory = await api.call('POST', `/api/organization/${base.organizationId}/cup-rank-category`, { token: base.adminToken, payload: { name: 'National', numberOfRanks: 80, level: 1 } });
    expect(rankCategory.statusCode, rankCategory.body).toBeLessThan(300);
    const cupRankCategoryId = (rankCategory.json() as { id: number }).id;
    const cupOver = async (name: string, races: readonly BulkRace[]): Promise<string> => {
      const created = await api.call('POST', '/api/cup', {
        token: base.adminToken,
        payload: { organizationId: base.organizationId, name, startDate: '2026-01-01', endDate: '2026-12-31', disciplines: ['BOULDERING'], categories: [{ name: 'Open' }] },
      });
      expect(created.statusCode, created.body).toBeLessThan(300);
      const cup = created.json() as { id: number; categories: { id: number }[] };
      const categoryId = cup.categories[0]!.id;
      for (const race of races) {
        const added = await api.call('POST', `/api/cup/${cup.id}/category/${categoryId}/race`, { token: base.adminToken, payload: { raceId: race.raceId, cupRankCategoryId } });
        expect(added.statusCode, added.body).toBeLessThan(300);
      }
      return `/api/cup/${cup.id}/ranking?category=${categoryId}`;
    };
    cups = { small: await cupOver('Small Cup', small), large: await cupOver('Large Cup', large) };
    console.info(`fixture: ${2 * SMALL + 2 * LARGE} racers in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }, 180_000);
  afterAll(() => harness.close());

  it('ranks a stage (load, rank, category ranks) in linear time', async () => {
    const stageOf = async ({ raceId }: BulkRace) => {
      const race = await findRace(harness.app.db, raceId);
      return () => computeStageResults(harness.app.db, race, 'QUALIFICATION');
    };
    const largeStage = await stageOf(large[0]!);
    const rows = (await largeStage()).rows;
    expect(rows).toHaveLength(LARGE);
    expect(rows.filter((row) => row.empty)).toHaveLength(LARGE / 20);
    expect(rows.every((row) => row.categoryRank !== null && row.categoryRank <= row.rank)).toBe(true);
    const smallTime = await best(3, await stageOf(small[0]!));
    const largeTime = await best(3, largeStage);
    expect(report('results of a stage', smallTime, largeTime)).toBeLessThan(MAX_RATIO);
  });

  it('answers the results request and the judges’ racer list in linear time', async () => {
    const results = (race: BulkRace) => async () => {
      const response = await api.call('GET', `/api/results/${race.raceId}?stage=QUALIFICATION`);
      expect(response.statusCode).toBe(200);
    };
    // A fresh race version per run would measure the ranking again; the cached read is what visitors get.
    expect(report('GET /api/results (cached)', await best(3, results(small[0]!)), await best(3, results(large[0]!)))).toBeLessThan(MAX_RATIO);

    const list = (race: BulkRace) => async () => {
      const response = await api.call('GET', `/api/racer/list?race=${race.raceId}&stage=QUALIFICATION`, { token: base.adminToken });
      expect(response.statusCode).toBe(200);
      return response;
    };
    const listed = (await list(large[0]!)()).json() as { rounds: { boulders: unknown[] }[] }[];
    expect(listed).toHaveLength(LARGE);
    expect(listed.every((racer) => racer.rounds[0]?.boulders.length === 4)).toBe(true);
    expect(report('GET /api/racer/list', await best(3, list(small[0]!)), await best(3, list(large[0]!)))).toBeLessThan(MAX_RATIO);
  });

  it('ranks a cup across races in linear time, reading the races’ results through the results cache', async () => {
    const ranking = (url: string) => async () => {
      const response = await api.call('GET', url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { points: number; raceResults: unknown[] }[];
    };
    const rows = await ranking(cups.large)();
    // The same names in both races are one racer of the cup; who never started has no place.
    expect(rows).toHaveLength(LARGE - LARGE / 20);
    expect(rows.some((row) => row.raceResults.length === 2)).toBe(true);
    await ranking(cups.small)();
    const computations = harness.app.resultsCache.computations;
    const smallTime = await best(3, ranking(cups.small));
    const largeTime = await best(3, ranking(cups.large));
    // Unchanged races are not ranked again for a cup ranking.
    expect(harness.app.resultsCache.computations).toBe(computations);
    expect(report('GET /api/cup/{id}/ranking', smallTime, largeTime)).toBeLessThan(MAX_RATIO);
  });
});
