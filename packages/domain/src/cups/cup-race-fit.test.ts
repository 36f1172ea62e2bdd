import { describe, expect, it } from 'vitest';
import { cupRaceFit } from './cup-race-fit.ts';

const u18 = { id: 1, name: 'U18' };
const adults = { id: 2, name: 'Dospelí' };
const kids = { id: 3, name: 'Deti' };

describe('cupRaceFit: which racers of a race a cup category counts', () => {
  it('a mixed race in a category of one sex: only that sex counts', () => {
    expect(cupRaceFit({ sex: 'M', ageCategories: [] }, { raceGender: 'MIXED', ageCategories: [] })).toEqual({ onlySex: 'M', noneOfSex: false, onlyAgeCategories: null, otherAgeCategories: [] });
  });

  it('a race for the other sex: nobody counts', () => {
    expect(cupRaceFit({ sex: 'M', ageCategories: [] }, { raceGender: 'WOMEN', ageCategories: [] })).toMatchObject({ onlySex: null, noneOfSex: true });
  });

  it('a race of the same sex, or a category of both sexes: every racer counts', () => {
    expect(cupRaceFit({ sex: 'M', ageCategories: [] }, { raceGender: 'MEN', ageCategories: [kids] })).toBeNull();
    expect(cupRaceFit({ sex: null, ageCategories: [] }, { raceGender: 'MIXED', ageCategories: [] })).toBeNull();
    expect(cupRaceFit({ sex: 'F', ageCategories: [u18, adults] }, { raceGender: 'WOMEN', ageCategories: [adults, u18] })).toBeNull();
  });

  it('a race with age categories the cup category does not rank: only its own ages count, the others are named', () => {
    expect(cupRaceFit({ sex: null, ageCategories: [u18, adults] }, { raceGender: 'MIXED', ageCategories: [kids, u18] })).toEqual({
      onlySex: null,
      noneOfSex: false,
      onlyAgeCategories: ['U18', 'Dospelí'],
      otherAgeCategories: ['Deti'],
    });
  });

  it('a race without age categories in a category with some: only racers of its ages count', () => {
    expect(cupRaceFit({ sex: 'F', ageCategories: [u18] }, { raceGender: 'MIXED', ageCategories: [] })).toEqual({ onlySex: 'F', noneOfSex: false, onlyAgeCategories: ['U18'], otherAgeCategories: [] });
  });
});
