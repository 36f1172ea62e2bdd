import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitsAgeCategory, placeInAgeCategory, type AgeCategoryRange } from './age-category.ts';

const u15 = { id: 1, name: 'U15', fromAge: 12, toAge: 13 };
const u17 = { id: 2, name: 'U17', fromAge: 14, toAge: 15 };
const youth = { id: 3, name: 'Youth', fromAge: 12, toAge: 17 };
const adults = { id: 4, name: 'Adults', fromAge: 18, toAge: null };
const open = { id: 5, name: 'Open', fromAge: null, toAge: null };
const overlapping = { id: 6, name: 'U16', fromAge: 14, toAge: 15 };

describe('placeInAgeCategory (issue 9: the narrowest fitting category, ties to the younger one)', () => {
  it('places a racer in the only category that fits', () => {
    expect(placeInAgeCategory([u15, u17, adults], 15)).toBe(u17);
    expect(placeInAgeCategory([u15, u17, adults], 40)).toBe(adults);
  });

  it('prefers the narrowest of several fitting categories', () => {
    expect(placeInAgeCategory([youth, u17, open], 14)).toBe(u17);
    expect(placeInAgeCategory([open, youth], 16)).toBe(youth);
    expect(placeInAgeCategory([open, adults], 30)).toBe(adults);
    expect(placeInAgeCategory([adults, { id: 8, name: 'Masters', fromAge: 40, toAge: null }], 45)?.name).toBe('Masters');
  });

  it('takes the younger of two equally narrow categories, then the smaller id', () => {
    const older = { id: 7, name: 'B', fromAge: 13, toAge: 14 };
    expect(placeInAgeCategory([older, u15], 13)).toBe(u15);
    expect(placeInAgeCategory([overlapping, u17], 15)).toBe(u17);
  });

  it('answers null when nothing fits or the race has no categories', () => {
    expect(placeInAgeCategory([u15, u17], 30)).toBeNull();
    expect(placeInAgeCategory([], 30)).toBeNull();
  });

  it('always picks a fitting category, the narrowest, whatever the order of the list', () => {
    const category = fc
      .record({ from: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }), width: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }) })
      .map(({ from, width }) => ({ fromAge: from, toAge: width === null ? null : (from ?? 0) + width }));
    fc.assert(
      fc.property(fc.array(category, { maxLength: 8 }), fc.integer({ min: 0, max: 90 }), (ranges, age) => {
        const categories: AgeCategoryRange[] = ranges.map((range, index) => ({ id: index + 1, name: `C${index}`, ...range }));
        const placed = placeInAgeCategory(categories, age);
        const fitting = categories.filter((candidate) => fitsAgeCategory(candidate, age));
        if (fitting.length === 0) {
          expect(placed).toBeNull();
          return;
        }
        expect(placed).not.toBeNull();
        expect(fitsAgeCategory(placed!, age)).toBe(true);
        const closed = (range: AgeCategoryRange) => range.fromAge !== null && range.toAge !== null;
        const width = (range: AgeCategoryRange) => (range.toAge ?? 0) - (range.fromAge ?? 0);
        // A closed range fits whenever one exists, and then the narrowest one.
        if (fitting.some(closed)) {
          expect(closed(placed!)).toBe(true);
          expect(fitting.filter(closed).every((candidate) => width(candidate) >= width(placed!))).toBe(true);
        }
        expect(placeInAgeCategory([...categories].reverse(), age)).toBe(placed);
      }),
    );
  });
});
