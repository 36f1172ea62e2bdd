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
  if (fitting.length === 0) {
    // The message names the age and the ranges the race takes (errors/age-category-message.ts).
    const ranges = categories.map(({ name, fromAge, toAge }) => ({ name, fromAge, toAge }));
    throw new DomainError('NO_FITTING_AGE_CATEGORY', { details: { age, categories: ranges } });
  }
  return fitting;
};

/**
 * How wide a category is, as a pair compared in order: its number of open bounds (a closed range
 * is narrower than a half-open one, which is narrower than "every age"), then its width: the
 * years between the bounds, or for a half-open range how far it reaches (Adults 40+ is narrower
 * than Adults 18+, U11 narrower than U13).
 */
const widthOf = (category: AgeCategoryRange): [number, number] => {
  const { fromAge, toAge } = category;
  if (fromAge != null && toAge != null) return [0, toAge - fromAge];
  if (fromAge != null) return [1, -fromAge];
  if (toAge != null) return [1, toAge];
  return [2, 0];
};

/**
 * The age category a racer is placed into (spec 1: racers "are placed into ... age categories"):
 * of the categories the age fits, the narrowest (widthOf: a "U17" before an open "Adults"); between
 * equally narrow ones the younger (the lower bounds, then the upper ones), then the smaller id, so
 * the choice never depends on the order of the list. Null when none fits or there are none.
 */
export const placeInAgeCategory = <Category extends AgeCategoryRange>(categories: readonly Category[], age: number): Category | null => {
  const lower = (category: AgeCategoryRange): number => category.fromAge ?? Number.NEGATIVE_INFINITY;
  const upper = (category: AgeCategoryRange): number => category.toAge ?? Number.POSITIVE_INFINITY;
  const compareNumbers = (a: number, b: number): number => (a === b ? 0 : a < b ? -1 : 1);
  const order = (a: Category, b: Category): number => {
    const [openA, widthA] = widthOf(a);
    const [openB, widthB] = widthOf(b);
    return (
      openA - openB ||
      widthA - widthB ||
      compareNumbers(lower(a), lower(b)) ||
      compareNumbers(upper(a), upper(b)) ||
      String(a.id).localeCompare(String(b.id), 'en', { numeric: true })
    );
  };
  return [...fittingAgeCategories(categories, age)].sort(order)[0] ?? null;
};
