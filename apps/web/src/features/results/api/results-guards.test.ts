import { SPEED_STAGES, STAGES, type guard } from '@climbing/domain';
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod/mini';
import { resultRowSchema } from './results';
import { patchSchema, wholeTableSchema } from './use-live-results';

/*
 * The results and the live stream were read with zod/mini schemas before our own guards (issue 14).
 * Those schemas, copied here as they were, are the oracle: the guards must accept and refuse the
 * same answers and hand on exactly the same values.
 */
const number = () => z.nullable(z.number());
const zodMark = z.object({ topAttempts: number(), zoneAttempts: number() });
const zodRoute = z.object({ hold: number(), plus: z.boolean(), top: z.boolean(), time: number() });
const zodRow = z.object({
  id: z.number(),
  racer: z.object({
    id: z.number(),
    racerNumber: z.number(),
    fullName: z.string(),
    birthYear: number(),
    sex: z.string(),
    country: z.nullable(z.string()),
    club: z.nullable(z.string()),
    qualificationGroup: z.nullable(z.string()),
  }),
  stage: z.enum(STAGES),
  rank: z.number(),
  ageCategory: z._default(z.nullable(z.object({ id: z.number(), name: z.string() })), null),
  categoryRank: z._default(number(), null),
  tops: number(),
  zones: number(),
  topAttempts: number(),
  zoneAttempts: number(),
  score: number(),
  tieBreak: z.nullable(z.string()),
  boulders: z.nullable(z.array(zodMark)),
  routes: z.nullable(z.array(zodRoute)),
  routeResults: z.nullable(z.array(z.object({ route: z.number(), rank: z.number(), arithmeticMean: z.number() }))),
  time: number(),
  runs: z._default(z.nullable(z.array(z.object({ route: z.number(), attempt: z.number(), time: number(), fall: z.boolean(), falseStart: z.boolean() }))), null),
  // Added after the guards (the speed bracket's standing of a finals row), in the oracle in the same shape.
  speedFinal: z._default(
    z.nullable(z.object({ stage: z.string(), decided: z.boolean(), run: z.nullable(z.object({ time: number(), fall: z.boolean(), falseStart: z.boolean() })), bestTime: number() })),
    null,
  ),
  falseStarts: z.optional(number()),
  falls: z.optional(number()),
  empty: z.boolean(),
});
const int = () => z.number().check(z.int());
const zodHeader = {
  raceId: z.number(),
  stage: z.enum(STAGES),
  sentAt: z.optional(z.union([z.number(), z.string()])),
  lastScoreAt: z.nullish(z.string()),
};
const zodWholeTable = z.object({ ...zodHeader, version: z._default(int(), 0), rows: z.array(zodRow) });
const zodPatch = z.object({
  ...zodHeader,
  base: int(),
  version: int(),
  count: int().check(z.nonnegative()),
  rows: z.array(zodRow),
  at: z.array(int()),
  places: z.array(z.tuple([int(), int(), int(), z.nullable(int()), z.nullable(z.string())])),
  removed: z.array(int()),
});

/** Checks one value both ways; true when both accepted it. */
const agree = (ours: guard.AnyGuard, oracle: z.ZodMiniType, value: unknown): boolean => {
  const mine = ours.safeParse(value);
  const theirs = z.safeParse(oracle, value);
  expect(mine.success, `accepted by ${mine.success ? 'the guard' : 'zod'} only: ${JSON.stringify(value)}`).toBe(theirs.success);
  if (mine.success && theirs.success) expect(mine.data).toStrictEqual(theirs.data);
  return mine.success;
};

// Answers near the contract: every field is mostly right, sometimes wrong, sometimes absent; extra keys come along.
const MISSING = Symbol('missing');
const junk = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.string({ maxLength: 3 }),
  fc.integer({ min: -3, max: 3 }),
  fc.double(),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
);
const mostly = (valid: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: valid, weight: 80 }, { arbitrary: junk, weight: 1 }, { arbitrary: fc.constant(MISSING), weight: 1 });
const objectOf = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc
    .tuple(fc.record(Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, mostly(value)]))), fc.dictionary(fc.constantFrom('extra', 'rowId', 'constructor'), junk, { maxKeys: 2 }))
    .map(([values, extra]) => {
      const result: Record<string, unknown> = { ...extra };
      for (const [key, value] of Object.entries(values)) if (value !== MISSING) result[key] = value;
      return result;
    });
