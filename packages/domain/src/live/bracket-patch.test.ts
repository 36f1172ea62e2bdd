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

  it('send a new match of the next stage and keep the bracket in stage order', () => {
    const decided = [match(1, 'HALF_FINAL', 0, 6120, 6500, 11), match(2, 'HALF_FINAL', 1, 5900, 7000, 21)];
    const finals = [match(4, 'BIG_FINAL', 0), match(3, 'SMALL_FINAL', 0)];
    const patch = diff(decided, [...decided, ...finals])!;
    expect(patch.matches.map((each) => each.id)).toEqual([4, 3]);
    const folded = foldBracketEvent(held(4, decided), { kind: 'patch', ...patch });
    expect(folded !== 'resync' && folded.matches.map((each) => each.id)).toEqual([1, 2, 3, 4]);
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

  it('bring any bracket to any other: folding the diff gives the new one, in stage order', () => {
    const stage = fc.constantFrom(...SPEED_STAGES);
    const oneMatch = (id: number) =>
      fc.record({ stage, stageIndex: fc.integer({ min: 0, max: 7 }), timeA: fc.option(fc.integer({ min: 4000, max: 9000 })), timeB: fc.option(fc.integer({ min: 4000, max: 9000 })), winner: fc.option(fc.integer({ min: 1, max: 99 })) }).map((rest) => ({ id, ...rest }));
    const bracket = fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 16 }).chain((ids) => (ids.length === 0 ? fc.constant([]) : fc.tuple(...ids.map(oneMatch))));
    fc.assert(
      fc.property(bracket, bracket, (before, after) => {
        const start = foldBracketEvent(null, { kind: 'whole', ...held(1, before) });
        const patch = diff(before, after, { base: 1, version: 2 });
        const expected = foldBracketEvent(null, { kind: 'whole', ...held(2, after) });
        if (patch === null) {
          expect(start !== 'resync' && start.matches).toEqual(expected !== 'resync' && expected.matches);
          return;
        }
        expect(foldBracketEvent(start === 'resync' ? null : start, { kind: 'patch', ...patch })).toEqual(expected);
      }),
    );
  });
});
