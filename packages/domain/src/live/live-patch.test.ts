import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPatch, diffRows, fingerprintRows, foldLiveEvent, type LiveTable, type PatchableRow } from './live-patch.ts';

interface Row extends PatchableRow {
  tops: number;
  boulders: number[];
}

const row = (id: number, rank: number, tops: number, tieBreak: string | null = null): Row => ({ racer: { id }, rank, categoryRank: null, tieBreak, tops, boulders: [tops] });

const diff = (previous: Row[], next: Row[]) => diffRows(fingerprintRows(previous)!, next, fingerprintRows(next)!, { base: 1, version: 2 });

describe('live patches', () => {
  it('send the scored row in full and only a place entry for each racer it passed', () => {
    const before = Array.from({ length: 200 }, (_, index) => row(index + 1, index + 1, 200 - index));
    // Racer 150 tops enough to go third: racers 3..149 move one place down.
    const scored = { ...before[149]!, tops: 199, boulders: [199], rank: 3 };
    const after = [before[0]!, before[1]!, scored, ...before.slice(2, 149).map((item) => ({ ...item, rank: item.rank + 1 })), ...before.slice(150)];
    const patch = diff(before, after)!;
    expect(patch.rows).toEqual([scored]);
    expect(patch.at).toEqual([2]);
    expect(patch.places).toHaveLength(147);
    expect(patch.places[0]).toEqual([3, 3, 4, null, null]);
    expect(patch.removed).toEqual([]);
    expect(applyPatch(before, patch)).toEqual(after);
  });

  it('are nothing when nothing changed, and name removed racers', () => {
    const table = [row(1, 1, 3), row(2, 2, 1)];
    expect(diff(table, table.map((item) => ({ ...item })))).toBeNull();
    const patch = diff(table, [row(1, 1, 3)])!;
    expect(patch).toMatchObject({ rows: [], places: [], removed: [2], count: 1 });
    expect(applyPatch(table, patch)).toEqual([row(1, 1, 3)]);
  });

  it('a table with a racer twice has no fingerprints (it is sent whole)', () => {
    expect(fingerprintRows([row(1, 1, 1), row(1, 2, 0)])).toBeNull();
  });

  it('refuse to apply to a table they were not made from', () => {
    const before = [row(1, 1, 3), row(2, 2, 1)];
    const patch = diff(before, [row(2, 1, 4), row(1, 2, 3)])!;
    expect(applyPatch([row(3, 1, 0)], patch)).toBeNull();
  });

  it('turn any table into any other table (property)', () => {
    const tables = fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 40 }), tops: fc.integer({ min: 0, max: 4 }), tie: fc.option(fc.constantFrom('a', 'b')) }), { selector: (item) => item.id, maxLength: 30 });
    const toRows = (items: { id: number; tops: number; tie: string | null }[]): Row[] => items.map((item, index) => row(item.id, index + 1, item.tops, item.tie));
    fc.assert(
      fc.property(tables, tables, (a, b) => {
        const before = toRows(a);
        const after = toRows(b);
        const patch = diff(before, after);
        expect(patch === null ? before : applyPatch(before, patch)).toEqual(after);
      }),
      { numRuns: 500 },
    );
  });
});

describe('a viewer folding live events', () => {
  const whole = { kind: 'results' as const, version: 4, rows: [row(1, 1, 2), row(2, 2, 1)] };
  const patch = { kind: 'patch' as const, ...diffRows(fingerprintRows(whole.rows)!, [row(2, 1, 3), row(1, 2, 2)], fingerprintRows([row(2, 1, 3), row(1, 2, 2)])!, { base: 4, version: 6 })! };

  it('replaces its table with a whole one and applies the patch made from it', () => {
    const held = foldLiveEvent(undefined, whole);
    expect(held).toEqual({ version: 4, rows: whole.rows });
    expect(foldLiveEvent(held as LiveTable<Row>, patch)).toEqual({ version: 6, rows: [row(2, 1, 3), row(1, 2, 2)] });
  });

  it('ignores a patch older than its table and asks for the whole table after a gap', () => {
    const newer = { version: 7, rows: whole.rows };
    expect(foldLiveEvent(newer, patch)).toBe(newer);
    expect(foldLiveEvent({ version: 3, rows: whole.rows }, patch)).toBe('resync');
    expect(foldLiveEvent(undefined, patch)).toBe('resync');
  });
});
