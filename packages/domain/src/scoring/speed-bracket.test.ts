import { describe, expect, it } from 'vitest';
import { speedBracket } from './speed-bracket.ts';
import { speedBracketSize } from './speed-bracket-size.ts';

const seeds = (count: number) => Array.from({ length: count }, (_, index) => ({ racerId: `s${index + 1}`, rank: index + 1 }));
const pairs = (count: number) => speedBracket(seeds(count)).map((heat) => `${heat.racerA}v${heat.racerB}`);

describe('speedBracketSize (spec section 4)', () => {
  it.each([
    [0, 0],
    [3, 0],
    [4, 4],
    [7, 4],
    [8, 8],
    [15, 8],
    [16, 16],
    [76, 16],
  ])('%i racers with a time give a bracket of %i', (racers, size) => {
    expect(speedBracketSize(racers)).toBe(size);
  });

  it.each([
    [16, 16, 16],
    [16, 8, 8],
    [16, 12, 8],
    [5, 16, 4],
    [20, 4, 4],
    [20, 3, 0],
    [3, 16, 0],
  ])('%i racers with a time and %i racers in the final give a bracket of %i (issue 9)', (racers, finalists, size) => {
    expect(speedBracketSize(racers, finalists)).toBe(size);
  });

  it('builds only the bracket the race settings allow', () => {
    expect(speedBracket(seeds(16), 8).map((heat) => `${heat.racerA}v${heat.racerB}`)).toEqual(['s1vs8', 's4vs5', 's2vs7', 's3vs6']);
  });
});

describe('speedBracket (RULES.md 3)', () => {
  it('pairs 16 racers 1v16, 8v9, 4v13, 5v12, 2v15, 7v10, 3v14, 6v11 in the eighth-finals', () => {
    expect(pairs(20)).toEqual(['s1vs16', 's8vs9', 's4vs13', 's5vs12', 's2vs15', 's7vs10', 's3vs14', 's6vs11']);
    expect(speedBracket(seeds(16)).map((heat) => [heat.stage, heat.index])).toEqual(
      Array.from({ length: 8 }, (_, index) => ['EIGHTH_FINAL', index]),
    );
  });

  it('pairs 8 racers 1v8, 4v5, 2v7, 3v6 in the quarter-finals and 4 racers 1v4, 2v3 in the semi-finals', () => {
    expect(pairs(12)).toEqual(['s1vs8', 's4vs5', 's2vs7', 's3vs6']);
    expect(speedBracket(seeds(8))[0]?.stage).toBe('QUARTER_FINAL');
    expect(pairs(5)).toEqual(['s1vs4', 's2vs3']);
    expect(speedBracket(seeds(4))[1]).toEqual({ stage: 'HALF_FINAL', index: 1, racerA: 's2', racerB: 's3' });
    expect(pairs(3)).toEqual([]);
  });

  it('seeds by rank whatever the input order, tied racers in the order given', () => {
    const shuffled = [
      { racerId: 'c', rank: 3 },
      { racerId: 'tied-second', rank: 4 },
      { racerId: 'a', rank: 1 },
      { racerId: 'tied-first', rank: 4 },
      { racerId: 'b', rank: 2 },
    ];
    // Five racers give a bracket of 4: the racer listed first among those tied 4th takes the seed.
    expect(speedBracket(shuffled).map((heat) => [heat.racerA, heat.racerB])).toEqual([
      ['a', 'tied-second'],
      ['b', 'c'],
    ]);
  });
});
