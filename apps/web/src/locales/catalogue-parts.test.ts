import { describe, expect, it } from 'vitest';
import { cataloguePart } from './catalogue-parts';
import { CORE_GROUPS, JUDGE_GROUPS } from './core-groups';
import en from './en.json';
import sk from './sk.json';

describe('catalogue parts', () => {
  it.each([
    ['en', en],
    ['sk', sk],
  ] as const)('split the %s catalogue into the core groups, the judge groups and the rest, with nothing lost or doubled', (_language, catalogue) => {
    const core = cataloguePart(catalogue, 'core');
    const judge = cataloguePart(catalogue, 'judge');
    const more = cataloguePart(catalogue, 'more');
    expect(Object.keys(core).sort()).toEqual([...CORE_GROUPS].sort());
    expect(Object.keys(judge).sort()).toEqual([...JUDGE_GROUPS].sort());
    const groups = [...Object.keys(core), ...Object.keys(judge), ...Object.keys(more)];
    expect(groups.length).toBe(new Set(groups).size);
    expect({ ...core, ...judge, ...more }).toEqual(catalogue);
  });
});
