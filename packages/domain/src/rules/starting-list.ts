import type { StartingNumberOrder } from '../model/enums.ts';

export interface StartingListEntry {
  /** A stable identity (the registration id): the shuffle input is sorted by it, so the stored seed alone decides the order. */
  id: number;
  racerNumber: number;
}

/** mulberry32: a tiny, well-spread 32-bit PRNG; the same seed always gives the same sequence. */
const seededRandom = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
};

/** Mixes the race's stored seed with a group id, so the groups of one race are shuffled independently. */
export const groupSeed = (seed: number, groupId: number): number => (Math.imul(seed ^ 0x9e3779b9, 31) + groupId) >>> 0;

/**
 * The starting order of one qualification group. BY_RACER_NUMBER sorts by racer number; RANDOM is
 * a Fisher-Yates shuffle driven by the seed, so a reprint with the same seed gives the same list
 * (spec: starting-number generation RANDOM or BY_RACER_NUMBER). Pure: the caller stores the seed.
 */
export const startingOrder = <Entry extends StartingListEntry>(entries: readonly Entry[], order: StartingNumberOrder, seed: number): Entry[] => {
  const sorted = [...entries].sort((a, b) => (order === 'BY_RACER_NUMBER' ? a.racerNumber - b.racerNumber || a.id - b.id : a.id - b.id));
  if (order === 'BY_RACER_NUMBER') return sorted;
  const random = seededRandom(seed);
  for (let index = sorted.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [sorted[index], sorted[other]] = [sorted[other] as Entry, sorted[index] as Entry];
  }
  return sorted;
};
