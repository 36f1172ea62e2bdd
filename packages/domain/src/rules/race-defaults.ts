import type { Discipline, RaceFormat, RaceGender, RaceState } from '../model/enums.ts';
import { yearOf, type IsoDate } from './iso-date.ts';
import { defaultDisciplineSettings, type DisciplineSettings } from './race-settings.ts';

export interface NewRaceDefaults extends DisciplineSettings {
  name: string;
  description: string;
  raceGender: RaceGender;
  discipline: Discipline;
  state: RaceState;
  maxRacersCount: number;
  seasonYear: number;
  raceFormat: RaceFormat;
}

/** Spec section 9: mixed, bouldering, hidden, maxRacersCount 0 (no limit), season of today's year. */
export const newRaceDefaults = (today: IsoDate | Date): NewRaceDefaults => {
  const settings = defaultDisciplineSettings('BOULDERING');
  return {
    name: '',
    description: '',
    raceGender: 'MIXED',
    discipline: 'BOULDERING',
    state: 'HIDDEN',
    maxRacersCount: 0,
    seasonYear: yearOf(today),
    raceFormat: settings.bouldering?.raceFormat ?? 'QUALIFICATION_FINAL',
    ...settings,
  };
};

/** Id 0 tells the server "create": a duplicate must never overwrite the original or its groups. */
export const duplicateRace = <Race extends { id: number; qualificationGroups?: readonly { id: number }[] | null }>(race: Race): Race => ({
  ...race,
  id: 0,
  ...(race.qualificationGroups ? { qualificationGroups: race.qualificationGroups.map((group) => ({ ...group, id: 0 })) } : {}),
});

type DisciplineRace = Partial<DisciplineSettings> & { discipline: Discipline; raceFormat?: RaceFormat };

/**
 * Switching discipline replaces all discipline-specific settings with the new discipline's
 * defaults (and the race format with theirs): bouldering counts make no sense for a speed race.
 * The same discipline returns the race unchanged.
 */
export const changeDiscipline = <Race extends DisciplineRace>(race: Race, discipline: Discipline): Race => {
  if (race.discipline === discipline) return race;
  const settings = defaultDisciplineSettings(discipline);
  const format = settings.bouldering?.raceFormat ?? settings.lead?.raceFormat ?? settings.speed?.raceFormat;
  return { ...race, discipline, ...settings, ...(format ? { raceFormat: format } : {}) };
};
