import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../support/accounts.ts';
import { boulderRaceFixture } from '../support/race-fixture.ts';
import { enterBoulders, listRacers, nothing, results, top, zone } from '../support/scores.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe('racers without a result and the podium tie-break (issue 9)', () => {
  let harness: TestApp;
  let api: Client;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
  });
  afterAll(async () => harness?.close());

  it('ranks an unscored qualification group below every scored racer and sends none of it to the final', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 15, groups: 3, boulders: 2, finalRacers: 12 });
    const groupOf = new Map(fixture.racers.map((racer) => [racer.racerNumber, fixture.groupIds.indexOf(racer.groupId)]));
    // Groups A and B climbed (each ranked 1..5 on its own boulders); nothing was entered for group C.
    await enterBoulders(api, fixture.adminToken, fixture.raceId, 'QUALIFICATION', (racer) => {
      if (groupOf.get(racer.racerNumber) === 2) return null;
      const place = Math.floor((racer.racerNumber - 101) / 3);
      return place === 0 ? [top(1), top(1)] : place === 1 ? [top(1), zone(1)] : place === 2 ? [zone(1), zone(1)] : place === 3 ? [zone(2), nothing()] : [nothing(), nothing()];
    });
    const rows = await results(api, fixture.raceId, 'stage=QUALIFICATION');
    const scored = rows.filter((row) => !row.empty);
    const unscored = rows.filter((row) => row.empty);
    expect(scored).toHaveLength(10);
    expect(unscored.map((row) => row.racer.qualificationGroup)).toEqual(['C', 'C', 'C', 'C', 'C']);
    // The group winners share the first place; the five of group C share the place after the last scored racer.
    expect(scored.map((row) => row.rank)).toEqual([1, 1, 3, 3, 5, 5, 7, 7, 9, 9]);
    expect(unscored.map((row) => row.rank)).toEqual([11, 11, 11, 11, 11]);
    expect(rows.map((row) => row.rank)).toEqual([...scored, ...unscored].map((row) => row.rank));

    expect((await api.call('PUT', `/api/race/${fixture.raceId}/state`, { token: fixture.adminToken, payload: { state: 'FINALS_ONGOING' } })).statusCode).toBe(200);
    const finalists = await listRacers(api, fixture.raceId, 'FINAL');
    expect(finalists.map((racer) => racer.racerNumber).sort()).toEqual(scored.map((row) => row.racer.racerNumber).sort());
  });

  it('splits a podium tie of a tops-and-zones final by the tops on the first attempt', async () => {
    const fixture = await boulderRaceFixture(harness, { racers: 4, boulders: 2, finalRacers: 4, scoringType: 'TOPS_ZONES' });
    // 101 and 102 tie in the qualification, so the count-back cannot separate them in the final.
    const qualification = new Map([
      [101, [top(1), top(1)]],
      [102, [top(1), top(1)]],
      [103, [top(2), zone(1)]],
      [104, [zone(1), zone(1)]],
    ]);
    await enterBoulders(api, fixture.adminToken, fixture.raceId, 'QUALIFICATION', (racer) => qualification.get(racer.racerNumber) ?? null);
    expect((await api.call('PUT', `/api/race/${fixture.raceId}/state`, { token: fixture.adminToken, payload: { state: 'FINALS_ONGOING' } })).statusCode).toBe(200);
    // 101 and 102 both finish 2T3z 4 3; 101 flashed a boulder, 102 did not.
    const final = new Map([
      [101, [top(1), top(3), zone(1), nothing()]],
      [102, [top(2), top(2), zone(1), nothing()]],
      [103, [top(1), zone(1), nothing(), nothing()]],
      [104, [zone(1), nothing(), nothing(), nothing()]],
    ]);
    await enterBoulders(api, fixture.adminToken, fixture.raceId, 'FINAL', (racer) => final.get(racer.racerNumber) ?? null);
    const rows = await results(api, fixture.raceId, 'stage=FINAL');
    expect(rows.map((row) => [row.racer.racerNumber, row.rank, row.tieBreak])).toEqual([
      [101, 1, 'TOPS_BY_ATTEMPT'],
      [102, 2, 'TOPS'],
      [103, 3, 'TOPS'],
      [104, 4, null],
    ]);
    // The qualification (not a final) keeps the tie.
    const qualificationRows = await results(api, fixture.raceId, 'stage=QUALIFICATION');
    expect(qualificationRows.slice(0, 2).map((row) => row.rank)).toEqual([1, 1]);
  });
});
