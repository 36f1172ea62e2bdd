import { DomainError } from '../errors/domain-error.ts';
import { monthOf, yearOf, type IsoDate } from './iso-date.ts';

export interface AgeCategoryRange {
  id: number | string;
  name: string;
  /** null: no lower bound. */
  fromAge: number | null;
  /** null: no upper bound. */
  toAge: number | null;
}

/**
 * Age = race year − birth year, the age reached on 31 December (IFSC and national rules define
 * categories by birth year). With a season start month, a season is named after the year it ends
 * in: seasonStartMonth 9 makes a race in October 2024 count as 2025. January means the calendar
 * year, so it shifts nothing (the literal "month ≥ start" reading would age everyone by one).
 */
export const racerAge = (birthYear: number, raceDate: IsoDate | Date, seasonStartMonth?: number | null): number => {
  if (seasonStartMonth != null && (!Number.isInteger(seasonStartMonth) || seasonStartMonth < 1 || seasonStartMonth > 12)) {
    throw new RangeError(`seasonStartMonth must be 1-12, got ${seasonStartMonth}`);
  }
  const shifts = seasonStartMonth != null && seasonStartMonth > 1 && monthOf(raceDate) >= seasonStartMonth;
  return yearOf(raceDate) + (shifts ? 1 : 0) - birthYear;
};

/** Bounds are inclusive: a U17 category of 14–15 takes both 14 and 15 year olds. */
export const fitsAgeCategory = (category: AgeCategoryRange, age: number): boolean =>
  (category.fromAge == null || age >= category.fromAge) && (category.toAge == null || age <= category.toAge);

export const fittingAgeCategories = <Category extends AgeCategoryRange>(categories: readonly Category[], age: number): Category[] =>
  categories.filter((category) => fitsAgeCategory(category, age));

/**
 * Returns the categories the racer fits; throws NO_FITTING_AGE_CATEGORY when the race has
 * categories and none fits. A race without age categories is open to every age (returns []).
 */
export const assertFitsAgeCategory = <Category extends AgeCategoryRange>(categories: readonly Category[], age: number): Category[] => {
  if (categories.length === 0) return [];
  const fitting = fittingAgeCategories(categories, age);
  if (fitting.length === 0) throw new DomainError('NO_FITTING_AGE_CATEGORY', { details: { age } });
  return fitting;
};
