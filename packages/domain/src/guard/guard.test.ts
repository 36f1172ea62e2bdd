import { describe, expect, expectTypeOf, it } from 'vitest';
import * as g from './guard.ts';

const ok = <T>(schema: g.Guard<T, boolean>, value: unknown): T => {
  const result = g.safeParse(schema, value);
  if (!result.success) throw new Error(`refused: ${result.error.message}`);
  return result.data;
};

const message = (schema: g.AnyGuard, value: unknown): string => {
  const result = g.safeParse(schema, value);
  if (result.success) throw new Error('accepted');
  return result.error.message;
};

describe('response guards', () => {
  it('check the simple values', () => {
    expect(ok(g.string(), 'a')).toBe('a');
    expect(ok(g.string(), '')).toBe('');
    expect(message(g.string(), 1)).toBe('expected string, received 1');
    expect(ok(g.string({ minLength: 1 }), 'x')).toBe('x');
    expect(message(g.string({ minLength: 1 }), '')).toBe('expected string of at least 1 characters, received ""');

    expect(ok(g.number(), 1.5)).toBe(1.5);
    expect(ok(g.number(), -3)).toBe(-3);
    for (const bad of [Number.NaN, Infinity, -Infinity, '1', null, undefined, true]) expect(g.safeParse(g.number(), bad).success).toBe(false);
    expect(ok(g.number({ integer: true }), 7)).toBe(7);
    expect(message(g.number({ integer: true }), 7.5)).toBe('expected integer, received 7.5');
    expect(g.safeParse(g.number({ integer: true }), 2 ** 53).success).toBe(false);
    expect(ok(g.number({ integer: true, min: 0 }), 0)).toBe(0);
    expect(message(g.number({ integer: true, min: 0 }), -1)).toBe('expected integer >= 0, received -1');

    expect(ok(g.boolean(), false)).toBe(false);
    expect(message(g.boolean(), 0)).toBe('expected boolean, received 0');

    const thing = { any: [1] };
    expect(ok(g.unknown(), thing)).toBe(thing);
    expect(ok(g.unknown(), undefined)).toBeUndefined();
  });

  it('check one of given strings', () => {
    const sex = g.oneOf(['M', 'F'] as const);
    expect(ok(sex, 'F')).toBe('F');
    expect(message(sex, 'X')).toBe('expected "M" | "F", received "X"');
    expect(message(sex, ['M'])).toBe('expected "M" | "F", received array');
    expectTypeOf<g.Infer<typeof sex>>().toEqualTypeOf<'M' | 'F'>();
  });

  it('keep only the declared keys of an object, in their order', () => {
    const schema = g.object({ b: g.number(), a: g.string() });
    const input = { a: 'x', extra: true, b: 1, nested: { deep: 1 } };
    const output = ok(schema, input);
    expect(output).toStrictEqual({ b: 1, a: 'x' });
    expect(Object.keys(output)).toEqual(['b', 'a']);
    expect(output).not.toBe(input);
    expect(message(schema, null)).toBe('expected object, received null');
    expect(message(schema, [])).toBe('expected object, received array');
    expect(message(schema, { a: 'x' })).toBe('b: expected number, received undefined');
  });

  it('refuse an absent key even when its guard takes any value', () => {
    const schema = g.object({ current: g.unknown() });
    expect(message(schema, {})).toBe('current: expected a value, received undefined');
    expect(ok(schema, { current: undefined })).toStrictEqual({ current: undefined });
  });

  it('leave an absent optional or nullish key absent, and keep one that is present', () => {
    const schema = g.object({ a: g.optional(g.number()), b: g.nullish(g.string()), c: g.nullable(g.number()) });
    expect(ok(schema, { c: null })).toStrictEqual({ c: null });
    expect(ok(schema, { a: undefined, b: null, c: 1 })).toStrictEqual({ a: undefined, b: null, c: 1 });
    expect(ok(schema, { a: 2, b: 'x', c: 1 })).toStrictEqual({ a: 2, b: 'x', c: 1 });
    expect(message(schema, { c: undefined })).toBe('c: expected number | null, received undefined');
    expect(message(schema, { c: 1, a: null })).toBe('a: expected number | undefined, received null');
    expectTypeOf<g.Infer<typeof schema>>().toEqualTypeOf<{ a?: number | undefined; b?: string | null | undefined; c: number | null }>();
  });

  it('fill in a default for an absent key or undefined, a fresh copy each time', () => {
    const schema = g.object({ flag: g.withDefault(g.boolean(), false), list: g.withDefault(g.array(g.number()), []), rank: g.withDefault(g.nullable(g.number()), null) });
    const first = ok(schema, {});
    expect(first).toStrictEqual({ flag: false, list: [], rank: null });
    first.list.push(1);
    expect(ok(schema, { flag: undefined }).list).toEqual([]);
    expect(ok(schema, { flag: true, list: [2], rank: 3 })).toStrictEqual({ flag: true, list: [2], rank: 3 });
    // The default stands in for undefined only: a wrong value is still refused.
    expect(message(schema, { flag: 'yes' })).toBe('flag: expected boolean, received "yes"');
    expectTypeOf<g.Infer<typeof schema>>().toEqualTypeOf<{ flag: boolean; list: number[]; rank: number | null }>();
  });

  it('use the fallback wherever the inner guard refuses, also for an absent key', () => {
    const gender = g.withFallback(g.oneOf(['MEN', 'WOMEN', 'MIXED'] as const), 'MIXED');
    expect(ok(gender, 'MEN')).toBe('MEN');
    expect(ok(gender, 'OTHER')).toBe('MIXED');
    const schema = g.object({ gender, settings: g.withFallback(g.nullish(g.object({ type: g.string() })), null) });
    expect(ok(schema, {})).toStrictEqual({ gender: 'MIXED' });
    expect(ok(schema, { gender: 'WOMEN', settings: { type: 1 } })).toStrictEqual({ gender: 'WOMEN', settings: null });
    expect(ok(schema, { settings: { type: 'A', extra: 1 } })).toStrictEqual({ gender: 'MIXED', settings: { type: 'A' } });
    expect(ok(schema, { settings: undefined })).toStrictEqual({ gender: 'MIXED', settings: undefined });
    expectTypeOf<g.Infer<typeof schema>>().toEqualTypeOf<{ gender: 'MEN' | 'WOMEN' | 'MIXED'; settings?: { type: string } | null | undefined }>();
  });

  it('check arrays, tuples and records item by item', () => {
    expect(ok(g.array(g.number()), [1, 2])).toEqual([1, 2]);
    expect(message(g.array(g.number()), [1, 'x'])).toBe('[1]: expected number, received "x"');
    expect(message(g.array(g.number()), { 0: 1 })).toBe('expected array, received object');

    const place = g.tuple([g.number({ integer: true }), g.nullable(g.string())]);
    expect(ok(place, [1, null])).toEqual([1, null]);
    expect(message(place, [1])).toBe('expected array of 2, received array');
    expect(message(place, [1, null, 3])).toBe('expected array of 2, received array');
    expect(message(place, [1.5, 'x'])).toBe('[0]: expected integer, received 1.5');
    expectTypeOf<g.Infer<typeof place>>().toEqualTypeOf<[number, string | null]>();

    const fields = g.record(g.object({ min: g.number() }));
    expect(ok(fields, { name: { min: 1, max: 2 }, city: { min: 0 } })).toStrictEqual({ name: { min: 1 }, city: { min: 0 } });
    expect(ok(fields, {})).toStrictEqual({});
    expect(message(fields, { name: { min: '1' } })).toBe('name.min: expected number, received "1"');
    expect(message(fields, [])).toBe('expected object, received array');
    expectTypeOf<g.Infer<typeof fields>>().toEqualTypeOf<Record<string, { min: number }>>();
  });

  it('does not let a __proto__ key of the input reach the output', () => {
    const output = ok(g.record(g.number()), JSON.parse('{"__proto__": 1, "a": 2}'));
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect(Object.keys(output)).toEqual(['a']);
  });

  it('take the first option of a union that accepts the value', () => {
    const id = g.union([g.number(), g.string()]);
    expect(ok(id, 3)).toBe(3);
    expect(ok(id, 'x')).toBe('x');
    expect(message(id, true)).toBe('expected number | string, received true');
    expectTypeOf<g.Infer<typeof id>>().toEqualTypeOf<number | string>();

    const first = g.union([g.object({ a: g.number() }), g.object({ b: g.number() })]);
    expect(ok(first, { a: 1, b: 2 })).toStrictEqual({ a: 1 });
    expect(ok(first, { b: 2 })).toStrictEqual({ b: 2 });
    // The option that got furthest names the problem.
    expect(message(g.union([g.string(), g.object({ list: g.array(g.number()) })]), { list: [1, null] })).toBe('list[1]: expected number, received null');
  });

  it('name the whole path of a nested problem', () => {
    const schema = g.object({ rows: g.array(g.object({ racer: g.object({ fullName: g.string() }), places: g.array(g.tuple([g.number(), g.number()])) })) });
    const row = { racer: { fullName: 'A' }, places: [[1, 2]] };
    expect(message(schema, { rows: [row, { ...row, racer: { fullName: null } }] })).toBe('rows[1].racer.fullName: expected string, received null');
    expect(message(schema, { rows: [{ ...row, places: [[1, 2], [3, 'x']] }] })).toBe('rows[0].places[1][1]: expected number, received "x"');
    const result = g.safeParse(schema, { rows: [{ ...row, racer: {} }] });
    expect(result).toEqual({ success: false, error: { message: 'rows[0].racer.fullName: expected string, received undefined', path: ['rows', 0, 'racer', 'fullName'], expected: 'string' } });
    expect(message(schema, { rows: [{ ...row, places: [['a'.repeat(60), 1]] }] })).toBe(`rows[0].places[0][0]: expected number, received "${'a'.repeat(40)}…"`);
  });

  it('offer safeParse on every guard too', () => {
    const schema = g.object({ id: g.number() });
    expect(schema.safeParse({ id: 1, x: 2 })).toEqual({ success: true, data: { id: 1 } });
    expect(schema.safeParse({ id: '1' })).toMatchObject({ success: false, error: { message: 'id: expected number, received "1"' } });
    expectTypeOf(schema.safeParse).returns.toEqualTypeOf<g.ParseResult<{ id: number }>>();
  });

  it('infer the output types of nested guards', () => {
    const schema = g.object({
      id: g.number(),
      stage: g.oneOf(['QUALIFICATION', 'FINAL'] as const),
      rows: g.array(g.object({ tops: g.nullable(g.number()), falls: g.optional(g.nullable(g.number())) })),
      ageCategory: g.withDefault(g.nullable(g.object({ name: g.string() })), null),
      extra: g.optional(g.unknown()),
    });
    expect(ok(schema, { id: 1, stage: 'FINAL', rows: [{ tops: null }] })).toStrictEqual({ id: 1, stage: 'FINAL', rows: [{ tops: null }], ageCategory: null });
    expectTypeOf<g.Infer<typeof schema>>().toEqualTypeOf<{
      id: number;
      stage: 'QUALIFICATION' | 'FINAL';
      rows: { tops: number | null; falls?: number | null | undefined }[];
      ageCategory: { name: string } | null;
      extra?: unknown;
    }>();
  });
});
