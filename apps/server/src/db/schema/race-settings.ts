import type { LeadStyles, RaceFormat, ScoringType, SpeedType } from '@climbing/domain';

/**
 * Discipline settings of a race (spec 3), stored as typed jsonb on `races`. They are always read
 * and written together with their race, never filtered on, and are validated by zod at the edge,
 * so three 1:1 tables would add joins without adding any constraint worth having.
 */
export interface BoulderingSettings {
  numberOfQualificationBoulders: number;
  numberOfSemifinalBoulders: number;
  numberOfFinalBoulders: number;
  numberOfSemifinalRacers: number;
  numberOfFinalRacers: number;
  minAdvancingMembersFinals: number;
  minAdvancingOrgCountryFinals: number;
  minAdvancingMembersSemifinals: number;
  minAdvancingOrgCountrySemifinals: number;
  raceFormat: RaceFormat;
  scoringType: ScoringType;
}

/** The styles are filled in for races saved before they existed by migration 0001. */
export interface LeadSettings extends LeadStyles {
  numberOfQualificationRoutes: number;
  numberOfSemifinalRacers: number;
  numberOfFinalRacers: number;
  minAdvancingMembersFinals: number;
  minAdvancingOrgCountryFinals: number;
  minAdvancingMembersSemifinals: number;
  minAdvancingOrgCountrySemifinals: number;
  raceFormat: RaceFormat;
}

export interface SpeedSettings {
  type: SpeedType;
  numberOfRoutes: number;
  numberOfAttempts: number;
  numberOfFinalRacers: number;
  raceFormat: RaceFormat;
}
