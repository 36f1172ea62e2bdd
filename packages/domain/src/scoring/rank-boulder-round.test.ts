import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors/domain-error.ts';
import { rankBoulderRound } from './rank-boulder-round.ts';
import type { BoulderScore } from './scoring-types.ts';

const top = (topAttempts: number, zoneAttempts: number | null = null): BoulderScore => ({ topAttempts, zoneAttempts });
const zone = (zoneAttempts: number): BoulderScore => ({ topAttempts: null, zoneAttempts });
const none: BoulderScore = { topAttempts: null, zoneAttempts: null };

describe('rankBoulderRound, TOPS_ZONES (RULES.md 1a)', () => {
  it('ranks by tops, then zones, then top attempts, then zone attempts', () => {
    const ranking = rankBoulderRound({
      scoringType: 'TOPS_ZONES',
      racers: [
        { racerId: 'zone-attempts', boulders: [top(1, 1), zone(2)] },
        { racerId: 'top-attempts', boulders: [top(2, 1), zone(1)] },
        { racerId: 'zones', boulders: [top(1, 1), none] },
        { racerId: 'tops', boulders: [top(5, 5), top(5, 5)] },
        { racerId: 'best', boulders: [top(1, 1), zone(1)] },
      ],
    });
    expect(ranking.map((row) => [row.racerId, row.rank, row.tieBreak])).toEqual([
      ['tops', 1, 'TOPS'],
      ['best', 2, 'ZONE_ATTEMPTS'],
      ['zone-attempts', 3, 'TOP_ATTEMPTS'],
      ['top-attempts', 4, 'ZONES'],
      ['zones', 5, null],
    ]);
  });

  it('counts a top as a zone, reached on the top attempt when no zone attempts were entered', () => {
    const [row] = rankBoulderRound({ scoringType: 'TOPS_ZONES', racers: [{ racerId: 'a', boulders: [top(3), zone(2), none] }] });
    expect(row).toMatchObject({ tops: 1, zones: 2, topAttempts: 3, zoneAttempts: 5, points: null, rank: 1 });
  });

  it('breaks a tie by count-back: SLC 2022 final, Ogata (semi 1st) before Peharc (semi 2nd)', () => {
    const fourTopsFiveFive = [top(2, 2), top(1, 1), top(1, 1), top(1, 1)];
    const ranking = rankBoulderRound({
      scoringType: 'TOPS_ZONES',
      racers: [
        { racerId: 'PEHARC', boulders: fourTopsFiveFive },
        { racerId: 'OGATA', boulders: fourTopsFiveFive },
      ],
      previousRanks: { OGATA: 1, PEHARC: 2 },
    });
    expect(ranking.map((row) => [row.racerId, row.rank, row.tieBreak])).toEqual([
      ['OGATA', 1, 'COUNTBACK'],
      ['PEHARC', 2, null],
    ]);
  });

  it('keeps a tie without previous ranks: SLC 2022 semi, Flohé and Schubert both 7th', () => {
    const same = [top(2, 2), top(3, 3), top(3, 3), zone(1)];
    const ranking = rankBoulderRound({
      scoringType: 'TOPS_ZONES',
      racers: [
        { racerId: 'SCHUBERT', boulders: same },
        { racerId: 'FLOHE', boulders: same },
      ],
    });
    expect(ranking.map((row) => [row.racerId, row.rank, row.tieBreak])).toEqual([
      ['FLOHE', 1, null],
      ['SCHUBERT', 1, null],
    ]);
  });

  it('leaves a tie when the previous ranks are equal too, and puts a racer without a previous rank last', () => {
    const same = [top(1, 1)];
    const ranking = rankBoulderRound({
      scoringType: 'TOPS_ZONES',
      racers: ['c', 'b', 'a'].map((racerId) => ({ racerId, boulders: same })),
      previousRanks: { a: 3, b: 3 },
    });
    expect(ranking.map((row) => [row.racerId, row.rank])).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 3],
    ]);
  });
});

