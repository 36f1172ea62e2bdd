import { describe, expect, it } from 'vitest';
import type { SpeedStage } from '../model/enums.ts';
import { rankSpeedFinals, speedFinalStandings, type RankSpeedFinalsInput } from './rank-speed-finals.ts';
import type { SpeedRun } from './scoring-types.ts';

type Runs = RankSpeedFinalsInput['runs'];

const qualification = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ racerId: `s${index + 1}`, rank: index + 1, bestTimeMs: 5010 + index * 10 }));
const time = (timeMs: number): SpeedRun => ({ timeMs, fall: false, falseStart: false });
const FALL: SpeedRun = { timeMs: null, fall: true, falseStart: false };
const FALSE_START: SpeedRun = { timeMs: null, fall: false, falseStart: true };

/** One heat: the winner runs 5.500 unless told otherwise, the loser 6.000. */
const heat = (stage: SpeedStage, winner: string, loser: string, loserRun: SpeedRun = time(6000), winnerRun = time(5500)): Runs => [
  { stage, racerId: winner, run: winnerRun },
  { stage, racerId: loser, run: loserRun },
];

const eighths: Runs = [
  ...heat('EIGHTH_FINAL', 's1', 's16', time(5600)),
  ...heat('EIGHTH_FINAL', 's9', 's8', FALL),
  ...heat('EIGHTH_FINAL', 's4', 's13'),
  ...heat('EIGHTH_FINAL', 's5', 's12'),
  ...heat('EIGHTH_FINAL', 's2', 's15'),
  ...heat('EIGHTH_FINAL', 's7', 's10'),
  ...heat('EIGHTH_FINAL', 's3', 's14'),
  ...heat('EIGHTH_FINAL', 's6', 's11'),
];
const firstQuarter = heat('QUARTER_FINAL', 's1', 's9');
const quarters: Runs = [
  ...firstQuarter,
  ...heat('QUARTER_FINAL', 's5', 's4'),
  ...heat('QUARTER_FINAL', 's2', 's7'),
  ...heat('QUARTER_FINAL', 's3', 's6'),
];
const semis: Runs = [...heat('HALF_FINAL', 's5', 's1'), ...heat('HALF_FINAL', 's2', 's3', FALSE_START, FALL)];
const finals: Runs = [...heat('SMALL_FINAL', 's3', 's1'), ...heat('BIG_FINAL', 's2', 's5')];

const ranksOf = (input: RankSpeedFinalsInput) => rankSpeedFinals(input).map((row) => `${row.rank}:${row.racerId}`);

