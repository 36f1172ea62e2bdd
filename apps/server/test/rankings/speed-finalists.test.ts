import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpeedRun } from '@climbing/domain';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { boulderRaceFixture } from '../support/race-fixture.ts';
import { speedRaceFixture } from '../support/speed-race-fixture.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface Match {
  id: number;
  gender: string;
  stage: string;
  stageIndex: number;
  version: number;
  racerA: { id: number; racerNumber: number } | null;
  racerB: { id: number; racerNumber: number } | null;
}
interface Bracket {
  size: number;
  stages: string[];
  matches: Match[];
  brackets: { gender: string; size: number; stages: string[]; matches: Match[] }[];
  planned: { gender: string; size: number; racersWithTime: number }[];
}

const valid = (timeMs: number): SpeedRun => ({ timeMs, fall: false, falseStart: false });
const fell: SpeedRun = { timeMs: null, fall: true, falseStart: false };
const timed = (count: number, offset = 0): [SpeedRun, SpeedRun][] => Array.from({ length: count }, (_, index) => [valid(5000 + offset + index * 10), fell]);

/** Issue 9 acceptance: the speed setting "racers in the final" is honoured, and a race too small for a bracket can be finished. */
describe('speed finalists', () => {
  let harness: TestApp;
  let api: Client;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
  });
  afterAll(async () => harness?.close());

  const bracketOf = async (raceId: number): Promise<Bracket> => (await api.call('GET', `/api/race/${raceId}/speed-bracket`)).json();

  it('builds an 8-bracket for 16 timed racers when the race sets 8 racers in the final', async () => {
    const fixture = await speedRaceFixture(harness, timed(16));
    const token = fixture.adminToken;
    const settings = await api.call('PUT', `/api/race/${fixture.raceId}`, { token, payload: { speed: { numberOfFinalRacers: 8 } } });
    expect(settings.statusCode, settings.body).toBe(200);
    expect((await bracketOf(fixture.raceId)).planned).toEqual([{ gender: 'MEN', size: 8, racersWithTime: 16 }]);
    const refused = await api.call('POST', `/api/race/${fixture.raceId}/finish-on-qualification`, { token });
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe('SPEED_BRACKET_POSSIBLE');

    expect((await api.call('PUT', `/api/race/${fixture.raceId}/state`, { token, payload: { state: 'FINALS' } })).statusCode).toBe(200);
    const bracket = await bracketOf(fixture.raceId);
    expect(bracket.size).toBe(8);
    expect(bracket.stages[0]).toBe('QUARTER_FINAL');
    expect(bracket.planned).toEqual([]);
    // Seeds 1-8 by the qualification times: racers 101..108.
    expect(bracket.matches.map((match) => [match.racerA?.racerNumber, match.racerB?.racerNumber])).toEqual([
      [101, 108],
      [104, 105],
      [102, 107],
      [103, 106],
    ]);
    const finals = (await api.call('GET', `/api/racer/list?race=${fixture.raceId}&stage=FINAL`)).json() as unknown[];
    expect(finals).toHaveLength(8);
    const results = (await api.call('GET', `/api/results/${fixture.raceId}?stage=FINAL`)).json() as { rank: number }[];
    expect(results.map((row) => row.rank)).toEqual(Array(8).fill(1));
  });

  it('finishes a race with 3 timed racers on its qualification ranking, only through its admins and only then', async () => {
    const fixture = await speedRaceFixture(harness, [...timed(3), [fell, fell], [fell, { timeMs: 5100, fall: false, falseStart: true }]]);
    const token = fixture.adminToken;
    expect((await bracketOf(fixture.raceId)).planned).toEqual([{ gender: 'MEN', size: 0, racersWithTime: 3 }]);
    const start = await api.call('PUT', `/api/race/${fixture.raceId}/state`, { token, payload: { state: 'FINALS' } });
    expect(start.statusCode).toBe(409);
    expect(errorCode(start)).toBe('SPEED_BRACKET_TOO_SMALL');

    const stranger = await api.user('speed-stranger@example.com');
    expect((await api.call('POST', `/api/race/${fixture.raceId}/finish-on-qualification`, { token: stranger.token })).statusCode).toBe(403);
    expect((await api.call('POST', `/api/race/${fixture.raceId}/finish-on-qualification`)).statusCode).toBe(401);
    expect((await api.call('POST', '/api/race/abc/finish-on-qualification', { token })).statusCode).toBe(400);
    expect(errorCode(await api.call('POST', '/api/race/999999/finish-on-qualification', { token }))).toBe('RACE_NOT_FOUND');

    const finished = await api.call('POST', `/api/race/${fixture.raceId}/finish-on-qualification`, { token });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json().state).toBe('FINISHED');
    const qualification = (await api.call('GET', `/api/results/${fixture.raceId}?stage=QUALIFICATION`)).json() as { racer: { racerNumber: number }; rank: number }[];
    expect(qualification.map((row) => [row.racer.racerNumber, row.rank])).toEqual([
      [101, 1],
      [102, 2],
      [103, 3],
      [104, 4],
      [105, 5],
    ]);
    expect((await api.call('GET', `/api/results/${fixture.raceId}?stage=FINAL`)).json()).toEqual([]);
    const again = await api.call('POST', `/api/race/${fixture.raceId}/finish-on-qualification`, { token });
    expect(errorCode(again)).toBe('INVALID_RACE_STATE_UPDATE');
  });

  it('refuses to finish a race of another discipline this way', async () => {
    const boulder = await boulderRaceFixture(harness, { racers: 2 });
    const refused = await api.call('POST', `/api/race/${boulder.raceId}/finish-on-qualification`, { token: boulder.adminToken });
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe('INVALID_RACE_STATE_UPDATE');
  });

  it('builds one bracket per sex in a mixed race and advances each within its own bracket', async () => {
    const sexes = [...Array(4).fill('F'), ...Array(9).fill('M')] as ('M' | 'F')[];
    const fixture = await speedRaceFixture(harness, [...timed(4, 1000), ...timed(9)], sexes);
    const token = fixture.adminToken;
    expect((await bracketOf(fixture.raceId)).planned).toEqual([
      { gender: 'WOMEN', size: 4, racersWithTime: 4 },
      { gender: 'MEN', size: 8, racersWithTime: 9 },
    ]);
    expect((await api.call('PUT', `/api/race/${fixture.raceId}/state`, { token, payload: { state: 'FINALS_ONGOING' } })).statusCode).toBe(200);
    const bracket = await bracketOf(fixture.raceId);
    expect(bracket.brackets.map((one) => [one.gender, one.size, one.stages[0]])).toEqual([
      ['WOMEN', 4, 'HALF_FINAL'],
      ['MEN', 8, 'QUARTER_FINAL'],
    ]);
    const women = bracket.brackets[0]!.matches;
    expect(women.map((match) => [match.racerA?.racerNumber, match.racerB?.racerNumber])).toEqual([
      [101, 104],
      [102, 103],
    ]);
    // Both women's semi-finals decided: their finals are created in the women's bracket only.
    for (const match of women) {
      const response = await api.call('PUT', `/api/speed-match/${match.id}`, {
        token,
        payload: { version: match.version, racerA: { time: 6000, fall: false, falseStart: false }, racerB: { time: 6500, fall: false, falseStart: false } },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const after = await bracketOf(fixture.raceId);
    const finals = after.matches.filter((match) => match.stage === 'BIG_FINAL' || match.stage === 'SMALL_FINAL');
    expect(finals.map((match) => [match.gender, match.stage, match.racerA?.racerNumber, match.racerB?.racerNumber])).toEqual([
      ['WOMEN', 'SMALL_FINAL', 104, 103],
      ['WOMEN', 'BIG_FINAL', 101, 102],
    ]);
    const rows = (await api.call('GET', `/api/results/${fixture.raceId}?stage=FINAL`)).json() as { racer: { racerNumber: number; sex: string }; rank: number }[];
    expect(rows.filter((row) => row.racer.sex === 'F').map((row) => [row.racer.racerNumber, row.rank])).toEqual([
      [101, 1],
      [102, 1],
      [103, 3],
      [104, 3],
    ]);
    expect(rows.filter((row) => row.racer.sex === 'M').map((row) => row.rank)).toEqual(Array(8).fill(1));
  });
});