describe('rankBoulderRound, IFSC_POINTS (RULES.md 1b)', () => {
  const pointsOf = (boulders: BoulderScore[]): number | null =>
    rankBoulderRound({ scoringType: 'IFSC_POINTS', racers: [{ racerId: 'a', boulders }] })[0]?.points ?? null;

  it('scores the published examples: flash 25.0, top on the 5th 24.6, zone on the 3rd 9.8', () => {
    expect(pointsOf([top(1, 1)])).toBe(25);
    expect(pointsOf([top(5, 2)])).toBe(24.6);
    expect(pointsOf([zone(3)])).toBe(9.8);
    expect(pointsOf([none])).toBe(0);
  });

  it('ignores the zone attempts once the boulder is topped', () => {
    expect(pointsOf([top(4, 4)])).toBe(24.7);
    expect(pointsOf([top(4, 1)])).toBe(24.7);
  });

  it('sums in tenths, so the total is exact where floats would drift', () => {
    expect(pointsOf([top(2), top(3), zone(2), zone(12)])).toBe(68.5);
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(pointsOf([zone(10), zone(9), zone(9)])).toBe(27.5);
  });

  it('ranks by points only, not tops first, then by count-back', () => {
    const ranking = rankBoulderRound({
      scoringType: 'IFSC_POINTS',
      racers: [
        { racerId: 'one-top', boulders: [top(1), none, none] },
        { racerId: 'three-zones', boulders: [zone(1), zone(1), zone(1)] },
        { racerId: 'three-zones-too', boulders: [zone(1), zone(1), zone(1)] },
      ],
      previousRanks: { 'three-zones': 5, 'three-zones-too': 4 },
    });
    expect(ranking.map((row) => [row.racerId, row.rank, row.points, row.tops, row.tieBreak])).toEqual([
      ['three-zones-too', 1, 30, 0, 'COUNTBACK'],
      ['three-zones', 2, 30, 0, 'POINTS'],
      ['one-top', 3, 25, 1, null],
    ]);
  });
});

describe('rankBoulderRound, CLASSIC (pre-2018 order, docs/scoring.md)', () => {
  it('lets fewer top attempts beat more zones', () => {
    const ranking = rankBoulderRound({
      scoringType: 'CLASSIC',
      racers: [
        { racerId: 'more-zones', boulders: [top(3, 1), zone(1), zone(1)] },
        { racerId: 'fewer-top-attempts', boulders: [top(1, 1), none, none] },
      ],
    });
    expect(ranking.map((row) => [row.racerId, row.rank, row.tieBreak])).toEqual([
      ['fewer-top-attempts', 1, 'TOP_ATTEMPTS'],
      ['more-zones', 2, null],
    ]);
  });
});

describe('the CLASSIC worked example of docs/scoring.md', () => {
  const racers = [
    { racerId: 'Ana', boulders: [top(1), none, none] },
    { racerId: 'Ben', boulders: [top(3, 1), zone(1), zone(1)] },
    { racerId: 'Cyril', boulders: [top(3, 1), zone(2), none] },
  ];

  it.each([
    ['CLASSIC', [['Ana', 1, 'TOP_ATTEMPTS'], ['Ben', 2, 'ZONES'], ['Cyril', 3, null]]],
    ['TOPS_ZONES', [['Ben', 1, 'ZONES'], ['Cyril', 2, 'ZONES'], ['Ana', 3, null]]],
  ] as const)('ranks it under %s as documented', (scoringType, expected) => {
    const ranking = rankBoulderRound({ scoringType, racers });
    expect(ranking.map((row) => [row.racerId, row.rank, row.tieBreak])).toEqual(expected);
    expect(ranking.find((row) => row.racerId === 'Ben')).toMatchObject({ tops: 1, zones: 3, topAttempts: 3, zoneAttempts: 3 });
  });
});

describe('boulder validation', () => {
  const rank = (boulders: BoulderScore[]) => () => rankBoulderRound({ scoringType: 'TOPS_ZONES', racers: [{ racerId: 'a', boulders }] });

  it('rejects more zone attempts than top attempts', () => {
    expect(rank([top(2, 3)])).toThrowError(expect.objectContaining({ code: 'ZONE_ATTEMPTS_EXCEED_TOP_ATTEMPTS' }));
  });

  it.each([0, -1, 1.5, Number.NaN])('rejects %s attempts with the field named', (attempts) => {
    try {
      rank([none, zone(attempts)])();
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('VALIDATION_FAILED');
      expect((error as DomainError).fields).toEqual({ 'racers.0.boulders.1.zoneAttempts': 'INVALID_ATTEMPTS' });
    }
  });
});
