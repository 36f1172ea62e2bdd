import { ERROR_CATALOGUE, isValidationMessageKey } from '@climbing/domain';

/** Strings that break naive SQL, HTML, templates or size limits. */
export const GARBAGE_FRAGMENTS = ["' OR 1=1 --", '<script>alert(1)</script>', '"; DROP TABLE users; --', '\u0000', '%_\\', '${7*7}', 'x'.repeat(100_000)];

/**
 * Bodies no route should accept: empty, non-objects, broken JSON, and objects whose every named
 * field holds the wrong kind of value (operators, arrays, huge and negative numbers, the fragments).
 * `specific` adds bodies aimed at one area's rules.
 */
export const garbageBodies = (fields: readonly string[], specific: readonly string[] = []): string[] => {
  const every = (value: unknown) => JSON.stringify(Object.fromEntries(fields.map((field) => [field, value])));
  return ['', 'null', '[]', '"text"', '42', '{"a":', every({ $gt: '' }), every([1, 'x', null]), every(1e308), every(-1), ...specific, ...GARBAGE_FRAGMENTS.map(every)];
};

/**
 * What of an error answer could reach a user untranslated: a field message that is not a
 * validation catalogue key (zod's English text), or a top-level message that is not the catalogue's.
 */
export const rawErrorTexts = (body: string): string[] => {
  let parsed: { error?: { code?: string; message?: string; fields?: Record<string, unknown> } };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    return [`not JSON: ${body.slice(0, 80)}`];
  }
  const error = parsed.error;
  if (!error) return [];
  const known = error.code !== undefined && error.code in ERROR_CATALOGUE ? ERROR_CATALOGUE[error.code as keyof typeof ERROR_CATALOGUE] : undefined;
  const problems = known && (error.message === known.en || error.message === known.sk) ? [] : [`${error.code}: ${error.message}`];
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    // A field names a validation key or, for a rule of the catalogue (EMAIL_ALREADY_IN_USE), its code.
    if (!isValidationMessageKey(message) && !(typeof message === 'string' && message in ERROR_CATALOGUE)) problems.push(`${field}: ${String(message)}`);
  }
  return problems;
};
