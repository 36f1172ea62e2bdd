import { describe, expect, it } from 'vitest';
import { cataloguePart } from './catalogue-parts';
import { CORE_GROUPS } from './core-groups';
import en from './en.json';
import sk from './sk.json';

describe('catalogue parts', () => {
  it.each([
    ['en', en],
    ['sk', sk],
  ] as const)('split the %s catalogue into the core groups and the rest, with nothing lost or doubled', (_language, catalogue) => {
    const core = cataloguePart(catalogue, 'core');
    const more = cataloguePart(catalogue, 'more');
    expect(Object.keys(core).sort()).toEqual([...CORE_GROUPS].sort());
    expect(Object.keys(core).filter((group) => group in more)).toEqual([]);
    expect({ ...core, ...more }).toEqual(catalogue);
  });
});
