import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SPEED_STAGES, foldBracketEvent, rankSpeedFinals, type LiveBracket, type SpeedRun, type SpeedStage } from '@climbing/domain';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { openSse } from '../support/sse-client.ts';
import { speedRaceFixture, type SpeedRaceFixture } from '../support/speed-race-fixture.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface Run {
  time: number | null;
  fall: boolean;
  falseStart: boolean;
}
interface MatchRacer {
  id: number;
  roundId: number;
  racerNumber: number;
  fullName: string;
  run: Run | null;
}
interface Match {
  id: number;
  stage: SpeedStage;
  stageIndex: number;
  state: string;
  version: number;
  racerA: MatchRacer | null;
  racerB: MatchRacer | null;
  winnerRacerId: number | null;
}
interface Bracket {
  size: number;
  stages: SpeedStage[];
  matches: Match[];
}
interface ResultRow {
  racer: { id: number };
  rank: number;
  time: number | null;
  falseStarts: number | null;
  speedFinal: { stage: string; decided: boolean; run: { time: number | null } | null; bestTime: number | null } | null;
  empty: boolean;
}

const valid = (timeMs: number): SpeedRun => ({ timeMs, fall: false, falseStart: false });
const fell: SpeedRun = { timeMs: null, fall: true, falseStart: false };

/** Qualification runs: `withTime` racers with distinct times in shuffled order, then a fast false-starter and a racer who fell twice. */
function qualificationRuns(withTime: number): [SpeedRun, SpeedRun][] {
  const runs: [SpeedRun, SpeedRun][] = Array.from({ length: withTime }, (_, index) => [valid(5000 + ((index * 7) % withTime) * 50 + index), fell]);
  runs.push([valid(4000), { timeMs: 4100, fall: false, falseStart: true }]);
  runs.push([fell, fell]);
  return runs;
}

const SEED_PAIRS: Record<number, [number, number][]> = {
  16: [
    [1, 16],
    [8, 9],
    [4, 13],
    [5, 12],
    [2, 15],
    [7, 10],
    [3, 14],
    [6, 11],
  ],
  8: [
    [1, 8],
    [4, 5],
    [2, 7],
    [3, 6],
  ],
};

/** The winner by the rules, computed independently of the server: a false start loses, then a fall, then the faster time. */
function expectedWinner(a: MatchRacer, b: MatchRacer, runA: Run, runB: Run): number {
  if (runA.falseStart !== runB.falseStart) return runA.falseStart ? b.id : a.id;
  if (runA.fall !== runB.fall) return runA.fall ? b.id : a.id;
  return (runA.time ?? Infinity) < (runB.time ?? Infinity) ? a.id : b.id;
}

/** A distinct, reproducible time per racer and stage. */
const timeFor = (racer: MatchRacer, stage: SpeedStage): number => 6000 + ((racer.racerNumber * 37) % 101) * 10 + SPEED_STAGES.indexOf(stage);

