import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankLeadQualification } from './rank-lead-qualification.ts';
import { rankLeadRound } from './rank-lead-round.ts';
import type { LeadScore } from './scoring-types.ts';
import { isCompetitionRanking } from './testing/is-competition-ranking.ts';
import { permute, racerIdAt, rankIn, withPermutation } from './testing/property-helpers.ts';

// Few distinct heights, so that ties are common; half holds included.
const leadScore: fc.Arbitrary<LeadScore | null> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constant({ hold: 0, plus: false, top: true, timeMs: null }) },
  {
    weight: 6,
    arbitrary: fc.record({
      hold: fc.integer({ min: 20, max: 30 }).map((half) => half / 2),
      plus: fc.boolean(),
      top: fc.constant(false),
      timeMs: fc.option(fc.integer({ min: 60_000, max: 60_010 }), { nil: null }),
    }),
  },
);

/** A strictly higher result: the plus, the next half hold, or the top. */
const improve = (score: LeadScore | null): LeadScore => {
  if (score === null) return { hold: 0, plus: false, top: false };
  if (score.top) return score;
  if (!score.plus) return { ...score, plus: true };
  return score.hold >= 15 ? { ...score, top: true } : { ...score, hold: score.hold + 0.5, plus: false };
};

describe('rankLeadQualification properties', () => {
  const qualification = withPermutation(fc.array(fc.array(leadScore, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 14 }));
  const toInput = (results: (LeadScore | null)[][]) => ({ racers: results.map((routes, index) => ({ racerId: racerIdAt(index), routes })) });

  it('does not depend on the input order and gives a valid competition ranking', () => {
    fc.assert(
      fc.property(qualification, ({ items, order }) => {
        const ranking = rankLeadQualification(toInput(items));
        expect(rankLeadQualification({ racers: permute(toInput(items).racers, order) })).toEqual(ranking);
        expect(isCompetitionRanking(ranking.map((row) => row.rank))).toBe(true);
      }),
    );
  });

  it('gives equal results the same rank and score', () => {
    fc.assert(
      fc.property(qualification, fc.nat(), ({ items }, pick) => {
        const index = pick % items.length;
        const ranking = rankLeadQualification({ racers: [...toInput(items).racers, { racerId: 'twin', routes: items[index] ?? [] }] });
        const twin = ranking.find((row) => row.racerId === 'twin');
        const original = ranking.find((row) => row.racerId === racerIdAt(index));
        expect([twin?.rank, twin?.score]).toEqual([original?.rank, original?.score]);
      }),
    );
  });

  it('never ranks a racer lower after a better result on one route', () => {
    fc.assert(
      fc.property(qualification, fc.nat(), fc.nat(1), ({ items }, pick, route) => {
        const index = pick % items.length;
        const improved = items.map((routes, racer) => (racer === index ? routes.map((score, r) => (r === route ? improve(score) : score)) : routes));
        const before = rankIn(rankLeadQualification(toInput(items)), racerIdAt(index));
        expect(rankIn(rankLeadQualification(toInput(improved)), racerIdAt(index))).toBeLessThanOrEqual(before);
      }),
    );
  });
});

describe('rankLeadRound properties', () => {
  const leadRound = fc.record({
    results: withPermutation(fc.array(leadScore, { minLength: 1, maxLength: 14 })),
    previous: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 15, maxLength: 15 }),
    withCountback: fc.boolean(),
    timeTieBreak: fc.boolean(),
  });
  type LeadRound = typeof leadRound extends fc.Arbitrary<infer R> ? R : never;
  const toInput = (generated: LeadRound, routes = generated.results.items) => ({
    racers: routes.map((route, index) => ({ racerId: racerIdAt(index), route })),
    timeTieBreak: generated.timeTieBreak,
    ...(generated.withCountback
      ? { previousRanks: Object.fromEntries(routes.map((_, index) => [racerIdAt(index), generated.previous[index] ?? 1])) }
      : {}),
  });

  it('does not depend on the input order and gives a valid competition ranking', () => {
    fc.assert(
      fc.property(leadRound, (generated) => {
        const input = toInput(generated);
        const ranking = rankLeadRound(input);
        expect(rankLeadRound({ ...input, racers: permute(input.racers, generated.results.order) })).toEqual(ranking);
        expect(isCompetitionRanking(ranking.map((row) => row.rank))).toBe(true);
      }),
    );
  });

  it('gives equal results (same previous rank) the same rank', () => {
    fc.assert(
      fc.property(leadRound, fc.nat(), (generated, pick) => {
        const input = toInput(generated);
        const original = input.racers[pick % input.racers.length];
        if (original === undefined) return;
        const previousRanks = input.previousRanks && { ...input.previousRanks, twin: input.previousRanks[original.racerId] ?? 1 };
        const ranking = rankLeadRound({ ...input, racers: [...input.racers, { ...original, racerId: 'twin' }], ...(previousRanks ? { previousRanks } : {}) });
        expect(rankIn(ranking, 'twin')).toBe(rankIn(ranking, original.racerId));
      }),
    );
  });

  it('never ranks a racer lower after a higher result', () => {
    fc.assert(
      fc.property(leadRound, fc.nat(), (generated, pick) => {
        const index = pick % generated.results.items.length;
        const improved = generated.results.items.map((route, racer) => (racer === index ? improve(route) : route));
        const before = rankIn(rankLeadRound(toInput(generated)), racerIdAt(index));
        expect(rankIn(rankLeadRound(toInput(generated, improved)), racerIdAt(index))).toBeLessThanOrEqual(before);
      }),
    );
  });
});
