import { describe, expect, it } from 'vitest';
import { racerProfileGaps } from './racer-profile-gaps';

const withCategories = { ageCategories: [{ id: 1, name: 'U16', fromAge: 14, toAge: 15 }] };
const withoutCategories = { ageCategories: [] };

describe('racerProfileGaps', () => {
  it('asks for the sex whatever the race', () => {
    expect(racerProfileGaps(withoutCategories, { sex: null, birthday: '2004-05-06' })).toEqual(['sex']);
    expect(racerProfileGaps(withCategories, { sex: undefined, birthday: '2004-05-06' })).toEqual(['sex']);
  });

  it('asks for the birthday only when the race has age categories', () => {
    expect(racerProfileGaps(withCategories, { sex: 'F', birthday: null })).toEqual(['birthday']);
    expect(racerProfileGaps(withoutCategories, { sex: 'F', birthday: null })).toEqual([]);
    expect(racerProfileGaps(withCategories, { sex: null, birthday: null })).toEqual(['sex', 'birthday']);
  });

  it('finds nothing missing in a complete profile', () => {
    expect(racerProfileGaps(withCategories, { sex: 'M', birthday: '1999-03-04' })).toEqual([]);
  });
});
