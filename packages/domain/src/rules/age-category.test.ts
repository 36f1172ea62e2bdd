import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors/domain-error.ts';
import { assertFitsAgeCategory, fittingAgeCategories, racerAge } from './age-category.ts';

const u17 = { id: 1, name: 'U17', fromAge: 14, toAge: 15 };
const u19 = { id: 2, name: 'U19', fromAge: 16, toAge: 17 };
const adults = { id: 3, name: 'Adults', fromAge: 18, toAge: null };
const kids = { id: 4, name: 'Kids', fromAge: null, toAge: 11 };

describe('racerAge', () => {
  it('is race year minus birth year, whatever the day', () => {
    expect(racerAge(2010, '2025-01-01')).toBe(15);
    expect(racerAge(2010, '2025-12-31')).toBe(15);
  });

  it('counts the next year from the season start month on', () => {
    expect(racerAge(2010, '2024-09-01', 9)).toBe(15);
    expect(racerAge(2010, '2024-12-15', 9)).toBe(15);
    expect(racerAge(2010, '2024-08-31', 9)).toBe(14);
  });

  it('treats no season start month like a calendar season', () => {
    expect(racerAge(2010, '2024-10-01', null)).toBe(14);
    expect(racerAge(2010, '2024-10-01', undefined)).toBe(14);
    expect(racerAge(2010, '2024-10-01', 1)).toBe(14);
  });

  it('accepts a Date by its UTC day', () => {
    expect(racerAge(2000, new Date('2024-10-01'), 10)).toBe(25);
  });

  it('rejects a month outside 1-12', () => {
    expect(() => racerAge(2000, '2024-10-01', 13)).toThrow(RangeError);
    expect(() => racerAge(2000, '2024-10-01', 0)).toThrow(RangeError);
  });
});

describe('age categories', () => {
  const categories = [u17, u19, adults, kids];

  it('fit with inclusive bounds', () => {
    expect(fittingAgeCategories(categories, 14)).toEqual([u17]);
    expect(fittingAgeCategories(categories, 15)).toEqual([u17]);
    expect(fittingAgeCategories(categories, 16)).toEqual([u19]);
  });

  it('treat null bounds as open-ended', () => {
    expect(fittingAgeCategories(categories, 70)).toEqual([adults]);
    expect(fittingAgeCategories(categories, 5)).toEqual([kids]);
  });

  it('throw NO_FITTING_AGE_CATEGORY when none fits', () => {
    expect(() => assertFitsAgeCategory(categories, 12)).toThrowError(expect.objectContaining({ code: 'NO_FITTING_AGE_CATEGORY' }));
    expect(() => assertFitsAgeCategory(categories, 13)).toThrow(DomainError);
  });

  it('return the fitting categories when one fits', () => {
    expect(assertFitsAgeCategory(categories, 17)).toEqual([u19]);
  });

  it('accept every age when the race has none', () => {
    expect(assertFitsAgeCategory([], 3)).toEqual([]);
    expect(assertFitsAgeCategory([], 99)).toEqual([]);
  });
});
