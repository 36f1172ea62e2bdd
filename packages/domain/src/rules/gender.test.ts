import { describe, expect, it } from 'vitest';
import { assertGenderFits, genderFits } from './gender.ts';

describe('gender fit', () => {
  it('lets a women-only race take only F', () => {
    expect(genderFits('WOMEN', 'F')).toBe(true);
    expect(() => assertGenderFits('WOMEN', 'M')).toThrowError(expect.objectContaining({ code: 'RACE_ONLY_FOR_WOMEN' }));
  });

  it('lets a men-only race take only M', () => {
    expect(genderFits('MEN', 'M')).toBe(true);
    expect(() => assertGenderFits('MEN', 'F')).toThrowError(expect.objectContaining({ code: 'RACE_ONLY_FOR_MEN' }));
  });

  it('lets a mixed race take everyone', () => {
    expect(() => assertGenderFits('MIXED', 'M')).not.toThrow();
    expect(() => assertGenderFits('MIXED', 'F')).not.toThrow();
  });
});
