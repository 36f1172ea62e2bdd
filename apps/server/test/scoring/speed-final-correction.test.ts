import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpeedRun, SpeedStage } from '@climbing/domain';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { speedRaceFixture, type SpeedRaceFixture } from '../support/speed-race-fixture.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface Run {
  time: number | null;
  fall: boolean;
  falseStart: boolean;
}
interface Match {
  id: number;
  gender: string;
  stage: SpeedStage;
  stageIndex: number;
  state: string;
  version: number;
  racerA: { id: number; roundId: number; racerNumber: number; fullName: string; run: Run | null } | null;
  racerB: { id: number; roundId: number; racerNumber: number; fullName: string; run: Run | null } | null;
  winnerRacerId: number | null;
}

const valid = (timeMs: number): SpeedRun => ({ timeMs, fall: false, falseStart: false });
const fell: SpeedRun = { timeMs: null, fall: true, falseStart: false };

/*
 * A race-day walkthrough found no way to correct a speed final after an appeal: the race reopened
 * for a correction kept its final rounds closed, the rounds page refused to reopen them
 * (SPEED_FINAL_ROUND_BY_MATCH) and the match call answered ROUND_CLOSED; only a restart of the
 * whole final was left. Like a lead or boulder round, the two racers' final rounds are reopened
 * (round:change-state) and the match is corrected; a changed winner whose later match already has a
 * result is refused, naming that match.
 */
