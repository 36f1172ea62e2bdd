/*
 * Response guards: checks what the web app reads from the API and the live stream, and hands on
 * only what it declared. Every page of the web app loads them, so they are a few hundred bytes of
 * our own instead of zod's core (issue 14); the organiser's forms still use zod.
 *
 * The rules follow zod's for the same schemas, so a guard accepts, refuses and outputs exactly what
 * the zod/mini schema it replaced did (guard.test.ts checks the two side by side):
 * - objects drop the keys they do not declare; a key the input lacks is refused, unless its guard
 *   is optional/nullish (the key stays absent), has a default or a fallback (the key gets it);
 * - numbers are finite; `integer` means a safe integer; enums compare strings exactly;
 * - a union takes the first option that accepts the value.
 * Parsing stops at the first problem; the message names where it is and what was expected there.
 */

/** Why a value was refused: where (`rows[2].racer.fullName`), what was expected and what came. */
export interface GuardError {
  message: string;
  path: (string | number)[];
  expected: string;
}

export type ParseResult<T> = { success: true; data: T } | { success: false; error: GuardError };

/** Where a refusal is collected while the value is walked. */
interface Issue {
  path: (string | number)[];
  expected: string;
  value: unknown;
}

const FAIL: unique symbol = Symbol('refused');
type Fail = typeof FAIL;

/** What an object does with one of its keys when the input lacks it. */
type Absent = 'refuse' | 'omit' | 'parse';

declare const optionalKey: unique symbol;

/**
 * Checks a value of type `T`. `Optional` (type only) says whether an object's key of this guard
 * may be absent from its output, as with zod's `optional`.
 */
export interface Guard<T, Optional extends boolean = false> {
  /** What the guard accepts, for messages: `number`, `"MEN" | "WOMEN"`, `object`. */
  readonly expected: string;
  /** The key of this guard in an object lacks from the input: refused, left absent, or parsed as `undefined`. */
  readonly absent: Absent;
  /** The checked value, or FAIL with the problem written into `issue`. */
  readonly run: (value: unknown, issue: Issue) => T | Fail;
  readonly safeParse: (value: unknown) => ParseResult<T>;
  readonly [optionalKey]?: Optional;
}

/** Any guard, optional or not. */
export type AnyGuard = Guard<unknown, boolean>;

/** The type a guard outputs. */
export type Infer<G> = G extends Guard<infer T, boolean> ? T : never;