describe('rankSpeedFinals (RULES.md 3, 2023+ rules)', () => {
  it('ranks a complete bracket of 16: finals 1-4, quarter-final losers 5-8, eighth-final losers 9-16 by best time', () => {
    // s16 lost in 5.600, slower than its 5.160 qualification time; s8 fell and is ranked on its
    // qualification 5.080 (like Nursamsa in Chamonix 2025).
    const input = { qualification: qualification(20), runs: [...eighths, ...quarters, ...semis, ...finals] };
    expect(ranksOf(input)).toEqual([
      '1:s2',
      '2:s5',
      '3:s3',
      '4:s1',
      '5:s4',
      '6:s6',
      '7:s7',
      '8:s9',
      '9:s8',
      '10:s10',
      '11:s11',
      '12:s12',
      '13:s13',
      '14:s14',
      '15:s15',
      '16:s16',
    ]);
  });

  it('orders a loser group by the best time of any run, qualification included', () => {
    const fastLoser = [
      ...eighths.filter((entry) => entry.racerId !== 's16' && entry.racerId !== 's1'),
      ...heat('EIGHTH_FINAL', 's1', 's16', time(4900), time(4800)),
    ];
    const ranking = ranksOf({ qualification: qualification(16), runs: fastLoser });
    expect(ranking.slice(8)).toEqual(['9:s16', '10:s8', '11:s10', '12:s11', '13:s12', '14:s13', '15:s14', '16:s15']);
  });

  it('falls back on the qualification rank when the best times are equal', () => {
    const sameTimes = qualification(4).map((racer) => ({ ...racer, bestTimeMs: 5000 }));
    const runs = [...heat('HALF_FINAL', 's4', 's1'), ...heat('HALF_FINAL', 's3', 's2')];
    expect(ranksOf({ qualification: sameTimes, runs })).toEqual(['1:s3', '1:s4', '3:s1', '3:s2']);
  });

  it('gives racers still in an incomplete bracket the best places they can still reach', () => {
    const q = qualification(16);
    expect(ranksOf({ qualification: q, runs: [] }).every((entry) => entry.startsWith('1:'))).toBe(true);
    const afterEighths = ranksOf({ qualification: q, runs: eighths });
    expect(afterEighths.slice(0, 8).every((entry) => entry.startsWith('1:'))).toBe(true);
    expect(afterEighths.slice(8)).toEqual(['9:s8', '10:s10', '11:s11', '12:s12', '13:s13', '14:s14', '15:s15', '16:s16']);
    const oneQuarter = ranksOf({ qualification: q, runs: [...eighths, ...firstQuarter] });
    expect(oneQuarter.slice(6, 9)).toEqual(['1:s7', '8:s9', '9:s8']);
    const beforeFinals = ranksOf({ qualification: q, runs: [...eighths, ...quarters, ...semis] });
    expect(beforeFinals.slice(0, 4)).toEqual(['1:s2', '1:s5', '3:s1', '3:s3']);
  });

  it('runs an 8-racer bracket from the quarter-finals and a 4-racer bracket from the semi-finals', () => {
    const eight = [
      ...heat('QUARTER_FINAL', 's1', 's8'),
      ...heat('QUARTER_FINAL', 's5', 's4'),
      ...heat('QUARTER_FINAL', 's2', 's7'),
      ...heat('QUARTER_FINAL', 's3', 's6'),
      ...heat('HALF_FINAL', 's1', 's5'),
      ...heat('HALF_FINAL', 's3', 's2'),
      ...heat('SMALL_FINAL', 's5', 's2'),
      ...heat('BIG_FINAL', 's3', 's1'),
    ];
    expect(ranksOf({ qualification: qualification(10), runs: eight })).toEqual(['1:s3', '2:s1', '3:s5', '4:s2', '5:s4', '6:s6', '7:s7', '8:s8']);
    const four = [...heat('HALF_FINAL', 's1', 's4'), ...heat('HALF_FINAL', 's2', 's3'), ...heat('SMALL_FINAL', 's4', 's3'), ...heat('BIG_FINAL', 's1', 's2')];
    expect(ranksOf({ qualification: qualification(7), runs: four })).toEqual(['1:s1', '2:s2', '3:s4', '4:s3']);
  });

  it('decides a heat where both failed: a fall beats a false start, otherwise the better seed wins', () => {
    const runs = [...heat('HALF_FINAL', 's4', 's1', FALSE_START, FALL), ...heat('HALF_FINAL', 's2', 's3', FALL, FALL)];
    expect(ranksOf({ qualification: qualification(4), runs }).slice(0, 2)).toEqual(['1:s2', '1:s4']);
  });

  it('ranks nobody without a bracket, and leaves out racers without a qualification time', () => {
    expect(rankSpeedFinals({ qualification: qualification(3), runs: [] })).toEqual([]);
    const withoutTime = [...qualification(4), { racerId: 'x', rank: 5, bestTimeMs: null }];
    expect(rankSpeedFinals({ qualification: withoutTime, runs: [] }).map((row) => row.racerId)).not.toContain('x');
  });
});

describe('speedFinalStandings', () => {
  const q = qualification(16);

  it('keeps racers still in the bracket undecided, in the heat they climb next', () => {
    const standings = speedFinalStandings({ qualification: q, runs: [...eighths, ...quarters] });
    expect(standings.get('s5')).toEqual({ stage: 'HALF_FINAL', decided: false, run: null, bestTimeMs: null });
    expect(standings.get('s4')).toEqual({ stage: 'QUARTER_FINAL', decided: true, run: time(6000), bestTimeMs: 5040 });
    // Lost in the 1/8 after a fall: the place rests on the qualification time.
    expect(standings.get('s8')).toEqual({ stage: 'EIGHTH_FINAL', decided: true, run: FALL, bestTimeMs: 5080 });
  });

  it('keeps the semi-final losers undecided until the small final, then gives the final heats their runs', () => {
    const beforeFinals = speedFinalStandings({ qualification: q, runs: [...eighths, ...quarters, ...semis] });
    expect(beforeFinals.get('s3')).toEqual({ stage: 'SMALL_FINAL', decided: false, run: null, bestTimeMs: null });
    expect(beforeFinals.get('s2')?.decided).toBe(false);
    const all = speedFinalStandings({ qualification: q, runs: [...eighths, ...quarters, ...semis, ...finals] });
    expect(all.get('s2')).toEqual({ stage: 'BIG_FINAL', decided: true, run: time(5500), bestTimeMs: null });
    expect(all.get('s1')).toEqual({ stage: 'SMALL_FINAL', decided: true, run: time(6000), bestTimeMs: null });
    expect([...all.values()].every((standing) => standing.decided)).toBe(true);
  });

  it('is empty without a bracket', () => {
    expect(speedFinalStandings({ qualification: qualification(3), runs: [] }).size).toBe(0);
  });
});
