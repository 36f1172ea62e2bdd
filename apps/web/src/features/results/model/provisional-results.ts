import { RACE_STATES, isStageClosed, type RaceState, type Stage } from '@climbing/domain';

/**
 * Whether printed results may still change: a stage the race has not moved past yet, or the overall
 * ranking of a race not finished. An unknown race state (race details unreadable) is not marked.
 */
export const resultsAreProvisional = (raceState: string | null | undefined, shown: Stage | 'OVERALL'): boolean => {
  if (!raceState || !(RACE_STATES as readonly string[]).includes(raceState)) return false;
  const state = raceState as RaceState;
  return shown === 'OVERALL' ? state !== 'FINISHED' : !isStageClosed(state, shown);
};