describe('correcting a speed final in a race reopened for a correction', () => {
  let harness: TestApp;
  let api: Client;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
  });
  afterAll(() => harness.close());

  const bracketOf = async (raceId: number): Promise<Match[]> => ((await api.call('GET', `/api/race/${raceId}/speed-bracket`)).json() as { matches: Match[] }).matches;
  const setState = (fixture: SpeedRaceFixture, state: string) => api.call('PUT', `/api/race/${fixture.raceId}/state`, { token: fixture.adminToken, payload: { state } });
  const roundState = (fixture: SpeedRaceFixture, roundIds: number[], state: string, token = fixture.adminToken) => api.call('PUT', '/api/round/state', { token, payload: { roundIds, state } });
  const enter = (token: string, match: Match, racerA: Partial<Run>, racerB: Partial<Run>) =>
    api.call('PUT', `/api/speed-match/${match.id}`, { token, payload: { racerA: { time: null, fall: false, falseStart: false, ...racerA }, racerB: { time: null, fall: false, falseStart: false, ...racerB } } });
  const roundsOf = (match: Match) => [match.racerA!.roundId, match.racerB!.roundId];
  const find = (matches: Match[], stage: SpeedStage, index = 0) => matches.find((match) => match.stage === stage && match.stageIndex === index)!;

  /** An 8-racer bracket raced to the end (racer A of every match faster) and the race finished. */
  async function finishedRace(): Promise<{ fixture: SpeedRaceFixture; judgeToken: string }> {
    const fixture = await speedRaceFixture(harness, Array.from({ length: 8 }, (_, index) => [valid(5000 + index * 100), fell] as const));
    expect((await setState(fixture, 'FINALS_ONGOING')).statusCode).toBe(200);
    for (let open = (await bracketOf(fixture.raceId)).filter((match) => match.state === 'READY'); open.length > 0; open = (await bracketOf(fixture.raceId)).filter((match) => match.state === 'READY')) {
      for (const match of open) expect((await enter(fixture.adminToken, match, { time: 6000 }, { time: 6500 })).statusCode).toBe(200);
    }
    expect((await setState(fixture, 'FINISHED')).statusCode).toBe(200);
    const created = await api.call('POST', `/api/event/${fixture.eventId}/judge-account`, { token: fixture.adminToken });
    const judge = created.json() as { login: string; password: string };
    const judgeToken = (await api.call('POST', '/api/token/create', { payload: { email: judge.login, password: judge.password } })).json().token as string;
    return { fixture, judgeToken };
  }

  it('pairs the racers of every match in the racer list of the final, which the rounds page groups and reopens by', async () => {
    const { fixture } = await finishedRace();
    expect((await setState(fixture, 'FINALS_ONGOING')).statusCode).toBe(200);
    const matches = await bracketOf(fixture.raceId);
    interface Listed {
      id: number;
      rounds: { id: number; stage: string; state: string }[];
      speedMatches: { id: number; gender: string; stage: SpeedStage; stageIndex: number; state: string; racerAId: number | null; racerBId: number | null; winnerRacerId: number | null }[];
    }
    const listOf = async (stage: string): Promise<Listed[]> => {
      const response = await api.call('GET', `/api/racer/list?race=${fixture.raceId}&stage=${stage}`, { token: fixture.adminToken });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Listed[];
    };
    const final = await listOf('FINAL');
    expect(final).toHaveLength(8);
    const byRacer = new Map(final.map((racer) => [racer.id, racer]));
    // Every match stands beside both of its racers, with both of them named, in bracket order.
    for (const match of matches) {
      const pairing = { id: match.id, gender: match.gender, stage: match.stage, stageIndex: match.stageIndex, state: 'CLOSED', racerAId: match.racerA!.id, racerBId: match.racerB!.id, winnerRacerId: match.winnerRacerId };
      for (const side of [match.racerA!, match.racerB!]) {
        const racer = byRacer.get(side.id)!;
        expect(racer.speedMatches).toContainEqual(pairing);
        // The round the page reopens for this side of the match is the racer's FINAL round.
        expect(racer.rounds[0]).toMatchObject({ id: side.roundId, stage: 'FINAL' });
      }
    }
    // The winner of the big final climbed a quarter-final, a semi-final and the big final; a quarter-final loser one match.
    const big = find(matches, 'BIG_FINAL');
    expect(byRacer.get(big.winnerRacerId!)!.speedMatches.map((match) => match.stage)).toEqual(['QUARTER_FINAL', 'HALF_FINAL', 'BIG_FINAL']);
    const quarter = find(matches, 'QUARTER_FINAL', 2);
    const loser = quarter.winnerRacerId === quarter.racerA!.id ? quarter.racerB! : quarter.racerA!;
    expect(byRacer.get(loser.id)!.speedMatches.map((match) => [match.stage, match.stageIndex])).toEqual([['QUARTER_FINAL', 2]]);
    // Other stages pair nobody.
    expect((await listOf('QUALIFICATION')).every((racer) => racer.speedMatches.length === 0)).toBe(true);

    // Reopening one match is the two rounds the pairing names, through the round rules as before.
    const pairing = byRacer.get(loser.id)!.speedMatches[0]!;
    const roundIds = [pairing.racerAId!, pairing.racerBId!].map((racerId) => byRacer.get(racerId)!.rounds[0]!.id);
    const reopened = await roundState(fixture, roundIds, 'STARTED');
    expect(reopened.statusCode, reopened.body).toBe(200);
    const after = new Map((await listOf('FINAL')).map((racer) => [racer.id, racer.rounds[0]!.state]));
    expect([pairing.racerAId!, pairing.racerBId!].map((racerId) => after.get(racerId))).toEqual(['STARTED', 'STARTED']);
    expect([...after.values()].filter((state) => state === 'STARTED')).toHaveLength(2);

    // The OpenAPI document and the compiled reply carry the field (the reply is checked against the schema under Vitest).
    const docs = (await api.call('GET', '/api/docs/json')).json() as { paths: Record<string, { get: { responses: Record<string, unknown> } }> };
    expect(JSON.stringify(docs.paths['/api/racer/list']!.get.responses['200'])).toContain('speedMatches');
  });

  it('reopens the two racers of the big final, lets a judge change its winner, and ranks the correction', async () => {
    const { fixture, judgeToken } = await finishedRace();
    const big = find(await bracketOf(fixture.raceId), 'BIG_FINAL');
    expect(errorCode(await enter(judgeToken, big, { time: 6600 }, { time: 6500 }))).toBe('STAGE_CLOSED');

    expect((await setState(fixture, 'FINALS_ONGOING')).statusCode).toBe(200);
    // The rounds stay closed until the match's two are reopened; the answer names them.
    const closed = await enter(judgeToken, big, { time: 6600 }, { time: 6500 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toMatchObject({ code: 'ROUND_CLOSED', details: { matchId: big.id, racerA: { fullName: big.racerA!.fullName }, racerB: { fullName: big.racerB!.fullName } } });
    expect(closed.json().error.message).toContain(`reopen the rounds of both racers (${big.racerA!.racerNumber} ${big.racerA!.fullName}, ${big.racerB!.racerNumber} ${big.racerB!.fullName})`);
    // Whoever may reopen a lead or boulder round then (round:change-state: the event's judges and admins).
    const reopened = await roundState(fixture, roundsOf(big), 'STARTED', judgeToken);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect((reopened.json() as { state: string }[]).map((round) => round.state)).toEqual(['STARTED', 'STARTED']);

    const corrected = await enter(judgeToken, big, { time: 6600 }, { time: 6500 });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ state: 'CLOSED', winnerRacerId: big.racerB!.id });
    const results = (await api.call('GET', `/api/results/${fixture.raceId}?stage=FINAL`)).json() as { racer: { id: number }; rank: number }[];
    expect(results.slice(0, 2).map((row) => row.racer.id)).toEqual([big.racerB!.id, big.racerA!.id]);

    // Restarting, starting or closing one racer's final round stays refused: its runs decided matches.
    expect(errorCode(await roundState(fixture, [big.racerA!.roundId], 'READY'))).toBe('SPEED_FINAL_ROUND_BY_MATCH');
    expect(errorCode(await roundState(fixture, [big.racerA!.roundId], 'CLOSED'))).toBe('SPEED_FINAL_ROUND_BY_MATCH');

    // Ending the race again closes the reopened rounds: the correction is final.
    expect((await setState(fixture, 'FINISHED')).statusCode).toBe(200);
    expect(errorCode(await enter(judgeToken, big, { time: 6400 }, { time: 6500 }))).toBe('STAGE_CLOSED');
  });

  it('takes a corrected time that keeps the winner of a raced quarter-final, refuses a changed winner naming the later match', async () => {
    const { fixture, judgeToken } = await finishedRace();
    const before = await bracketOf(fixture.raceId);
    const quarter = find(before, 'QUARTER_FINAL', 3);
    const half = find(before, 'HALF_FINAL', 1);
    expect(half.state).toBe('CLOSED');
    expect((await setState(fixture, 'FINALS_ONGOING')).statusCode).toBe(200);
    expect((await roundState(fixture, roundsOf(quarter), 'STARTED')).statusCode).toBe(200);

    // Same winner, another time: the later matches keep their racers and results.
    const time = await enter(judgeToken, quarter, { time: 6050 }, { time: 6500 });
    expect(time.statusCode, time.body).toBe(200);
    const after = await bracketOf(fixture.raceId);
    expect(find(after, 'QUARTER_FINAL', 3).racerA!.run).toEqual({ time: 6050, fall: false, falseStart: false });
    expect(find(after, 'HALF_FINAL', 1)).toMatchObject({ state: 'CLOSED', racerB: { id: half.racerB!.id }, winnerRacerId: half.winnerRacerId });

    // Another winner would have raced the semi-final: refused in both languages, naming it.
    for (const [language, words] of [
      ['en', `semi-final 2: ${half.racerA!.racerNumber} ${half.racerA!.fullName} – ${half.racerB!.racerNumber} ${half.racerB!.fullName}`],
      ['sk', `semifinále 2: ${half.racerA!.racerNumber} ${half.racerA!.fullName} – ${half.racerB!.racerNumber} ${half.racerB!.fullName}`],
    ] as const) {
      const refused = await api.call('PUT', `/api/speed-match/${quarter.id}`, {
        token: judgeToken,
        headers: { 'accept-language': language },
        payload: { racerA: { time: null, fall: true, falseStart: false }, racerB: { time: 6500, fall: false, falseStart: false } },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'SPEED_NEXT_MATCH_STARTED', details: { matchId: half.id, stage: 'HALF_FINAL', stageIndex: 1 } });
      expect(refused.json().error.message).toContain(words);
    }
    // Nothing changed by the refusal.
    expect(find(await bracketOf(fixture.raceId), 'QUARTER_FINAL', 3)).toMatchObject({ winnerRacerId: quarter.racerA!.id, racerA: { run: { time: 6050 } } });
    // The other matches' rounds stayed closed.
    expect(errorCode(await enter(judgeToken, find(before, 'QUARTER_FINAL', 0), { time: 6010 }, { time: 6500 }))).toBe('ROUND_CLOSED');
  });
});
