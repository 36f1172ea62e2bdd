import { describe, expect, it } from 'vitest';
import type { GenderBracket, SpeedMatch } from '../api/speed-bracket';
import { layoutBracket } from './speed-bracket-layout';

const racer = (id: number, run: { time: number | null; fall?: boolean; falseStart?: boolean } | null = null) => ({
  id,
  roundId: id + 100,
  racerNumber: id,
  fullName: `Racer ${id}`,
  country: 'SVK',
  run: run === null ? null : { time: run.time, fall: run.fall ?? false, falseStart: run.falseStart ?? false },
});

const match = (id: number, stage: SpeedMatch['stage'], stageIndex: number, a: SpeedMatch['racerA'], b: SpeedMatch['racerB'], winnerRacerId: number | null = null): SpeedMatch => ({
  id,
  gender: 'MIXED',
  stage,
  stageIndex,
  state: winnerRacerId === null ? 'READY' : 'CLOSED',
  version: 0,
  racerA: a,
  racerB: b,
  winnerRacerId,
});

describe('layoutBracket', () => {
  it('is empty before the finals', () => {
    expect(layoutBracket({ size: 0, stages: [], matches: [] })).toEqual([]);
  });

  it('lays an 8-racer bracket out in columns per round with every match position', () => {
    const bracket: GenderBracket = {
      gender: 'MIXED',
      size: 8,
      stages: ['QUARTER_FINAL', 'HALF_FINAL', 'SMALL_FINAL', 'BIG_FINAL'],
      matches: [
        match(1, 'QUARTER_FINAL', 0, racer(1, { time: 5051 }), racer(8, { time: 5057 }), 1),
        match(2, 'QUARTER_FINAL', 1, racer(4, { time: 6123 }), racer(5, { time: null, fall: true }), 4),
        match(3, 'QUARTER_FINAL', 2, racer(2, { time: 5999, falseStart: true }), racer(7, { time: null }), 7),
        match(4, 'QUARTER_FINAL', 3, racer(3), racer(6)),
        match(5, 'HALF_FINAL', 0, racer(1), racer(4)),
      ],
    };
    const columns = layoutBracket(bracket);
    expect(columns.map((column) => column.key)).toEqual(['QUARTER_FINAL', 'HALF_FINAL', 'BIG_FINAL']);
    expect(columns.map((column) => column.slots.length)).toEqual([4, 2, 2]);
    expect(columns[2]!.slots.map((slot) => slot.stage)).toEqual(['BIG_FINAL', 'SMALL_FINAL']);
    // Positions without a match yet stay empty.
    expect(columns[1]!.slots[1]!.match).toBeNull();
    expect(columns[1]!.slots[1]!.lanes.map((lane) => lane.racer)).toEqual([null, null]);

    const [first, second, third, fourth] = columns[0]!.slots;
    // Two times on one hundredth: the whole bracket shows 3 decimals, never a mix of "6.700" and "6.80".
    expect(first!.lanes.map((lane) => lane.mark)).toEqual([
      { kind: 'time', text: '5.051' },
      { kind: 'time', text: '5.057' },
    ]);
    expect(first!.lanes.map((lane) => lane.winner)).toEqual([true, false]);
    expect(second!.lanes.map((lane) => lane.mark)).toEqual([{ kind: 'time', text: '6.123' }, { kind: 'fall' }]);
    expect(third!.lanes.map((lane) => lane.mark)).toEqual([{ kind: 'falseStart' }, { kind: 'none' }]);
    expect(third!.lanes.map((lane) => lane.winner)).toEqual([false, true]);
    expect(fourth!.lanes.map((lane) => lane.mark)).toEqual([{ kind: 'none' }, { kind: 'none' }]);
    // Slovak decimals; the same time twice does not call for 3 decimals.
    const same = layoutBracket({ ...bracket, matches: [match(1, 'QUARTER_FINAL', 0, racer(1, { time: 6700 }), racer(8, { time: 6800 }), 1), match(2, 'QUARTER_FINAL', 1, racer(4, { time: 6700 }), racer(5, { time: 6900 }), 4)] }, 'sk');
    expect(same[0]!.slots[0]!.lanes.map((lane) => lane.mark)).toEqual([
      { kind: 'time', text: '6,70' },
      { kind: 'time', text: '6,80' },
    ]);
    expect(fourth!.lanes.some((lane) => lane.winner)).toBe(false);
  });

  it('has 8, 4 and 2 positions in the rounds of a 16-racer bracket', () => {
    const columns = layoutBracket({ size: 16, stages: ['EIGHTH_FINAL', 'QUARTER_FINAL', 'HALF_FINAL', 'SMALL_FINAL', 'BIG_FINAL'], matches: [] });
    expect(columns.map((column) => [column.key, column.slots.length])).toEqual([
      ['EIGHTH_FINAL', 8],
      ['QUARTER_FINAL', 4],
      ['HALF_FINAL', 2],
      ['BIG_FINAL', 2],
    ]);
  });
});
