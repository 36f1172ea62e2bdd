import { describe, expect, it } from 'vitest';
import { speedRunsPerRacer, speedStageLayout } from './speed-runs.ts';

describe('speed runs per racer', () => {
  const worldCup = { type: 'WORLD_CUP', numberOfRoutes: 5, numberOfAttempts: 3 } as const;
  const nomination = { type: 'NOMINATION', numberOfRoutes: 2, numberOfAttempts: 2 } as const;

  it('gives the world-cup type 2 routes in qualification and 1 afterwards, ignoring the settings', () => {
    expect(speedRunsPerRacer(worldCup, 'QUALIFICATION')).toBe(2);
    expect(speedRunsPerRacer(worldCup, 'SEMIFINAL')).toBe(1);
    expect(speedRunsPerRacer(worldCup, 'FINAL')).toBe(1);
  });

  it('takes routes and attempts from the settings for the nomination type', () => {
    expect(speedStageLayout(nomination, 'QUALIFICATION')).toEqual({ routes: 2, attempts: 2 });
    expect(speedRunsPerRacer(nomination, 'FINAL')).toBe(4);
  });
});
