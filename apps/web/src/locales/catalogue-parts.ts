import { CORE_GROUPS, JUDGE_GROUPS } from './core-groups.ts';

/** `core`: every page; `judge`: the scorecard's own groups; `more`: all the others. */
export type CataloguePart = 'core' | 'judge' | 'more';

/** The part a top-level group of a catalogue belongs to. */
export const partOfGroup = (group: string): CataloguePart => (CORE_GROUPS.has(group) ? 'core' : JUDGE_GROUPS.has(group) ? 'judge' : 'more');

/** The top-level groups of a catalogue that belong to the part. */
export const cataloguePart = <T extends Record<string, unknown>>(catalogue: T, part: CataloguePart): Partial<T> =>
  Object.fromEntries(Object.entries(catalogue).filter(([group]) => partOfGroup(group) === part)) as Partial<T>;
