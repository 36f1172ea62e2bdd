import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPEED_STAGES } from '../model/enums.ts';
import { rankSpeedFinals } from './rank-speed-finals.ts';
import { rankSpeedQualification } from './rank-speed-qualification.ts';
import type { SpeedRun } from './scoring-types.ts';
import { isCompetitionRanking } from './testing/is-competition-ranking.ts';
import { permute, racerIdAt, rankIn, withPermutation } from './testing/property-helpers.ts';

// A narrow range of times makes equal times, and so the tie-breaks, common.
const speedRun: fc.Arbitrary<SpeedRun> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 5000, max: 5006 }).map((timeMs) => ({ timeMs, fall: false, falseStart: false })) },
  { weight: 1, arbitrary: fc.constant({ timeMs: null, fall: true, falseStart: false }) },
  { weight: 1, arbitrary: fc.constant({ timeMs: null, fall: false, falseStart: true }) },
);

/** A faster run: one millisecond less, or a time instead of a fall or false start. */
const improve = (run: SpeedRun): SpeedRun =>
  run.timeMs !== null && !run.fall && !run.falseStart ? { ...run, timeMs: run.timeMs - 1 } : { timeMs: 5006, fall: false, falseStart: false };

describe('rankSpeedQualification properties', () => {
  const qualification = withPermutation(fc.array(fc.array(speedRun, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 14 }));
  const toInput = (results: SpeedRun[][]) => ({ racers: results.map((runs, index) => ({ racerId: racerIdAt(index), runs })) });

  it('does not depend on the input order and gives a valid competition ranking', () => {
    fc.assert(
      fc.property(qualification, ({ items, order }) => {
        const ranking = rankSpeedQualification(toInput(items));
        expect(rankSpeedQualification({ racers: permute(toInput(items).racers, order) })).toEqual(ranking);
        expect(isCompetitionRanking(ranking.map((row) => row.rank))).toBe(true);
      }),
    );
  });

  it('gives equal runs the same rank, whatever the lane', () => {
    fc.assert(
      fc.property(qualification, fc.nat(), ({ items }, pick) => {
        const index = pick % items.length;
        const twinRuns = [...(items[index] ?? [])].reverse();
        const ranking = rankSpeedQualification({ racers: [...toInput(items).racers, { racerId: 'twin', runs: twinRuns }] });
        expect(rankIn(ranking, 'twin')).toBe(rankIn(ranking, racerIdAt(index)));
      }),
    );
  });

  it('never ranks a racer lower after a faster run (a false start elsewhere still eliminates)', () => {
    fc.assert(
      fc.property(qualification, fc.nat(), fc.nat(1), ({ items }, pick, lane) => {
        const index = pick % items.length;
        const improved = items.map((runs, racer) => (racer === index ? runs.map((run, l) => (l === lane ? improve(run) : run)) : runs));
        const before = rankIn(rankSpeedQualification(toInput(items)), racerIdAt(index));
        expect(rankIn(rankSpeedQualification(toInput(improved)), racerIdAt(index))).toBeLessThanOrEqual(before);
      }),
    );
  });
});

describe('rankSpeedFinals properties', () => {
  const finals = fc.record({
    size: fc.constantFrom(4, 8, 16),
    qualificationTimes: fc.array(fc.integer({ min: 4990, max: 5010 }), { minLength: 16, maxLength: 16 }),
    // A run for every racer and stage; only a prefix is kept, so many brackets are incomplete.
    runs: fc.array(fc.array(speedRun, { minLength: SPEED_STAGES.length, maxLength: SPEED_STAGES.length }), {
      minLength: 16,
      maxLength: 16,
    }),
    completeness: fc.integer({ min: 0, max: 16 * SPEED_STAGES.length }),
    shuffleSeed: fc.array(fc.nat(), { minLength: 16 * SPEED_STAGES.length, maxLength: 16 * SPEED_STAGES.length }),
  });
  type Finals = typeof finals extends fc.Arbitrary<infer R> ? R : never;
  const toInput = (generated: Finals, runs = generated.runs) => ({
    qualification: Array.from({ length: generated.size }, (_, index) => ({
      racerId: racerIdAt(index),
      rank: index + 1,
      bestTimeMs: generated.qualificationTimes[index] ?? null,
    })),
    runs: runs
      .slice(0, generated.size)
      .flatMap((list, racer) => list.map((run, stage) => ({ stage: SPEED_STAGES[stage] ?? 'BIG_FINAL', racerId: racerIdAt(racer), run })))
      .slice(0, generated.completeness),
  });

  it('ranks every racer of the bracket with a valid competition ranking, in any input order', () => {
    fc.assert(
      fc.property(finals, (generated) => {
        const input = toInput(generated);
        const ranking = rankSpeedFinals(input);
        expect(ranking).toHaveLength(generated.size);
        expect(isCompetitionRanking(ranking.map((row) => row.rank))).toBe(true);
        const shuffledRuns = input.runs
          .map((run, index) => ({ run, key: generated.shuffleSeed[index] ?? 0 }))
          .sort((a, b) => a.key - b.key)
          .map(({ run }) => run);
        expect(rankSpeedFinals({ qualification: [...input.qualification].reverse(), runs: shuffledRuns })).toEqual(ranking);
      }),
    );
  });

  it('never ranks a racer lower after a faster final run', () => {
    fc.assert(
      fc.property(finals, fc.nat(15), fc.nat(SPEED_STAGES.length - 1), (generated, racer, stage) => {
        const improved = generated.runs.map((list, r) => (r === racer ? list.map((run, s) => (s === stage ? improve(run) : run)) : list));
        const before = rankIn(rankSpeedFinals(toInput(generated)), racerIdAt(racer));
        const after = rankIn(rankSpeedFinals(toInput(generated, improved)), racerIdAt(racer));
        if (racer < generated.size) expect(after).toBeLessThanOrEqual(before);
      }),
    );
  });
});
