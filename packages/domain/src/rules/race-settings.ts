import type { Discipline, RaceFormat, ScoringType, SpeedType } from '../model/enums.ts';
import { DEFAULT_LEAD_STYLES, type LeadStyles } from './lead-styles.ts';

/** Advancing fields shared by bouldering and lead (spec section 3). */
export interface AdvancingSettings {
  numberOfSemifinalRacers: number;
  numberOfFinalRacers: number;
  minAdvancingMembersSemifinals: number;
  minAdvancingOrgCountrySemifinals: number;
  minAdvancingMembersFinals: number;
  minAdvancingOrgCountryFinals: number;
}

export interface BoulderingSettings extends AdvancingSettings {
  numberOfQualificationBoulders: number;
  numberOfSemifinalBoulders: number;
  numberOfFinalBoulders: number;
  raceFormat: RaceFormat;
  scoringType: ScoringType;
}

export interface LeadSettings extends AdvancingSettings, LeadStyles {
  numberOfQualificationRoutes: number;
  raceFormat: RaceFormat;
}

export interface SpeedSettings {
  type: SpeedType;
  numberOfRoutes: number;
  numberOfAttempts: number;
  numberOfFinalRacers: number;
  raceFormat: RaceFormat;
}

export interface DisciplineSettings {
  bouldering: BoulderingSettings | null;
  lead: LeadSettings | null;
  speed: SpeedSettings | null;
}

/*
 * The spec gives no values; these follow the current IFSC quotas (24 to the semifinal, 8 to the
 * final) and a two-stage format, the common shape of a club or national race.
 */
const ADVANCING_DEFAULTS: AdvancingSettings = {
  numberOfSemifinalRacers: 24,
  numberOfFinalRacers: 8,
  minAdvancingMembersSemifinals: 0,
  minAdvancingOrgCountrySemifinals: 0,
  minAdvancingMembersFinals: 0,
  minAdvancingOrgCountryFinals: 0,
};

export const defaultBoulderingSettings = (): BoulderingSettings => ({
  ...ADVANCING_DEFAULTS,
  numberOfQualificationBoulders: 5,
  numberOfSemifinalBoulders: 4,
  numberOfFinalBoulders: 4,
  raceFormat: 'QUALIFICATION_FINAL',
  scoringType: 'TOPS_ZONES',
});

export const defaultLeadSettings = (): LeadSettings => ({
  ...ADVANCING_DEFAULTS,
  numberOfQualificationRoutes: 2,
  raceFormat: 'QUALIFICATION_FINAL',
  ...DEFAULT_LEAD_STYLES,
});

export const defaultSpeedSettings = (): SpeedSettings => ({
  type: 'WORLD_CUP',
  numberOfRoutes: 2,
  numberOfAttempts: 1,
  numberOfFinalRacers: 16,
  raceFormat: 'QUALIFICATION_FINAL',
});

/** Only the chosen discipline carries settings; the others are null so no stale values linger. */
export const defaultDisciplineSettings = (discipline: Discipline): DisciplineSettings => ({
  bouldering: discipline === 'BOULDERING' ? defaultBoulderingSettings() : null,
  lead: discipline === 'LEAD' ? defaultLeadSettings() : null,
  speed: discipline === 'SPEED' ? defaultSpeedSettings() : null,
});
