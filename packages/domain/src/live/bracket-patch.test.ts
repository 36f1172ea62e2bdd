import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPEED_STAGES, type SpeedStage } from '../model/enums.ts';
import { bracketPrints, diffBracket, foldBracketEvent, type BracketShape, type LiveBracket } from './bracket-patch.ts';

interface Match {
  id: number;
  stage: SpeedStage;
  stageIndex: number;
  timeA: number | null;
  timeB: number | null;
  winner: number | null;
}

const match = (id: number, stage: SpeedStage, stageIndex: number, timeA: number | null = null, timeB: number | null = null, winner: number | null = null): Match => ({
  id,
  stage,
  stageIndex,
  timeA,
  timeB,
  winner,
});

const shapes: BracketShape[] = [{ gender: 'MIXED', size: 4, stages: ['HALF_FINAL', 'SMALL_FINAL', 'BIG_FINAL'] }];
const held = (version: number, matches: Match[]): LiveBracket<Match> => ({ version, brackets: shapes, matches });
const diff = (before: Match[], after: Match[], versions = { base: 4, version: 5 }) => diffBracket(bracketPrints(before), shapes, { matches: after, brackets: shapes, prints: bracketPrints(after) }, versions);

describe('live bracket patches', () => {
  const semis = [match(1, 'HALF_FINAL', 0), match(2, 'HALF_FINAL', 1)];

  it('send only the match a run changed, and fold it into the bracket held', () => {
    const after = [match(1, 'HALF_FINAL', 0, 6120), semis[1]!];
    const patch = diff(semis, after)!;
    expect(patch).toEqual({ base: 4, version: 5, brackets: shapes, matches: [after[0]], removed: [] });
    expect(foldBracketEvent(held(4, semis), { kind: 'patch', ...patch })).toEqual(held(5, after));
  });

  it('send the new matches of the next stage alone, added to the bracket held', () => {
    const decided = [match(1, 'HALF_FINAL', 0, 6120, 6500, 11), match(2, 'HALF_FINAL', 1, 5900, 7000, 21)];
    const finals = [match(4, 'BIG_FINAL', 0), match(3, 'SMALL_FINAL', 0)];
    const patch = diff(decided, [...decided, ...finals])!;
    expect(patch.matches.map((each) => each.id)).toEqual([4, 3]);
    const folded = foldBracketEvent(held(4, decided), { kind: 'patch', ...patch });
    expect(folded !== 'resync' && folded.matches).toEqual([...decided, ...finals]);
  });

  it('are nothing when nothing changed; name the matches gone when the finals are reopened', () => {
    expect(diff(semis, semis.map((each) => ({ ...each })))).toBeNull();
    const patch = diff([...semis, match(3, 'SMALL_FINAL', 0)], semis)!;
    expect(patch).toMatchObject({ matches: [], removed: [3] });
  });

  it('say when the shapes changed even if no match did (a bracket gone)', () => {
    const patch = diffBracket(bracketPrints(semis), [...shapes, { gender: 'MEN', size: 4, stages: [] }], { matches: semis, brackets: shapes, prints: bracketPrints(semis) }, { base: 1, version: 2 });
    expect(patch).toMatchObject({ matches: [], removed: [], brackets: shapes });
  });

  it('ignore an older or repeated patch and ask for the whole bracket after a missed one', () => {
    const patch = diff(semis, [match(1, 'HALF_FINAL', 0, 6120), semis[1]!])!;
    const current = held(7, semis);
    expect(foldBracketEvent(current, { kind: 'patch', ...patch })).toBe(current);
    expect(foldBracketEvent(held(3, semis), { kind: 'patch', ...patch })).toBe('resync');
    expect(foldBracketEvent(null, { kind: 'patch', ...patch })).toBe('resync');
    expect(foldBracketEvent(current, { kind: 'whole', ...held(2, semis) })).toEqual(held(2, semis));
  });

  it('bring any bracket to any other: folding the diff gives the new one', () => {
    const stage = fc.constantFrom(...SPEED_STAGES);
    const oneMatch = (id: number) =>
      fc.record({ stage, stageIndex: fc.integer({ min: 0, max: 7 }), timeA: fc.option(fc.integer({ min: 4000, max: 9000 })), timeB: fc.option(fc.integer({ min: 4000, max: 9000 })), winner: fc.option(fc.integer({ min: 1, max: 99 })) }).map((rest) => ({ id, ...rest }));
    const bracket: fc.Arbitrary<Match[]> = fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 16 }).chain((ids) => (ids.length === 0 ? fc.constant<Match[]>([]) : fc.tuple(...ids.map(oneMatch)).map((matches): Match[] => matches)));
    fc.assert(
      fc.property(bracket, bracket, (before, after) => {
        const byId = (matches: readonly Match[]) => [...matches].sort((a, b) => a.id - b.id);
        const patch = diff(before, after, { base: 1, version: 2 });
        if (patch === null) {
          expect(byId(before)).toEqual(byId(after));
          return;
        }
        const folded = foldBracketEvent(held(1, before), { kind: 'patch', ...patch });
        expect(folded).not.toBe('resync');
        expect(folded !== 'resync' && { ...folded, matches: byId(folded.matches) }).toEqual(held(2, byId(after)));
      }),
    );
  });
});
