import { describe, expect, it } from 'vitest';
import { attemptProfile } from './podium-tie-break.ts';
import { rankBoulderRound } from './rank-boulder-round.ts';
import type { BoulderScore } from './scoring-types.ts';

const top = (topAttempts: number, zoneAttempts: number = 1): BoulderScore => ({ topAttempts, zoneAttempts });
const zone = (zoneAttempts: number): BoulderScore => ({ topAttempts: null, zoneAttempts });
const none: BoulderScore = { topAttempts: null, zoneAttempts: null };

describe('attemptProfile', () => {
  it('counts tops and zones per attempt; a top without zone attempts had its zone on the top attempt', () => {
    expect(attemptProfile([top(1), top(3, 2), { topAttempts: 2, zoneAttempts: null }, zone(1), none])).toEqual({
      topsByAttempt: [1, 1, 1],
      zonesByAttempt: [2, 2],
    });
  });
});

describe('podium tie-break of tops-and-zones finals (RULES.md 1a)', () => {
  // Both 2T2z 4 2: equal on every total and on count-back (no previous round given).
  const flashAndThird = [top(1), top(3), zone(1)];
  const secondAndSecond = [top(2), top(2), zone(1)];

  it('splits a podium tie left after count-back by the tops on the first attempt', () => {
    const ranking = rankBoulderRound({
      scoringType: 'TOPS_ZONES',
      podiumTieBreak: true,
      racers: [
        { racerId: 'second-second', boulders: secondAndSecond },
        { racerId: 'flash-third', boulders: flashAndThird },
      ],
    });
    expect(ranking.map((row) => [row.racerId, row.rank, row.tieBreak])).toEqual([
      ['flash-third', 1, 'TOPS_BY_ATTEMPT'],
      ['second-second', 2, null],
    ]);
  });

  it('then the zones per attempt when the tops per attempt are equal', () => {
    const ranking = rankBoulderRound({
      scoringType: 'TOPS_ZONES',
      podiumTieBreak: true,
      racers: [
        // Both 1T3z 2 5 with the top on the 2nd attempt; a reached two zones on the 1st attempt, b one.
        { racerId: 'a', boulders: [top(2, 1), zone(1), zone(3)] },
        { racerId: 'b', boulders: [top(2, 2), zone(2), zone(1)] },
        { racerId: 'leader', boulders: [top(1), top(1), top(1)] },
      ],
    });
    expect(ranking.map((row) => [row.racerId, row.rank, row.tieBreak])).toEqual([
      ['leader', 1, 'TOPS'],
      ['a', 2, 'ZONES_BY_ATTEMPT'],
      ['b', 3, null],
    ]);
  });

  it('applies after count-back only, and only to places 1 to 3', () => {
    const racers = [
      { racerId: 'w', boulders: [top(1), top(1), top(1)] },
      { racerId: 'x', boulders: [top(1), top(1), top(2)] },
      { racerId: 'y', boulders: [top(1), top(1), top(3)] },
      { racerId: 'p', boulders: secondAndSecond },
      { racerId: 'q', boulders: flashAndThird },
    ];
    const ranking = rankBoulderRound({ scoringType: 'TOPS_ZONES', podiumTieBreak: true, racers });
    // p and q share the 4th place: below the podium nothing more is compared.
    expect(ranking.map((row) => [row.racerId, row.rank])).toEqual([
      ['w', 1],
      ['x', 2],
      ['y', 3],
      ['p', 4],
      ['q', 4],
    ]);
    const counted = rankBoulderRound({
      scoringType: 'TOPS_ZONES',
      podiumTieBreak: true,
      racers: [
        { racerId: 'second-second', boulders: secondAndSecond },
        { racerId: 'flash-third', boulders: flashAndThird },
      ],
      previousRanks: { 'second-second': 1, 'flash-third': 2 },
    });
    expect(counted.map((row) => [row.racerId, row.rank, row.tieBreak])).toEqual([
      ['second-second', 1, 'COUNTBACK'],
      ['flash-third', 2, null],
    ]);
  });

  it('splits a three-way tie for the third place, and leaves racers equal on every count tied', () => {
    const ranking = rankBoulderRound({
      scoringType: 'TOPS_ZONES',
      podiumTieBreak: true,
      racers: [
        { racerId: 'one', boulders: [top(1), top(1), top(1)] },
        { racerId: 'two', boulders: [top(1), top(1), zone(1)] },
        { racerId: 'c', boulders: secondAndSecond },
        { racerId: 'b', boulders: flashAndThird },
        { racerId: 'a', boulders: flashAndThird },
      ],
    });
    expect(ranking.map((row) => [row.racerId, row.rank])).toEqual([
      ['one', 1],
      ['two', 2],
      ['a', 3],
      ['b', 3],
      ['c', 5],
    ]);
  });

  it('is not applied without podiumTieBreak, nor under the other scoring systems', () => {
    const racers = [
      { racerId: 'second-second', boulders: secondAndSecond },
      { racerId: 'flash-third', boulders: flashAndThird },
    ];
    expect(rankBoulderRound({ scoringType: 'TOPS_ZONES', racers }).map((row) => row.rank)).toEqual([1, 1]);
    expect(rankBoulderRound({ scoringType: 'CLASSIC', podiumTieBreak: true, racers }).map((row) => row.rank)).toEqual([1, 1]);
  });
});
