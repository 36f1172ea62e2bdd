import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupLabel } from './group-label.ts';

describe('groupLabel', () => {
  it('labels groups with letters from A', () => {
    expect([0, 1, 2, 25].map(groupLabel)).toEqual(['A', 'B', 'C', 'Z']);
  });

  it('continues with two letters after Z', () => {
    expect([26, 27, 51, 52, 701, 702].map(groupLabel)).toEqual(['AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('rejects negative or fractional indexes', () => {
    expect(() => groupLabel(-1)).toThrow(RangeError);
    expect(() => groupLabel(1.5)).toThrow(RangeError);
  });

  it('never gives two groups the same label (property)', () => {
    fc.assert(
      fc.property(fc.nat(20_000), fc.nat(20_000), (a, b) => {
        fc.pre(a !== b);
        return groupLabel(a) !== groupLabel(b);
      }),
    );
  });
});
