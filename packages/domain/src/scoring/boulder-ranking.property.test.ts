import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCORING_TYPES } from '../model/enums.ts';
import { mergeGroupRanks } from './merge-group-ranks.ts';
import { rankBoulderRound, type RankBoulderRoundInput } from './rank-boulder-round.ts';
import type { BoulderScore } from './scoring-types.ts';
import { isCompetitionRanking } from './testing/is-competition-ranking.ts';
import { permute, racerIdAt, rankIn, withPermutation } from './testing/property-helpers.ts';

const BOULDERS = 4;

const boulderScore: fc.Arbitrary<BoulderScore> = fc.oneof(
  fc.constant({ topAttempts: null, zoneAttempts: null }),
  fc.integer({ min: 1, max: 6 }).map((zoneAttempts) => ({ topAttempts: null, zoneAttempts })),
  fc
    .integer({ min: 1, max: 6 })
    .chain((topAttempts) =>
      fc.option(fc.integer({ min: 1, max: topAttempts }), { nil: null }).map((zoneAttempts) => ({ topAttempts, zoneAttempts })),
    ),
);

const round = fc.record({
  scoringType: fc.constantFrom(...SCORING_TYPES),
  results: withPermutation(fc.array(fc.array(boulderScore, { minLength: BOULDERS, maxLength: BOULDERS }), { minLength: 1, maxLength: 12 })),
  withCountback: fc.boolean(),
  previousRankSeed: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 12, maxLength: 12 }),
});

type Round = typeof round extends fc.Arbitrary<infer R> ? R : never;

const toInput = (generated: Round, boulders = generated.results.items): RankBoulderRoundInput => ({
  scoringType: generated.scoringType,
  racers: boulders.map((list, index) => ({ racerId: racerIdAt(index), boulders: list })),
  ...(generated.withCountback
    ? { previousRanks: Object.fromEntries(boulders.map((_, index) => [racerIdAt(index), generated.previousRankSeed[index] ?? 1])) }
    : {}),
});

/** A strictly better boulder: fewer attempts, or the next achievement (zone, then top). */
const improve = (score: BoulderScore): BoulderScore => {
  if (score.topAttempts !== null && score.topAttempts > 1) {
    const topAttempts = score.topAttempts - 1;
    return { topAttempts, zoneAttempts: score.zoneAttempts === null ? null : Math.min(score.zoneAttempts, topAttempts) };
  }
  if (score.topAttempts !== null) return { topAttempts: 1, zoneAttempts: 1 };
  if (score.zoneAttempts !== null) return { topAttempts: score.zoneAttempts, zoneAttempts: score.zoneAttempts };
  return { topAttempts: null, zoneAttempts: 1 };
};

describe('rankBoulderRound properties (every scoring type)', () => {
  it('does not depend on the input order', () => {
    fc.assert(
      fc.property(round, (generated) => {
        const input = toInput(generated);
        expect(rankBoulderRound({ ...input, racers: permute(input.racers, generated.results.order) })).toEqual(rankBoulderRound(input));
      }),
    );
  });

  it('gives a valid competition ranking (1, 1, 3)', () => {
    fc.assert(fc.property(round, (generated) => isCompetitionRanking(rankBoulderRound(toInput(generated)).map((row) => row.rank))));
  });

  it('gives equal results the same rank', () => {
    fc.assert(
      fc.property(round, fc.nat(), (generated, pick) => {
        const input = toInput(generated);
        const original = input.racers[pick % input.racers.length];
        if (original === undefined) return;
        const twin = { racerId: 'twin', boulders: original.boulders };
        const previousRanks = input.previousRanks && { ...input.previousRanks, twin: input.previousRanks[original.racerId] ?? 1 };
        const ranking = rankBoulderRound({ ...input, racers: [...input.racers, twin], ...(previousRanks ? { previousRanks } : {}) });
        expect(rankIn(ranking, 'twin')).toBe(rankIn(ranking, original.racerId));
      }),
    );
  });

  it('never ranks a racer lower after improving one boulder', () => {
    fc.assert(
      fc.property(round, fc.nat(), fc.nat(BOULDERS - 1), (generated, pick, boulder) => {
        const index = pick % generated.results.items.length;
        const improved = generated.results.items.map((list, racer) =>
          racer === index ? list.map((score, position) => (position === boulder ? improve(score) : score)) : list,
        );
        const before = rankIn(rankBoulderRound(toInput(generated)), racerIdAt(index));
        const after = rankIn(rankBoulderRound(toInput(generated, improved)), racerIdAt(index));
        expect(after).toBeLessThanOrEqual(before);
      }),
    );
  });
});

describe('mergeGroupRanks properties', () => {
  const groups = fc.array(fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 10 }), { minLength: 1, maxLength: 3 }).map((lists) =>
    lists.map((ranks, group) => ranks.map((rank, index) => ({ racerId: `g${group}-${racerIdAt(index)}`, rank }))),
  );

  it('gives a valid competition ranking, independent of the group order', () => {
    fc.assert(
      fc.property(groups, (generated) => {
        const merged = mergeGroupRanks(generated);
        expect(isCompetitionRanking(merged.map((racer) => racer.rank))).toBe(true);
        expect(mergeGroupRanks([...generated].reverse())).toEqual(merged);
      }),
    );
  });

  it('never ranks a racer lower after a better group rank', () => {
    fc.assert(
      fc.property(groups, (generated) => {
        const target = generated.flat()[0];
        if (target === undefined || target.rank === 1) return;
        const improved = generated.map((group) => group.map((racer) => (racer === target ? { ...racer, rank: racer.rank - 1 } : racer)));
        expect(rankIn(mergeGroupRanks(improved), target.racerId)).toBeLessThanOrEqual(rankIn(mergeGroupRanks(generated), target.racerId));
      }),
    );
  });
});
