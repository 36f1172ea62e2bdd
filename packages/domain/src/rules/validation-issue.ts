import { DISCIPLINES } from '../model/enums.ts';
import { VALIDATION_MESSAGE_KEYS, type ValidationMessageKey } from './validation-messages.ts';

/** The values a message names: the broken limit (`count`, `min`, `max`, `date`), the allowed options. */
export type ValidationParams = Record<string, string | number>;

/** A translatable validation message: a catalogue key and the limit it broke. */
export interface ValidationMessage {
  key: ValidationMessageKey;
  params?: ValidationParams;
}

/**
 * What we read of a zod issue. The server gets zod's issues re-shaped by fastify-type-provider-zod
 * (`keyword` + `params`), the web gets them as they are; both pass `{ code, message, ...fields }`.
 */
export interface ValidationIssue {
  code?: string;
  message?: string;
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: boolean;
  exact?: boolean;
  expected?: string;
  format?: string;
  values?: readonly unknown[];
  divisor?: unknown;
  keys?: readonly string[];
  params?: Record<string, unknown>;
  /** invalid_key / invalid_element: the issues of the key or value inside. */
  issues?: readonly ValidationIssue[];
}

const KNOWN_KEYS: ReadonlySet<string> = new Set(VALIDATION_MESSAGE_KEYS);
export const isValidationMessageKey = (value: unknown): value is ValidationMessageKey => typeof value === 'string' && KNOWN_KEYS.has(value);

/** Keys a schema may set that say less than the issue itself (no limit): the issue's kind decides instead. */
const VAGUE_KEYS: ReadonlySet<string> = new Set(['validation.maxSize', 'validation.sizeBetween', 'validation.invalid']);

const asLimit = (value: unknown, origin?: string): number | string => {
  // zod keeps a date bound as epoch milliseconds.
  if (origin === 'date' && typeof value === 'number') return new Date(value).toISOString().slice(0, 10);
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
};

const COUNTED = { string: ['tooLong', 'tooShort', 'exactLength'], array: ['tooManyItems', 'tooFewItems', 'exactItems'], set: ['tooManyItems', 'tooFewItems', 'exactItems'] } as const;

function sizeMessage(issue: ValidationIssue, bound: 'max' | 'min'): ValidationMessage {
  const origin = issue.origin ?? 'number';
  const limit = asLimit(bound === 'max' ? issue.maximum : issue.minimum, origin);
  const counted = COUNTED[origin as keyof typeof COUNTED];
  if (counted) {
    const [tooMany, tooFew, exact] = counted;
    const count = typeof limit === 'number' ? limit : Number(limit);
    if (issue.exact) return { key: `validation.${exact}`, params: { count } };
    // An exclusive bound on a count is the next whole number inclusive.
    if (bound === 'max') return { key: `validation.${tooMany}`, params: { count: issue.inclusive === false ? count - 1 : count } };
    if (origin === 'string' && count <= 1 && issue.inclusive !== false) return { key: 'validation.notEmpty' };
    return { key: `validation.${tooFew}`, params: { count: issue.inclusive === false ? count + 1 : count } };
  }
  if (origin === 'date') return { key: bound === 'max' ? 'validation.dateTooLate' : 'validation.dateTooEarly', params: { date: limit } };
  if (origin === 'file') return { key: 'validation.fileTooLarge' };
  if (bound === 'max') return { key: issue.inclusive === false ? 'validation.tooLargeExclusive' : 'validation.tooLarge', params: { max: limit } };
  return { key: issue.inclusive === false ? 'validation.tooSmallExclusive' : 'validation.tooSmall', params: { min: limit } };
}

const EXPECTED: Record<string, ValidationMessageKey> = {
  number: 'validation.expectedNumber',
  bigint: 'validation.expectedInteger',
  int: 'validation.expectedInteger',
  nan: 'validation.expectedNumber',
  string: 'validation.expectedText',
  boolean: 'validation.expectedBoolean',
  array: 'validation.expectedList',
  tuple: 'validation.expectedList',
  set: 'validation.expectedList',
  object: 'validation.expectedObject',
  record: 'validation.expectedObject',
  map: 'validation.expectedObject',
  date: 'validation.expectedDate',
};

