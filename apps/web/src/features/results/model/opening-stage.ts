import { shownStageOf, type RaceState, type Stage } from '@climbing/domain';
import type { ResultRow } from '../api/results';

/**
 * The stage the results page opens on when none is chosen: the one a spectator wants, the stage
 * the race is in, the last once it is finished (the domain's `shownStageOf`, as the scorecard
 * opens), unless nobody has a result in it yet (a final about to start, a speed race finished on
 * its qualification ranking): then the latest stage with a result. Null when nothing tells (the
 * page's first tab then).
 */
export const openingStage = (raceState: RaceState | null, stages: readonly Stage[], rowsByStage: Partial<Record<Stage, readonly ResultRow[]>>): Stage | null => {
  const climbed = (stage: Stage) => rowsByStage[stage]?.some((row) => !row.empty) ?? false;
  const shown = raceState ? shownStageOf(raceState, stages) : null;
  if (shown && climbed(shown)) return shown;
  return [...stages].reverse().find(climbed) ?? shown;
};
