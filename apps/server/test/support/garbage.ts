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