describe('speed elimination finals through the HTTP API', () => {
  let harness: TestApp;
  let api: Client;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
  });
  afterAll(() => harness.close());

  const bracketOf = async (raceId: number): Promise<Bracket> => {
    const response = await api.call('GET', `/api/race/${raceId}/speed-bracket`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Bracket;
  };
  const resultsOf = async (raceId: number, stage: string): Promise<ResultRow[]> => {
    const response = await api.call('GET', `/api/results/${raceId}?stage=${stage}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ResultRow[];
  };
  const startFinal = async (fixture: SpeedRaceFixture, state = 'FINALS_ONGOING') =>
    api.call('PUT', `/api/race/${fixture.raceId}/state`, { token: fixture.adminToken, payload: { state } });
  const enter = (fixture: SpeedRaceFixture, match: Match, racerA: Partial<Run>, racerB: Partial<Run>, version?: number) =>
    api.call('PUT', `/api/speed-match/${match.id}`, {
      token: fixture.adminToken,
      payload: { racerA: { time: null, ...racerA }, racerB: { time: null, ...racerB }, ...(version === undefined ? {} : { version }) },
    });

  const readyMatches = async (fixture: SpeedRaceFixture): Promise<Match[]> => (await bracketOf(fixture.raceId)).matches.filter((match) => match.state === 'READY');

  /** Seeds from the qualification results: racers with a valid time and no false start, best first. */
  const seedsOf = async (raceId: number): Promise<ResultRow[]> => (await resultsOf(raceId, 'QUALIFICATION')).filter((row) => !row.empty && row.time !== null && row.falseStarts === 0);

  /**
   * Plays the whole bracket stage by stage. `special` overrides the runs of some matches (by
   * "STAGE index"); everything else gets distinct valid times. Returns the runs entered.
   */
  async function playBracket(fixture: SpeedRaceFixture, special: Record<string, [Run, Run]> = {}) {
    const runs: { stage: SpeedStage; racerId: string; run: SpeedRun }[] = [];
    const winners = new Map<string, number>();
    for (const stage of SPEED_STAGES) {
      const matches = (await bracketOf(fixture.raceId)).matches.filter((match) => match.stage === stage);
      for (const match of matches) {
        const a = match.racerA!;
        const b = match.racerB!;
        const [runA, runB] = special[`${stage} ${match.stageIndex}`] ?? [
          { time: timeFor(a, stage), fall: false, falseStart: false },
          { time: timeFor(b, stage), fall: false, falseStart: false },
        ];
        const response = await enter(fixture, match, runA, runB, match.version);
        expect(response.statusCode, response.body).toBe(200);
        const closed = response.json() as Match;
        expect(closed.state).toBe('CLOSED');
        expect(closed.winnerRacerId).toBe(expectedWinner(a, b, runA, runB));
        expect(closed.racerA?.run).toEqual(runA);
        winners.set(`${stage} ${match.stageIndex}`, closed.winnerRacerId!);
        runs.push({ stage, racerId: String(a.id), run: { timeMs: runA.time, fall: runA.fall, falseStart: runA.falseStart } });
        runs.push({ stage, racerId: String(b.id), run: { timeMs: runB.time, fall: runB.fall, falseStart: runB.falseStart } });
      }
    }
    return { runs, winners };
  }

  it('builds a 16-racer bracket with the standard seeding, advances winners and ranks the finals like the domain', async () => {
    const fixture = await speedRaceFixture(harness, qualificationRuns(18));
    const seeds = await seedsOf(fixture.raceId);
    expect(seeds).toHaveLength(18);
    const fastFalseStarter = fixture.racers[18]!.racerId;
    expect(seeds.some((row) => row.racer.id === fastFalseStarter)).toBe(false);

    expect((await bracketOf(fixture.raceId)).matches).toEqual([]);
    const started = await startFinal(fixture);
    expect(started.statusCode, started.body).toBe(200);

    const bracket = await bracketOf(fixture.raceId);
    expect(bracket.size).toBe(16);
    expect(bracket.stages).toEqual(['EIGHTH_FINAL', 'QUARTER_FINAL', 'HALF_FINAL', 'SMALL_FINAL', 'BIG_FINAL']);
    expect(bracket.matches).toHaveLength(8);
    expect(bracket.matches.map((match) => [match.racerA?.id, match.racerB?.id])).toEqual(SEED_PAIRS[16]!.map(([a, b]) => [seeds[a - 1]!.racer.id, seeds[b - 1]!.racer.id]));
    expect(bracket.matches.every((match) => match.stage === 'EIGHTH_FINAL' && match.state === 'READY' && match.winnerRacerId === null)).toBe(true);
    expect(bracket.matches.map((match) => match.stageIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(bracket.matches[0]!.racerA).toMatchObject({ fullName: expect.stringContaining('Racer'), run: null });

    // Every bracket racer has a FINAL round with one run per match it may climb.
    const list = (await api.call('GET', `/api/racer/list?race=${fixture.raceId}&stage=FINAL`)).json() as { rounds: { speedRoutes: { routeIndex: number }[] }[] }[];
    expect(list).toHaveLength(16);
    expect(list[0]!.rounds[0]!.speedRoutes.map((route) => route.routeIndex)).toEqual([0, 1, 2, 3, 4]);

    // The quarter final is created only once both of its feeders are decided.
    const [first, second] = bracket.matches;
    expect((await enter(fixture, first!, { time: 6100 }, { time: 6200 })).statusCode).toBe(200);
    expect((await bracketOf(fixture.raceId)).matches.filter((match) => match.stage === 'QUARTER_FINAL')).toEqual([]);
    // Eighth final 1: racer A false-starts, racer B need not finish and wins.
    const falseStart = await enter(fixture, second!, { time: 5000, falseStart: true }, {});
    expect(falseStart.statusCode, falseStart.body).toBe(200);
    expect(falseStart.json().winnerRacerId).toBe(second!.racerB!.id);
    const quarter = (await bracketOf(fixture.raceId)).matches.find((match) => match.stage === 'QUARTER_FINAL');
    expect(quarter).toMatchObject({ stageIndex: 0, state: 'READY', racerA: { id: first!.racerA!.id }, racerB: { id: second!.racerB!.id } });

    const { runs, winners } = await playBracket(fixture, {
      // Seed 4 falls: seed 13 wins.
      'EIGHTH_FINAL 2': [
        { time: null, fall: true, falseStart: false },
        { time: 7400, fall: false, falseStart: false },
      ],
      // A fall beats a false start.
      'QUARTER_FINAL 3': [
        { time: null, fall: true, falseStart: false },
        { time: 6000, fall: false, falseStart: true },
      ],
    });
    const final = await bracketOf(fixture.raceId);
    expect(final.matches).toHaveLength(8 + 4 + 2 + 1 + 1);
    expect(final.matches.every((match) => match.state === 'CLOSED')).toBe(true);
    expect(winners.get('EIGHTH_FINAL 2')).toBe(seeds[12]!.racer.id);

    const results = await resultsOf(fixture.raceId, 'FINAL');
    expect(results).toHaveLength(16);
    const expected = rankSpeedFinals({ qualification: seeds.map((row) => ({ racerId: String(row.racer.id), rank: row.rank, bestTimeMs: row.time })), runs });
    expect(Object.fromEntries(results.map((row) => [row.racer.id, row.rank]))).toEqual(Object.fromEntries(expected.map((row) => [Number(row.racerId), row.rank])));
    expect(results.map((row) => row.rank)).toEqual(Array.from({ length: 16 }, (_, index) => index + 1));

    const big = final.matches.find((match) => match.stage === 'BIG_FINAL')!;
    const small = final.matches.find((match) => match.stage === 'SMALL_FINAL')!;
    const loser = (match: Match) => (match.winnerRacerId === match.racerA!.id ? match.racerB!.id : match.racerA!.id);
    expect(results.slice(0, 4).map((row) => row.racer.id)).toEqual([big.winnerRacerId, loser(big), small.winnerRacerId, loser(small)]);
    const quarterLosers = final.matches.filter((match) => match.stage === 'QUARTER_FINAL').map(loser);
    expect(results.slice(4, 8).map((row) => row.racer.id).sort()).toEqual([...quarterLosers].sort());
    // `time` is the best valid time of the finals.
    const champion = results[0]!;
    const championTimes = runs.filter((entry) => Number(entry.racerId) === champion.racer.id && !entry.run.fall && !entry.run.falseStart).map((entry) => entry.run.timeMs!);
    expect(champion.time).toBe(Math.min(...championTimes));
    // Every place is decided and rests on the run of the heat that decided it: the big final's for the
    // champion, the lost heat's for a quarter-final loser, with the best time that orders the losers.
    const runOfHeat = (racerId: number, stage: string) => runs.find((entry) => Number(entry.racerId) === racerId && entry.stage === stage)!.run;
    expect(results.every((row) => row.speedFinal?.decided)).toBe(true);
    expect(champion.speedFinal).toMatchObject({ stage: 'BIG_FINAL', run: { time: runOfHeat(champion.racer.id, 'BIG_FINAL').timeMs }, bestTime: null });
    const fifth = results[4]!;
    expect(fifth.speedFinal).toMatchObject({ stage: 'QUARTER_FINAL', run: { time: runOfHeat(fifth.racer.id, 'QUARTER_FINAL').timeMs } });
    expect(fifth.speedFinal?.bestTime).not.toBeNull();

    // The qualification stays ranked as a qualification.
    expect((await resultsOf(fixture.raceId, 'QUALIFICATION'))[0]!.time).toBe(seeds[0]!.time);
  });

  it('runs an 8-racer bracket: 1v8, 4v5, 2v7, 3v6, reruns refused, corrections only while the next match has not started', async () => {
    const fixture = await speedRaceFixture(harness, qualificationRuns(10));
    const seeds = await seedsOf(fixture.raceId);
    expect((await startFinal(fixture)).statusCode).toBe(200);
    const bracket = await bracketOf(fixture.raceId);
    expect(bracket.size).toBe(8);
    expect(bracket.stages[0]).toBe('QUARTER_FINAL');
    expect(bracket.matches.map((match) => [match.racerA?.id, match.racerB?.id])).toEqual(SEED_PAIRS[8]!.map(([a, b]) => [seeds[a - 1]!.racer.id, seeds[b - 1]!.racer.id]));

    const [q0, q1] = bracket.matches as [Match, Match];
    // A tie, two falls, two false starts: a rerun is needed; a run without time or failure is incomplete.
    const tie = await enter(fixture, q0, { time: 6543 }, { time: 6543 });
    expect(tie.statusCode).toBe(409);
    expect(errorCode(tie)).toBe('SPEED_MATCH_TIE');
    expect(errorCode(await enter(fixture, q0, { fall: true }, { fall: true }))).toBe('SPEED_MATCH_NO_VALID_RUN');
    expect(errorCode(await enter(fixture, q0, { time: 6000, falseStart: true }, { falseStart: true }))).toBe('SPEED_MATCH_NO_VALID_RUN');
    const incomplete = await enter(fixture, q0, { time: 6000 }, {});
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().error.fields).toEqual({ 'racerB.time': 'VALIDATION_FAILED' });
    expect((await bracketOf(fixture.raceId)).matches[0]).toMatchObject({ state: 'READY', winnerRacerId: null, racerA: { run: null } });

    // A stale version is refused with the match as it is now.
    const saved = await enter(fixture, q0, { time: 6000 }, { time: 6500 }, q0.version);
    expect(saved.statusCode, saved.body).toBe(200);
    const stale = await enter(fixture, q0, { time: 6000 }, { time: 6400 }, q0.version);
    expect(stale.statusCode).toBe(409);
    expect(errorCode(stale)).toBe('VERSION_CONFLICT');
    expect(stale.json().error.details.current).toMatchObject({ id: q0.id, state: 'CLOSED', winnerRacerId: q0.racerA!.id });

    expect((await enter(fixture, q1, { time: 6100 }, { time: 6300 })).statusCode).toBe(200);
    let half = (await bracketOf(fixture.raceId)).matches.find((match) => match.stage === 'HALF_FINAL')!;
    expect([half.racerA?.id, half.racerB?.id]).toEqual([q0.racerA!.id, q1.racerA!.id]);

    // Correcting q0 while the half final is READY moves the new winner into it.
    const corrected = await enter(fixture, q0, { time: 6000 }, { time: 5900 });
    expect(corrected.statusCode, corrected.body).toBe(200);
    half = (await bracketOf(fixture.raceId)).matches.find((match) => match.stage === 'HALF_FINAL')!;
    expect([half.racerA?.id, half.racerB?.id]).toEqual([q0.racerB!.id, q1.racerA!.id]);

    // Once the half final is entered, q0 can no longer be corrected.
    expect((await enter(fixture, half, { time: 6000 }, { time: 6100 })).statusCode).toBe(200);
    const late = await enter(fixture, q0, { time: 6000 }, { time: 6500 });
    expect(late.statusCode).toBe(409);
    expect(errorCode(late)).toBe('SPEED_NEXT_MATCH_STARTED');

    // The rest of the bracket, then the ranking equals the domain's for the same runs.
    for (let open = await readyMatches(fixture); open.length > 0; open = await readyMatches(fixture)) {
      for (const match of open) expect((await enter(fixture, match, { time: timeFor(match.racerA!, match.stage) }, { time: timeFor(match.racerB!, match.stage) })).statusCode).toBe(200);
    }
    const final = await bracketOf(fixture.raceId);
    expect(final.matches).toHaveLength(4 + 2 + 1 + 1);
    expect(final.matches.every((match) => match.state === 'CLOSED')).toBe(true);
    const runs = final.matches.flatMap((match) =>
      [match.racerA!, match.racerB!].map((side) => ({ stage: match.stage, racerId: String(side.id), run: { timeMs: side.run!.time, fall: side.run!.fall, falseStart: side.run!.falseStart } })),
    );
    const expected = rankSpeedFinals({ qualification: seeds.map((row) => ({ racerId: String(row.racer.id), rank: row.rank, bestTimeMs: row.time })), runs });
    const results = await resultsOf(fixture.raceId, 'FINAL');
    expect(results).toHaveLength(8);
    expect(Object.fromEntries(results.map((row) => [row.racer.id, row.rank]))).toEqual(Object.fromEntries(expected.map((row) => [Number(row.racerId), row.rank])));
    const big = final.matches.find((match) => match.stage === 'BIG_FINAL')!;
    expect(results[0]!.racer.id).toBe(big.winnerRacerId);

    // The qualification is closed for edits while the finals run.
    const reopen = await api.call('PUT', '/api/round/state', { token: fixture.adminToken, payload: { roundIds: [fixture.racers[0]!.roundId], state: 'STARTED' } });
    expect(errorCode(reopen)).toBe('STAGE_CLOSED');
  });

  it('sends the bracket on the live stream: whole when the finals start, then each entered match alone, folding to what the bracket call answers', async () => {
    const fixture = await speedRaceFixture(harness, qualificationRuns(10));
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = harness.app.server.address() as AddressInfo;
    const stream = await openSse(`http://127.0.0.1:${port}/api/live/race/${fixture.raceId}?stages=FINAL`);
    const bracketEvents = () => stream.events.filter((event) => event.event === 'bracket').map((event) => JSON.parse(event.data) as LiveBracket<Match> & { base?: number; removed: number[] });
    try {
      // Before the finals a stream holds an empty bracket, so it never keeps one the finals no longer have.
      const empty = JSON.parse((await stream.waitFor((event) => event.event === 'bracket')).data) as LiveBracket<Match> & { base?: number; raceId: number };
      expect(empty).toMatchObject({ raceId: fixture.raceId, brackets: [], matches: [] });
      expect(empty.base).toBeUndefined();
      expect((await startFinal(fixture)).statusCode).toBe(200);
      const started = JSON.parse((await stream.waitFor((event) => event.event === 'bracket' && event.data.includes('"base"'))).data) as LiveBracket<Match> & { base: number };
      expect(started).toMatchObject({ base: empty.version, brackets: [{ gender: 'MEN', size: 8, stages: ['QUARTER_FINAL', 'HALF_FINAL', 'SMALL_FINAL', 'BIG_FINAL'] }] });
      expect(started.matches).toHaveLength(4);

      const [q0, q1] = (await bracketOf(fixture.raceId)).matches as [Match, Match];
      expect((await enter(fixture, q0, { time: 6100 }, { time: 6400 }, q0.version)).statusCode).toBe(200);
      const first = await stream.waitFor((event) => event.event === 'bracket' && (JSON.parse(event.data) as { matches: Match[] }).matches.some((match) => match.id === q0.id && match.state === 'CLOSED'));
      // Only the match entered: its racers' next match waits for the other quarterfinal.
      expect((JSON.parse(first.data) as { matches: Match[] }).matches.map((match) => match.id)).toEqual([q0.id]);
      expect((await enter(fixture, q1, { time: 6200 }, { time: 6300 }, q1.version)).statusCode).toBe(200);
      // Both winners known: the semifinal appears beside the closed quarterfinal.
      await stream.waitFor((event) => event.event === 'bracket' && (JSON.parse(event.data) as { matches: Match[] }).matches.some((match) => match.stage === 'HALF_FINAL'));

      let held: LiveBracket<Match> | null = null;
      for (const event of bracketEvents()) {
        const { base } = event;
        const next = foldBracketEvent(held, base === undefined ? { kind: 'whole', ...event } : { kind: 'patch', ...event, base });
        expect(next).not.toBe('resync');
        held = next as LiveBracket<Match>;
      }
      // The held list keeps its own order (a bracket is drawn by stage and place).
      const byId = (matches: Match[]) => [...matches].sort((a, b) => a.id - b.id);
      expect(byId(held!.matches)).toEqual(byId((await bracketOf(fixture.raceId)).matches));
      // Each update after the start a few hundred bytes: never the whole bracket again.
      for (const event of stream.events.filter((each) => each.event === 'bracket').slice(2)) expect(event.data.length).toBeLessThan(1200);
    } finally {
      stream.close();
    }
  });

  it('refuses the finals with fewer than 4 racers with a time, takes an untouched bracket back when the stage is reopened, keeps a started one', async () => {
    const small = await speedRaceFixture(harness, qualificationRuns(3));
    const refused = await startFinal(small);
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe('SPEED_BRACKET_TOO_SMALL');
    expect((await bracketOf(small.raceId)).matches).toEqual([]);

    const four = await speedRaceFixture(harness, qualificationRuns(5));
    expect((await startFinal(four, 'FINALS')).statusCode).toBe(200);
    const bracket = await bracketOf(four.raceId);
    expect(bracket.size).toBe(4);
    expect(bracket.matches.map((match) => match.stage)).toEqual(['HALF_FINAL', 'HALF_FINAL']);
    const backPreview = `/api/race/${four.raceId}/state-preview?state=QUALIFICATION_ONGOING`;
    expect((await api.call('GET', backPreview, { token: four.adminToken })).statusCode).toBe(200);
    const back = await api.call('PUT', `/api/race/${four.raceId}/state`, { token: four.adminToken, payload: { state: 'QUALIFICATION_ONGOING' } });
    expect(back.statusCode, back.body).toBe(200);
    expect((await bracketOf(four.raceId)).matches).toEqual([]);
    expect(await resultsOf(four.raceId, 'FINAL')).toEqual([]);

    // Once a match is entered, the stage cannot be reopened any more.
    expect((await startFinal(four, 'FINALS')).statusCode).toBe(200);
    const [semi] = (await bracketOf(four.raceId)).matches;
    expect((await enter(four, semi!, { time: 6000 }, { time: 6100 })).statusCode).toBe(200);
    const late = await api.call('PUT', `/api/race/${four.raceId}/state`, { token: four.adminToken, payload: { state: 'QUALIFICATION_ONGOING' } });
    expect(late.statusCode).toBe(409);
    expect(errorCode(late)).toBe('SPEED_FINALS_STARTED');
    // The step's preview refuses it the same way, so the confirmation says so before it is pressed.
    const latePreview = await api.call('GET', backPreview, { token: four.adminToken });
    expect(latePreview.statusCode).toBe(409);
    expect(errorCode(latePreview)).toBe('SPEED_FINALS_STARTED');
    expect((await bracketOf(four.raceId)).matches).toHaveLength(2);

    // A racer's final round is not restarted on its own: its runs decided a match; the match is corrected instead.
    const restart = await api.call('PUT', '/api/round/state', { token: four.adminToken, payload: { roundIds: [semi!.racerA!.roundId], state: 'READY' } });
    expect(restart.statusCode).toBe(409);
    expect(errorCode(restart)).toBe('SPEED_FINAL_ROUND_BY_MATCH');
  });

  it('lets only judges and admins of the organisation enter a match, and answers garbage with 4xx', async () => {
    const fixture = await speedRaceFixture(harness, qualificationRuns(8));
    expect((await startFinal(fixture)).statusCode).toBe(200);
    const match = (await bracketOf(fixture.raceId)).matches[0]!;
    const payload = { racerA: { time: 6000 }, racerB: { time: 6100 } };

    expect((await api.call('PUT', `/api/speed-match/${match.id}`, { payload })).statusCode).toBe(401);
    const other = await api.user(`other-speed-${Math.random().toString(36).slice(2)}@example.com`);
    await api.organization(other.token, 'Other speed club');
    expect((await api.call('PUT', `/api/speed-match/${match.id}`, { token: other.token, payload })).statusCode).toBe(403);
    // The bracket is public like the results.
    expect((await api.call('GET', `/api/race/${fixture.raceId}/speed-bracket`)).statusCode).toBe(200);

    const token = fixture.adminToken;
    const bodies: unknown[] = [
      {},
      null,
      [],
      'x',
      { racerA: 'fast', racerB: { time: 6000 } },
      { racerA: { time: -1 }, racerB: { time: 6000 } },
      { racerA: { time: 5.5 }, racerB: { time: 6000 } },
      { racerA: { time: '6000' }, racerB: { time: 6000 } },
      { racerA: { time: 6000, fall: 'yes' }, racerB: { time: 6000 } },
      { racerA: { time: 6000 }, racerB: { time: 6100 }, version: 'x' },
      { racerA: { time: 6000, extra: 1 }, racerB: { time: 6100 } },
      { racerA: { time: 1e308 }, racerB: { time: 6100 } },
    ];
    for (const body of bodies) {
      const response = await api.call('PUT', `/api/speed-match/${match.id}`, { token, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999999999999']) {
      const response = await api.call('PUT', `/api/speed-match/${id}`, { token, payload });
      expect(response.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, id).toBeLessThan(500);
    }
    expect((await api.call('PUT', '/api/speed-match/999999', { token, payload })).statusCode).toBe(404);
    expect((await api.call('GET', '/api/race/abc/speed-bracket')).statusCode).toBe(400);
    expect((await bracketOf(fixture.raceId)).matches[0]).toMatchObject({ state: 'READY', winnerRacerId: null });
    expect((await api.call('PUT', `/api/speed-match/${match.id}`, { token, payload })).statusCode).toBe(200);
  });
});
