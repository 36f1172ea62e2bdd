import { parseIdParam } from '../../../lib/race-info';

export const MIN_ROTATE_SECONDS = 5;

/** The race ids of a comma-separated address parameter (`races`), invalid parts left out. */
export const idsOf = (value: string | null): number[] =>
  (value ?? '')
    .split(',')
    .map((part) => parseIdParam(part.trim()))
    .filter((id): id is number => id !== null);