const num = fc.oneof({ arbitrary: fc.integer({ min: -5, max: 500 }), weight: 8 }, { arbitrary: fc.double(), weight: 1 });
const integer = fc.oneof({ arbitrary: fc.integer({ min: -5, max: 500 }), weight: 12 }, { arbitrary: fc.double(), weight: 1 }, { arbitrary: fc.constant(2 ** 53), weight: 1 });
const nullableNum = fc.oneof(fc.constant(null), num);
const text = fc.string({ maxLength: 4 });
const nullableText = fc.oneof(fc.constant(null), text);
const listOf = (item: fc.Arbitrary<unknown>) => fc.array(item, { maxLength: 3 });
const nullableList = (item: fc.Arbitrary<unknown>) => fc.oneof(fc.constant(null), listOf(item));
const stage = fc.oneof({ arbitrary: fc.constantFrom(...STAGES), weight: 12 }, { arbitrary: fc.constantFrom('FINALE', 'final'), weight: 1 });

const rowArb = objectOf({
  id: num,
  racer: objectOf({ id: num, racerNumber: num, fullName: text, birthYear: nullableNum, sex: text, country: nullableText, club: nullableText, qualificationGroup: nullableText }),
  stage,
  rank: num,
  ageCategory: fc.oneof(fc.constant(null), objectOf({ id: num, name: text })),
  categoryRank: nullableNum,
  tops: nullableNum,
  zones: nullableNum,
  topAttempts: nullableNum,
  zoneAttempts: nullableNum,
  score: nullableNum,
  tieBreak: nullableText,
  boulders: nullableList(objectOf({ topAttempts: nullableNum, zoneAttempts: nullableNum })),
  routes: nullableList(objectOf({ hold: nullableNum, plus: fc.boolean(), top: fc.boolean(), time: nullableNum })),
  routeResults: nullableList(objectOf({ route: num, rank: num, arithmeticMean: num })),
  time: nullableNum,
  runs: nullableList(objectOf({ route: num, attempt: num, time: nullableNum, fall: fc.boolean(), falseStart: fc.boolean() })),
  speedFinal: fc.oneof(
    fc.constant(null),
    objectOf({ stage: fc.constantFrom(...SPEED_STAGES), decided: fc.boolean(), run: fc.oneof(fc.constant(null), objectOf({ time: nullableNum, fall: fc.boolean(), falseStart: fc.boolean() })), bestTime: nullableNum }),
  ),
  falseStarts: fc.oneof(nullableNum, fc.constant(undefined)),
  falls: fc.oneof(nullableNum, fc.constant(undefined)),
  empty: fc.boolean(),
});
const header = { raceId: num, stage, sentAt: fc.oneof(num, text, fc.constant(undefined)), lastScoreAt: fc.oneof(nullableText, fc.constant(undefined)) };
const place = fc.oneof(
  { arbitrary: fc.tuple(integer, integer, integer, fc.oneof(fc.constant(null), integer), nullableText), weight: 10 },
  { arbitrary: fc.array(integer, { maxLength: 6 }), weight: 1 },
  { arbitrary: junk, weight: 1 },
);
const wholeTableArb = objectOf({ ...header, version: fc.oneof(integer, fc.constant(undefined)), rows: listOf(rowArb) });
const patchArb = objectOf({ ...header, base: integer, version: integer, count: integer, rows: listOf(rowArb), at: listOf(integer), places: listOf(place), removed: listOf(integer) });

/**
 * Runs the property and checks that both outcomes came up often enough to mean something. A patch
 * near the contract passes about one time in twenty (seeds differ per run), so the floor is one in
 * a hundred: far enough below that a run never misses it by chance.
 */