type Shape = Readonly<Record<string, AnyGuard>>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K] extends Guard<unknown, true> ? K : never }[keyof S];
type Flatten<T> = { [K in keyof T]: T[K] } & {};
/** An object's output: the declared keys, optional where their guard is. */
export type ObjectOutput<S extends Shape> = Flatten<
  { -readonly [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & { -readonly [K in OptionalKeys<S>]?: Infer<S[K]> }
>;

const make = <T, O extends boolean = false>(expected: string, run: Guard<T>['run'], absent: Absent = 'refuse'): Guard<T, O> => {
  const self: Guard<T, O> = { expected, absent, run, safeParse: (value) => safeParse(self, value) };
  return self;
};

const refuse = (issue: Issue, expected: string, value: unknown): Fail => {
  issue.path = [];
  issue.expected = expected;
  issue.value = value;
  return FAIL;
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A default or fallback value, copied so that no two parses share one array or object. */
const fresh = <T>(value: T): T => (Array.isArray(value) ? ([...value] as T) : isObject(value) ? { ...value } : value);

const received = (value: unknown): string => {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value;
};

const pathText = (path: readonly (string | number)[]): string =>
  path.map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`)).join('');

/** Checks `value` against `schema`: its output (unknown keys dropped, defaults filled in) or why it was refused. */
export function safeParse<T>(schema: Guard<T, boolean>, value: unknown): ParseResult<T> {
  const issue: Issue = { path: [], expected: '', value: undefined };
  const data = schema.run(value, issue);
  if (data !== FAIL) return { success: true, data };
  const where = issue.path.length > 0 ? `${pathText(issue.path)}: ` : '';
  return { success: false, error: { message: `${where}expected ${issue.expected}, received ${received(issue.value)}`, path: issue.path, expected: issue.expected } };
}

export const string = (check: { minLength?: number } = {}): Guard<string> => {
  const min = check.minLength ?? 0;
  const expected = min > 0 ? `string of at least ${min} characters` : 'string';
  return make(expected, (value, issue) => (typeof value === 'string' && value.length >= min ? value : refuse(issue, expected, value)));
};

/** A finite number; `integer`: a safe integer; `min`: at least this. */
export const number = (check: { integer?: boolean; min?: number } = {}): Guard<number> => {
  const { integer = false, min = -Infinity } = check;
  const expected = `${integer ? 'integer' : 'number'}${min > -Infinity ? ` >= ${min}` : ''}`;
  return make(expected, (value, issue) =>
    typeof value === 'number' && Number.isFinite(value) && (!integer || Number.isSafeInteger(value)) && value >= min ? value : refuse(issue, expected, value),
  );
};

export const boolean = (): Guard<boolean> => make('boolean', (value, issue) => (typeof value === 'boolean' ? value : refuse(issue, 'boolean', value)));

/** Anything, handed on as it is (an object's key of it must still be present, as with zod). */
export const unknown = (): Guard<unknown> => make('a value', (value) => value);

/** One of the given strings (zod's `enum`). */
export const oneOf = <const T extends readonly string[]>(values: T): Guard<T[number]> => {
  const expected = values.map((value) => JSON.stringify(value)).join(' | ');
  return make(expected, (value, issue) => (values.includes(value as string) ? (value as T[number]) : refuse(issue, expected, value)));
};

export const object = <S extends Shape>(shape: S): Guard<ObjectOutput<S>> => {
  const keys = Object.keys(shape);
  return make('object', (value, issue) => {
    if (!isObject(value)) return refuse(issue, 'object', value);
    const output: Record<string, unknown> = {};
    for (const key of keys) {
      const guard = shape[key] as AnyGuard;
      const present = key in value;
      if (!present && guard.absent !== 'parse') {
        if (guard.absent === 'omit') continue;
        refuse(issue, guard.expected, undefined);
        issue.path.unshift(key);
        return FAIL;
      }
      const item = guard.run(value[key], issue);
      if (item === FAIL) {
        issue.path.unshift(key);
        return FAIL;
      }
      if (present || item !== undefined) output[key] = item;
    }
    return output as ObjectOutput<S>;
  });
};

export const array = <T>(item: Guard<T, boolean>): Guard<T[]> =>
  make('array', (value, issue) => {
    if (!Array.isArray(value)) return refuse(issue, 'array', value);
    const output: T[] = [];
    for (let index = 0; index < value.length; index++) {
      const parsed = item.run(value[index], issue);
      if (parsed === FAIL) {
        issue.path.unshift(index);
        return FAIL;
      }
      output.push(parsed);
    }
    return output;
  });

/** An array of exactly these items. */
export const tuple = <const G extends readonly AnyGuard[]>(items: G): Guard<{ -readonly [K in keyof G]: Infer<G[K]> }> => {
  const expected = `array of ${items.length}`;
  return make(expected, (value, issue) => {
    if (!Array.isArray(value) || value.length !== items.length) return refuse(issue, expected, value);
    const output: unknown[] = [];
    for (const [index, guard] of items.entries()) {
      const parsed = guard.run(value[index], issue);
      if (parsed === FAIL) {
        issue.path.unshift(index);
        return FAIL;
      }
      output.push(parsed);
    }
    return output as { -readonly [K in keyof G]: Infer<G[K]> };
  });
};

/** An object of any string keys, each value checked by `item` (zod's `record(string(), item)`). */
export const record = <T>(item: Guard<T, boolean>): Guard<Record<string, T>> =>
  make('object', (value, issue) => {
    if (!isObject(value)) return refuse(issue, 'object', value);
    const output: Record<string, T> = {};
    for (const key of Object.keys(value)) {
      if (key === '__proto__') continue;
      const parsed = item.run(value[key], issue);
      if (parsed === FAIL) {
        issue.path.unshift(key);
        return FAIL;
      }
      output[key] = parsed;
    }
    return output;
  });

/** The first option that accepts the value. Options must not be optional. */
export const union = <const G extends readonly AnyGuard[]>(options: G): Guard<Infer<G[number]>> => {
  const expected = options.map((option) => option.expected).join(' | ');
  return make(expected, (value, issue) => {
    let nearest: Issue | null = null;
    for (const option of options) {
      const tried: Issue = { path: [], expected: '', value: undefined };
      const parsed = option.run(value, tried);
      if (parsed !== FAIL) return parsed as Infer<G[number]>;
      if (tried.path.length > (nearest?.path.length ?? 0)) nearest = tried;
    }
    // An option refused only deep inside is what was meant: its problem is the telling one.
    if (nearest === null) return refuse(issue, expected, value);
    Object.assign(issue, nearest);
    return FAIL;
  });
};

/** `inner`, or also the values `passes` lets through as they are. */
const widen = <T>(inner: AnyGuard, also: string, passes: (value: unknown) => boolean, absent: Absent) => {
  const expected = `${inner.expected} | ${also}`;
  return make<T, boolean>(
    expected,
    (value, issue) => {
      if (passes(value)) return value as T;
      const parsed = inner.run(value, issue);
      // Refused right here rather than deep inside: the value may be null (undefined) too.
      if (parsed === FAIL && issue.path.length === 0) issue.expected = expected;
      return parsed as T | Fail;
    },
    absent,
  );
};

export const nullable = <T, O extends boolean>(inner: Guard<T, O>): Guard<T | null, O> =>
  widen<T | null>(inner, 'null', (value) => value === null, inner.absent) as Guard<T | null, O>;

/** `undefined` too; an object's key of it may be absent. */
export const optional = <T>(inner: Guard<T, boolean>): Guard<T | undefined, true> =>
  widen<T | undefined>(inner, 'undefined', (value) => value === undefined, 'omit') as Guard<T | undefined, true>;

/** `null` and `undefined` too; an object's key of it may be absent. */
export const nullish = <T>(inner: Guard<T, boolean>): Guard<T | null | undefined, true> =>
  widen<T | null | undefined>(inner, 'null | undefined', (value) => value === null || value === undefined, 'omit') as Guard<T | null | undefined, true>;

/** `value` when the input is `undefined` (or the key absent), as zod's `default`; else `inner`. */
export const withDefault = <T>(inner: Guard<T, boolean>, value: NoInfer<T>): Guard<T> =>
  make(inner.expected, (input, issue) => (input === undefined ? fresh(value) : inner.run(input, issue)), 'parse');

/** `value` whenever `inner` refuses the input, as zod's `catch`. */
export const withFallback = <T, O extends boolean>(inner: Guard<T, O>, value: NoInfer<T>): Guard<T, O> =>
  make(
    inner.expected,
    (input) => {
      const parsed = inner.run(input, { path: [], expected: '', value: undefined });
      return parsed === FAIL ? fresh(value) : parsed;
    },
    inner.absent === 'omit' ? 'omit' : 'parse',
  );
