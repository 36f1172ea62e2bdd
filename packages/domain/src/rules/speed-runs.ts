import type { Stage } from '../model/enums.ts';
import type { SpeedSettings } from './race-settings.ts';

export interface SpeedStageLayout {
  routes: number;
  attempts: number;
}

/**
 * World-cup type: both lanes in qualification, one run per heat afterwards (spec section 9).
 * Nomination type: routes and attempts come from the settings, in every stage.
 */
export const speedStageLayout = (settings: Pick<SpeedSettings, 'type' | 'numberOfRoutes' | 'numberOfAttempts'>, stage: Stage): SpeedStageLayout => {
  if (settings.type === 'WORLD_CUP') return { routes: stage === 'QUALIFICATION' ? 2 : 1, attempts: 1 };
  return { routes: settings.numberOfRoutes, attempts: settings.numberOfAttempts };
};

/** Runs (speed route entries) each racer gets in the stage: routes × attempts. */
export const speedRunsPerRacer = (settings: Pick<SpeedSettings, 'type' | 'numberOfRoutes' | 'numberOfAttempts'>, stage: Stage): number => {
  const layout = speedStageLayout(settings, stage);
  return layout.routes * layout.attempts;
};
