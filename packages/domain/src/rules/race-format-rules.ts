import type { Discipline, RaceFormat } from '../model/enums.ts';
import type { DisciplineSettings } from './race-settings.ts';

/** Field problems of a race's format parameters (spec 5: race format and format parameters valid, advancing count valid). */
export interface RaceFormatProblems {
  /** INVALID_RACE_FORMAT_PARAMETERS: a stage of the format has nothing to climb. */
  parameters: Record<string, string>;
  /** INVALID_ADVANCING_COUNT: the advancing quotas do not narrow stage by stage. */
  advancing: Record<string, string>;
}

const hasSemifinal = (format: RaceFormat): boolean => format === 'QUALIFICATION_SEMIFINAL_FINAL';
const hasFinal = (format: RaceFormat): boolean => format !== 'QUALIFICATION';

/**
 * Checks the settings of the race's discipline against its format: every stage the format has
 * needs at least one boulder or route, the semifinal takes at least one racer, and the final
 * quota must be smaller or equal than the semifinal one. Settings of stages the format does not
 * have are not checked (they are kept for a later format change).
 */
export const raceFormatProblems = (discipline: Discipline, format: RaceFormat, settings: DisciplineSettings): RaceFormatProblems => {
  const parameters: Record<string, string> = {};
  const advancing: Record<string, string> = {};
  const semifinal = hasSemifinal(format);
  const final = hasFinal(format);
  if (discipline === 'BOULDERING') {
    const value = settings.bouldering;
    if (!value) return { parameters: { bouldering: 'validation.required' }, advancing };
    if (value.numberOfQualificationBoulders < 1) parameters['bouldering.numberOfQualificationBoulders'] = 'validation.sizeBetween';
    if (semifinal && value.numberOfSemifinalBoulders < 1) parameters['bouldering.numberOfSemifinalBoulders'] = 'validation.sizeBetween';
    if (final && value.numberOfFinalBoulders < 1) parameters['bouldering.numberOfFinalBoulders'] = 'validation.sizeBetween';
  }
  if (discipline === 'LEAD') {
    const value = settings.lead;
    if (!value) return { parameters: { lead: 'validation.required' }, advancing };
    if (value.numberOfQualificationRoutes < 1) parameters['lead.numberOfQualificationRoutes'] = 'validation.sizeBetween';
  }
  if (discipline === 'SPEED') {
    const value = settings.speed;
    if (!value) return { parameters: { speed: 'validation.required' }, advancing };
    if (value.numberOfRoutes < 1) parameters['speed.numberOfRoutes'] = 'validation.sizeBetween';
    if (value.numberOfAttempts < 1) parameters['speed.numberOfAttempts'] = 'validation.sizeBetween';
    if (final && value.numberOfFinalRacers < 1) advancing['speed.numberOfFinalRacers'] = 'validation.sizeBetween';
    return { parameters, advancing };
  }
  const quotas = discipline === 'BOULDERING' ? settings.bouldering : settings.lead;
  const prefix = discipline === 'BOULDERING' ? 'bouldering' : 'lead';
  if (quotas && final && quotas.numberOfFinalRacers < 1) advancing[`${prefix}.numberOfFinalRacers`] = 'validation.sizeBetween';
  if (quotas && semifinal) {
    if (quotas.numberOfSemifinalRacers < 1) advancing[`${prefix}.numberOfSemifinalRacers`] = 'validation.sizeBetween';
    else if (quotas.numberOfFinalRacers > quotas.numberOfSemifinalRacers) advancing[`${prefix}.numberOfFinalRacers`] = 'validation.sizeBetween';
  }
  return { parameters, advancing };
};