const compare = (ours: guard.AnyGuard, oracle: z.ZodMiniType, arbitrary: fc.Arbitrary<unknown>, runs: number) => {
  let accepted = 0;
  fc.assert(
    fc.property(arbitrary, (value) => {
      if (agree(ours, oracle, value)) accepted++;
    }),
    { numRuns: runs },
  );
  expect(accepted).toBeGreaterThan(runs / 100);
  expect(accepted).toBeLessThan(runs);
};

const row = {
  id: 7,
  racer: { id: 3, racerNumber: 12, fullName: 'Eva Nováková', birthYear: 2008, sex: 'F', country: 'SVK', club: null, qualificationGroup: null },
  stage: 'QUALIFICATION',
  rank: 1,
  tops: 4,
  zones: 4,
  topAttempts: 6,
  zoneAttempts: 5,
  score: null,
  tieBreak: null,
  boulders: [{ topAttempts: 1, zoneAttempts: 1 }],
  routes: null,
  routeResults: null,
  time: null,
  empty: false,
};

describe('results guards against the zod/mini schemas they replaced', () => {
  it('output the same types', () => {
    expectTypeOf<guard.Infer<typeof resultRowSchema>>().toEqualTypeOf<z.infer<typeof zodRow>>();
    expectTypeOf<guard.Infer<typeof wholeTableSchema>>().toEqualTypeOf<z.infer<typeof zodWholeTable>>();
    expectTypeOf<guard.Infer<typeof patchSchema>>().toEqualTypeOf<z.infer<typeof zodPatch>>();
  });

  it.each([
    ['a row without the age category fields (defaults)', row],
    ['a row with extra keys, also nested', { ...row, photo: 'x', racer: { ...row.racer, email: 'e@x.sk' }, boulders: [{ topAttempts: 1, zoneAttempts: 1, id: 9 }] }],
    ['a row with falls present but undefined', { ...row, falls: undefined, falseStarts: 2 }],
    ['a row with an age category', { ...row, ageCategory: { id: 1, name: 'U14', order: 2 }, categoryRank: 1 }],
    ['a row without a required key', { ...row, tieBreak: undefined }],
    ['a row with a wrong stage', { ...row, stage: 'FINALE' }],
    ['a row with a wrong nested value', { ...row, routes: [{ hold: 1, plus: 'no', top: false, time: null }] }],
  ])('agree on %s', (_name, value) => {
    agree(resultRowSchema, zodRow, value);
  });

  it.each([
    ['a whole table without a version', { raceId: 1, stage: 'FINAL', rows: [row] }, true],
    ['a whole table with sentAt as a string', { raceId: 1, stage: 'FINAL', sentAt: '2026-11-26T10:00:00Z', lastScoreAt: null, version: 3, rows: [] }, true],
    ['a whole table with a fractional version', { raceId: 1, stage: 'FINAL', version: 1.5, rows: [] }, false],
  ])('agree on %s', (_name, value, accepted) => {
    expect(agree(wholeTableSchema, zodWholeTable, value)).toBe(accepted);
  });

  const patch = { raceId: 1, stage: 'SEMIFINAL', base: 1, version: 2, count: 2, rows: [row], at: [0], places: [[3, 2, 1, null, null]], removed: [] };
  it.each([
    ['a patch', patch, true],
    ['a patch with a negative count', { ...patch, count: -1 }, false],
    ['a patch with a short place entry', { ...patch, places: [[3, 2, 1, null]] }, false],
    ['a patch with a long place entry', { ...patch, places: [[3, 2, 1, null, null, 0]] }, false],
    ['a patch with an unsafe integer', { ...patch, removed: [2 ** 53] }, false],
  ])('agree on %s', (_name, value, accepted) => {
    expect(agree(patchSchema, zodPatch, value)).toBe(accepted);
  });

  it('agree on result rows near the contract', () => compare(resultRowSchema, zodRow, rowArb, 600));
  it('agree on whole tables near the contract', () => compare(wholeTableSchema, zodWholeTable, wholeTableArb, 400));
  it('agree on patches near the contract', () => compare(patchSchema, zodPatch, patchArb, 400));
  it('agree on anything at all', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        agree(resultRowSchema, zodRow, value);
        agree(patchSchema, zodPatch, value);
      }),
      { numRuns: 200 },
    );
  });
});
