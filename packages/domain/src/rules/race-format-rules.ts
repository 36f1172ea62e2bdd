import type { Discipline, RaceFormat } from '../model/enums.ts';
import type { DisciplineSettings } from './race-settings.ts';

/** Field problems of a race's format parameters (spec 5: race format and format parameters valid, advancing count valid). */
export interface RaceFormatProblems {
  /** INVALID_RACE_FORMAT_PARAMETERS: a stage of the format has nothing to climb. */
  parameters: Record<string, string>;
  /** INVALID_ADVANCING_COUNT: the advancing quotas do not narrow stage by stage. */
  advancing: Record<string, string>;
  /** The limit each of those messages names (`{ min: 1 }`, `{ max: <semifinal quota> }`). */
  params: Record<string, Record<string, number>>;
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
  const params: Record<string, Record<string, number>> = {};
  // Every stage of the format needs at least one boulder, route, run or racer.
  const atLeastOne = (target: Record<string, string>, field: string) => {
    target[field] = 'validation.tooSmall';
    params[field] = { min: 1 };
  };
  const semifinal = hasSemifinal(format);
  const final = hasFinal(format);
  if (discipline === 'BOULDERING') {
    const value = settings.bouldering;
    if (!value) return { parameters: { bouldering: 'validation.required' }, advancing, params };
    if (value.numberOfQualificationBoulders < 1) atLeastOne(parameters, 'bouldering.numberOfQualificationBoulders');
    if (semifinal && value.numberOfSemifinalBoulders < 1) atLeastOne(parameters, 'bouldering.numberOfSemifinalBoulders');
    if (final && value.numberOfFinalBoulders < 1) atLeastOne(parameters, 'bouldering.numberOfFinalBoulders');
  }
  if (discipline === 'LEAD') {
    const value = settings.lead;
    if (!value) return { parameters: { lead: 'validation.required' }, advancing, params };
    if (value.numberOfQualificationRoutes < 1) atLeastOne(parameters, 'lead.numberOfQualificationRoutes');
  }
  if (discipline === 'SPEED') {
    const value = settings.speed;
    if (!value) return { parameters: { speed: 'validation.required' }, advancing, params };
    if (value.numberOfRoutes < 1) atLeastOne(parameters, 'speed.numberOfRoutes');
    if (value.numberOfAttempts < 1) atLeastOne(parameters, 'speed.numberOfAttempts');
    if (final && value.numberOfFinalRacers < 1) atLeastOne(advancing, 'speed.numberOfFinalRacers');
    return { parameters, advancing, params };
  }
  const quotas = discipline === 'BOULDERING' ? settings.bouldering : settings.lead;
  const prefix = discipline === 'BOULDERING' ? 'bouldering' : 'lead';
  if (quotas && final && quotas.numberOfFinalRacers < 1) atLeastOne(advancing, `${prefix}.numberOfFinalRacers`);
  if (quotas && semifinal) {
    if (quotas.numberOfSemifinalRacers < 1) atLeastOne(advancing, `${prefix}.numberOfSemifinalRacers`);
    else if (quotas.numberOfFinalRacers > quotas.numberOfSemifinalRacers) {
      advancing[`${prefix}.numberOfFinalRacers`] = 'validation.tooLarge';
      params[`${prefix}.numberOfFinalRacers`] = { max: quotas.numberOfSemifinalRacers };
    }
  }
  return { parameters, advancing, params };
};
