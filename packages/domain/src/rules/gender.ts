import { DomainError } from '../errors/domain-error.ts';
import type { RaceGender, Sex } from '../model/enums.ts';

export const genderFits = (raceGender: RaceGender, sex: Sex): boolean =>
  raceGender === 'MIXED' || (raceGender === 'WOMEN' && sex === 'F') || (raceGender === 'MEN' && sex === 'M');

/** Throws RACE_ONLY_FOR_WOMEN / RACE_ONLY_FOR_MEN when the racer's sex does not fit the race. */
export const assertGenderFits = (raceGender: RaceGender, sex: Sex): void => {
  if (genderFits(raceGender, sex)) return;
  throw new DomainError(raceGender === 'WOMEN' ? 'RACE_ONLY_FOR_WOMEN' : 'RACE_ONLY_FOR_MEN');
};
