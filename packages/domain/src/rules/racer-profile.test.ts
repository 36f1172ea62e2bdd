import { describe, expect, it } from 'vitest';
import { racerProfileGaps } from './racer-profile.ts';

const withCategories = { ageCategories: [{ id: 1, name: 'U16', fromAge: 14, toAge: 15 }] };
const withoutCategories = { ageCategories: [] };

describe('racerProfileGaps', () => {
  it('asks for the sex whatever the race', () => {
    expect(racerProfileGaps(withoutCategories, { sex: null, birthday: '2004-05-06' })).toEqual(['sex']);
    expect(racerProfileGaps(withCategories, { sex: undefined, birthday: '2004-05-06' })).toEqual(['sex']);
    expect(racerProfileGaps(withCategories, { birthYear: 2004 })).toEqual(['sex']);
  });

  it('asks for the birthday only when the race has age categories', () => {
    expect(racerProfileGaps(withCategories, { sex: 'F', birthday: null })).toEqual(['birthday']);
    expect(racerProfileGaps(withoutCategories, { sex: 'F', birthday: null })).toEqual([]);
  });

  it('lists the sex before the birthday when both are missing', () => {
    expect(racerProfileGaps(withCategories, { sex: null, birthday: null })).toEqual(['sex', 'birthday']);
    expect(racerProfileGaps(withCategories, {})).toEqual(['sex', 'birthday']);
  });

  it('takes a birth year for the birthday (a shared profile, a one-time racer)', () => {
    expect(racerProfileGaps(withCategories, { sex: 'M', birthday: null, birthYear: 2004 })).toEqual([]);
    expect(racerProfileGaps(withCategories, { sex: 'M', birthday: null, birthYear: null })).toEqual(['birthday']);
  });

  it('finds nothing missing in a complete profile', () => {
    expect(racerProfileGaps(withCategories, { sex: 'M', birthday: '1999-03-04' })).toEqual([]);
  });
});
