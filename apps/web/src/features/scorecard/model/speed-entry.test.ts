import { describe, expect, it } from 'vitest';
import { bestTimeMs, emptyLane, laneFormOf, readMatchEntry, readRunEntry, sameTimeRacers, speedListResult } from './speed-entry';

const lane = (time: string, extra: { fall?: boolean; falseStart?: boolean } = {}) => ({ ...emptyLane(), time, ...extra });

describe('readMatchEntry', () => {
  it('parses seconds and m:ss.xxx (comma too) into milliseconds', () => {
    expect(readMatchEntry(lane('5.21'), lane('1:02,5'))).toEqual({
      ok: true,
      racerA: { time: 5210, fall: false, falseStart: false },
      racerB: { time: 62500, fall: false, falseStart: false },
      sameTime: false,
    });
  });

  it('refuses text that is not a time, and a lane without a time or a failure', () => {
    expect(readMatchEntry(lane('fast'), lane('5.2'))).toEqual({ ok: false, problems: { racerA: 'invalid' } });
    expect(readMatchEntry(lane('5.2'), lane('5.2345'))).toEqual({ ok: false, problems: { racerB: 'invalid' } });
    expect(readMatchEntry(lane('0'), lane(''))).toEqual({ ok: false, problems: { racerA: 'invalid', racerB: 'required' } });
  });

  it('needs no time after a fall or a false start, nor from the opponent of a false-starter', () => {
    expect(readMatchEntry(lane('', { fall: true }), lane('6.1'))).toMatchObject({ ok: true, racerA: { time: null, fall: true } });
    expect(readMatchEntry(lane('5.9', { falseStart: true }), lane(''))).toMatchObject({ ok: true, racerA: { time: 5900, falseStart: true }, racerB: { time: null } });
  });

  it('asks to confirm the same valid time for both racers only', () => {
    expect(readMatchEntry(lane('5.210'), lane('5.21'))).toMatchObject({ ok: true, sameTime: true });
    expect(readMatchEntry(lane('5.21', { fall: true }), lane('5.21'))).toMatchObject({ ok: true, sameTime: false });
    expect(readMatchEntry(lane('5.21'), lane('5.211'))).toMatchObject({ ok: true, sameTime: false });
  });

  it('fills the form from a stored run', () => {
    expect(laneFormOf({ time: 5210, fall: false, falseStart: false })).toEqual({ time: '5.210', fall: false, falseStart: false });
    expect(laneFormOf(null)).toEqual(emptyLane());
  });
});

describe('readRunEntry', () => {
  it('reads a qualification run in milliseconds, seconds or m:ss.xxx', () => {
    expect(readRunEntry(lane('6,85'))).toEqual({ ok: true, run: { time: 6850, fall: false, falseStart: false } });
    expect(readRunEntry(lane('1:02.5'))).toEqual({ ok: true, run: { time: 62500, fall: false, falseStart: false } });
  });

  it('needs a time unless the racer fell or false-started', () => {
    expect(readRunEntry(lane(''))).toEqual({ ok: false, problem: 'required' });
    expect(readRunEntry(lane('soon'))).toEqual({ ok: false, problem: 'invalid' });
    expect(readRunEntry(lane('', { falseStart: true }))).toEqual({ ok: true, run: { time: null, fall: false, falseStart: true } });
  });
});

describe('sameTimeRacers', () => {
  const run = (time: number | null, fall = false, falseStart = false) => ({ time, fall, falseStart });
  const racers = [
    { id: 1, runs: [run(6850), run(7000)] },
    { id: 2, runs: [run(6500, true), run(6900)] },
    { id: 3, runs: [run(null, true)] },
  ];

  it('takes the best valid time of a racer', () => {
    expect(bestTimeMs(racers[1]?.runs ?? [])).toBe(6900);
    expect(bestTimeMs(racers[2]?.runs ?? [])).toBeNull();
  });

  it("finds the other racers whose best time equals the valid time being saved", () => {
    expect(sameTimeRacers(run(6850), 2, racers).map((racer) => racer.id)).toEqual([1]);
    expect(sameTimeRacers(run(6850), 1, racers)).toEqual([]);
    expect(sameTimeRacers(run(7000), 2, racers)).toEqual([]);
    expect(sameTimeRacers(run(6500), 1, racers)).toEqual([]);
    expect(sameTimeRacers(run(6850, true), 2, racers)).toEqual([]);
  });
});

describe('speedListResult: what the judge’s racer list shows of a racer’s runs', () => {
  const run = (time: number | null, extra: { fall?: boolean; falseStart?: boolean } = {}) => ({ time, fall: false, falseStart: false, ...extra });
  it('names a false start instead of the other run’s time: it eliminates', () => {
    expect(speedListResult([run(6400, { falseStart: true }), run(7100)])).toEqual({ kind: 'falseStart' });
    expect(speedListResult([run(7100), run(null, { falseStart: true })])).toEqual({ kind: 'falseStart' });
  });
  it('shows the best valid time, a fall when every entered run fell, nothing before any run', () => {
    expect(speedListResult([run(null, { fall: true }), run(6500)])).toEqual({ kind: 'time', timeMs: 6500 });
    expect(speedListResult([run(null, { fall: true }), run(null)])).toEqual({ kind: 'fall' });
    expect(speedListResult([run(null), run(null)])).toBeNull();
  });
});
