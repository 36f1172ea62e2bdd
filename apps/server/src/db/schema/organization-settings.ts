import type { CupType, Discipline, RaceFormat, RaceGender, StartingNumberOrder } from '@climbing/domain';
import type { BoulderingSettings, LeadSettings, SpeedSettings } from './race-settings.ts';

/**
 * An organization's global race settings: defaults copied into every new race of that
 * organization. Every field is optional; a missing one falls back to the spec's defaults.
 */
export interface GlobalRaceSettings {
  raceGender?: RaceGender;
  raceFormat?: RaceFormat;
  maxRacersCount?: number;
  startingNumberOrder?: StartingNumberOrder;
  bouldering?: Partial<BoulderingSettings>;
  lead?: Partial<LeadSettings>;
  speed?: Partial<SpeedSettings>;
}

/** An organization's global cup settings: defaults copied into every new cup. */
export interface GlobalCupSettings {
  type?: CupType;
  disciplines?: Discipline[];
  openCup?: boolean;
  isPublic?: boolean;
  /** Best N results counted; null counts all. */
  maxCountedResults?: number | null;
  oneResultFromAllDisciplines?: boolean;
  raceLevelTieBreak?: boolean;
}