const FORMATS: Record<string, ValidationMessageKey> = {
  email: 'validation.invalidEmail',
  url: 'validation.invalidUrl',
  date: 'validation.invalidDate',
  datetime: 'validation.invalidDate',
  time: 'validation.invalidDate',
  duration: 'validation.invalidFormat',
};

const isDisciplineList = (values: readonly unknown[]): boolean =>
  values.length === DISCIPLINES.length && DISCIPLINES.every((discipline) => values.includes(discipline));

/**
 * The message of any zod issue: every kind maps to a catalogue key with the limit it broke, and
 * nothing else (zod's own English text) can come out. `missing` = the value was not sent at all.
 */
export function validationMessageForIssue(issue: ValidationIssue, options: { missing?: boolean } = {}): ValidationMessage {
  // Whatever the schema expected, a value that was not sent at all is "must be filled".
  if (options.missing) return { key: 'validation.required' };
  const ownKey = isValidationMessageKey(issue.message) && !VAGUE_KEYS.has(issue.message) ? issue.message : null;
  // A value not sent at all is "required", whatever kind of value was expected (a missing enum is an invalid_value).
  if (options.missing) return { key: 'validation.required' };
  switch (issue.code) {
    case 'too_big':
    case 'too_small': {
      const computed = sizeMessage(issue, issue.code === 'too_big' ? 'max' : 'min');
      // A schema's own specific key (passwordTooShort, notEmpty) wins, still with the limit.
      return ownKey ? { key: ownKey, params: computed.params ?? {} } : computed;
    }
    case 'invalid_type':
      if (issue.expected === 'nonoptional') return { key: 'validation.required' };
      return { key: ownKey ?? EXPECTED[issue.expected ?? ''] ?? 'validation.invalid' };
    case 'invalid_value': {
      if (ownKey) return { key: ownKey };
      const values = issue.values ?? [];
      if (isDisciplineList(values)) return { key: 'validation.invalidDiscipline' };
      return { key: 'validation.invalidOption', params: { options: values.map(String).join(', ') } };
    }
    case 'invalid_format':
      return { key: ownKey ?? FORMATS[issue.format ?? ''] ?? 'validation.invalidFormat' };
    case 'not_multiple_of':
      return { key: 'validation.notMultipleOf', params: { divisor: asLimit(issue.divisor) } };
    case 'unrecognized_keys':
      return { key: 'validation.unknownField', params: { keys: (issue.keys ?? []).join(', ') } };
    case 'custom': {
      const params = Object.fromEntries(
        Object.entries(issue.params ?? {}).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number'),
      );
      return ownKey ? (Object.keys(params).length > 0 ? { key: ownKey, params } : { key: ownKey }) : { key: 'validation.invalid' };
    }
    case 'invalid_key':
    case 'invalid_element': {
      // The key's or value's own issue says what is wrong (and its limit).
      const inner = issue.issues?.[0];
      return ownKey ? { key: ownKey } : inner ? validationMessageForIssue(inner) : { key: 'validation.invalid' };
    }
    default:
      // invalid_union (which of its options was meant is unknowable) and any kind a later zod adds.
      return { key: ownKey ?? 'validation.invalid' };
  }
}

/**
 * A message as one string (a form error is a string): `validation.tooLong?count=100`. The web
 * decodes it at render, so a language switch re-translates errors already shown.
 */
export function encodeValidationMessage(message: ValidationMessage): string {
  const entries = Object.entries(message.params ?? {});
  if (entries.length === 0) return message.key;
  return `${message.key}?${entries.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`).join('&')}`;
}

/** The key and params of an encoded message; anything that is not one of ours is "invalid", never shown raw. */
export function decodeValidationMessage(encoded: string, params?: ValidationParams): ValidationMessage {
  const [key = '', query] = encoded.split('?', 2);
  if (!isValidationMessageKey(key)) return { key: 'validation.invalid' };
  const decoded: ValidationParams = { ...params };
  for (const pair of query ? query.split('&') : []) {
    const [name = '', value = ''] = pair.split('=', 2).map((part) => decodeURIComponent(part));
    decoded[name] = value !== '' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  }
  return Object.keys(decoded).length > 0 ? { key, params: decoded } : { key };
}
