import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileProjection, createReplySerializerCompiler, ReplySerializationError } from './reply-serializer.ts';

const racer = z.object({
  id: z.number().int(),
  fullName: z.string(),
  birthYear: z.number().int().nullable(),
  club: z.string().nullish(),
  sex: z.enum(['F', 'M']),
  category: z.object({ id: z.number(), name: z.string() }).nullable(),
  tags: z.array(z.string()),
  scores: z.record(z.string(), z.object({ tops: z.number() })),
  place: z.tuple([z.number(), z.string().nullable()]),
  createdAt: z.date(),
});
const list = z.array(racer);

const oneRacer = {
  id: 1,
  fullName: 'Eva Nováková',
  birthYear: 2008,
  club: null,
  sex: 'F' as const,
  category: { id: 3, name: 'U16', secret: 'x' },
  tags: ['a'],
  scores: { q1: { tops: 2, hidden: true } },
  place: [1, null] as [number, null],
  createdAt: new Date('2026-11-27T08:00:00Z'),
  passwordHash: '$argon2id$...',
};

const serialize = (schema: z.ZodType, checkReplies: boolean) => createReplySerializerCompiler({ checkReplies })({ schema, method: 'GET', url: '/x' });

describe('compiled reply projection', () => {
  it('keeps only the keys of the schema, at every depth, like zod', () => {
    const projected = compileProjection(list)([oneRacer]);
    expect(projected).toEqual(z.encode(list, [oneRacer]));
    expect(JSON.stringify(projected)).not.toContain('argon2');
    expect(JSON.stringify(projected)).not.toContain('secret');
    expect(JSON.stringify(projected)).not.toContain('hidden');
  });

  it('gives the same JSON as zod for any value zod accepts', () => {
    const arbitrary = fc.record({
      id: fc.integer(),
      fullName: fc.string(),
      birthYear: fc.option(fc.integer(), { nil: null }),
      club: fc.option(fc.string(), { nil: undefined }),
      sex: fc.constantFrom('F', 'M'),
      category: fc.option(fc.record({ id: fc.integer(), name: fc.string(), extra: fc.string() }), { nil: null }),
      tags: fc.array(fc.string(), { maxLength: 3 }),
      scores: fc.dictionary(fc.string({ minLength: 1 }), fc.record({ tops: fc.integer(), extra: fc.boolean() }), { maxKeys: 3 }),
      place: fc.tuple(fc.integer(), fc.option(fc.string(), { nil: null })),
      createdAt: fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }),
      email: fc.string(),
    });
    const checked = serialize(list, true);
    const fast = serialize(list, false);
    fc.assert(
      fc.property(fc.array(arbitrary, { maxLength: 4 }), (value) => {
        expect(fast(value)).toBe(JSON.stringify(z.encode(list, value)));
        expect(checked(value)).toBe(fast(value));
      }),
      { numRuns: 300 },
    );
  });

  it('hands what it does not compile to zod: unions of objects, loose objects, transforms', () => {
    const union = z.union([z.object({ kind: z.literal('a'), a: z.number() }), z.object({ kind: z.literal('b'), b: z.string() })]);
    const loose = z.looseObject({ id: z.number() });
    const withDefault = z.object({ count: z.number().default(0) });
    for (const [schema, value] of [
      [union, { kind: 'b', b: 'x', a: 1, c: 2 }],
      [loose, { id: 1, extra: 'kept' }],
      [withDefault, { count: 4, other: 1 }],
    ] as const) {
      expect(serialize(schema, false)(value)).toBe(JSON.stringify(z.encode(schema as z.ZodType, value)));
    }
  });

  it('under tests refuses a reply that does not fit its schema; in production it does not check', () => {
    const wrong = [{ ...oneRacer, birthYear: 'unknown' }];
    expect(() => serialize(list, true)(wrong)).toThrow(ReplySerializationError);
    expect(JSON.parse(serialize(list, false)(wrong))[0].birthYear).toBe('unknown');
  });
});
