import { describe, expect, it } from 'vitest';
import { emptyLane, laneFormOf, readMatchEntry } from './speed-entry';

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
