import { CORE_GROUPS } from './core-groups.ts';

export type CataloguePart = 'core' | 'more';

/** The top-level groups of a catalogue that belong to the part: the core ones, or all the others. */
export const cataloguePart = <T extends Record<string, unknown>>(catalogue: T, part: CataloguePart): Partial<T> =>
  Object.fromEntries(Object.entries(catalogue).filter(([group]) => CORE_GROUPS.has(group) === (part === 'core'))) as Partial<T>;
