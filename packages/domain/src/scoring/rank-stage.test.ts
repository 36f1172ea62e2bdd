import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Sex } from '../model/enums.ts';
import { rankBoulderRound } from './rank-boulder-round.ts';
import { rankStage, type StageEntry } from './rank-stage.ts';
import type { BoulderScore } from './scoring-types.ts';
import { isCompetitionRanking } from './testing/is-competition-ranking.ts';
import { permute, racerIdAt, withPermutation } from './testing/property-helpers.ts';

interface Entry extends StageEntry {
  boulders: BoulderScore[];
}

const top = (attempts: number): BoulderScore => ({ topAttempts: attempts, zoneAttempts: 1 });
const zone = (attempts: number): BoulderScore => ({ topAttempts: null, zoneAttempts: attempts });
const none: BoulderScore = { topAttempts: null, zoneAttempts: null };

const entry = (racerId: string, sex: Sex, boulders: BoulderScore[], group: string | null = null, empty = false): Entry => ({ racerId, sex, group, empty, boulders });

const rankBoulders = (entries: readonly Entry[], options: { separateSexes?: boolean; groupsRankedApart?: boolean } = {}) =>
  rankStage({
    entries,
    separateSexes: options.separateSexes ?? false,
    groupsRankedApart: options.groupsRankedApart ?? false,
    rankField: (field) => rankBoulderRound({ scoringType: 'TOPS_ZONES', racers: field.map(({ racerId, boulders }) => ({ racerId, boulders })) }),
  });

const summary = (places: ReturnType<typeof rankBoulders>) => places.map((place) => [place.entry.racerId, place.ranking, place.rank]);

describe('rankStage (issue 9)', () => {
  it('ranks women and men apart in a SEPARATE mixed race: a woman and a man are both first', () => {
    const places = rankBoulders([entry('m1', 'M', [top(1)]), entry('f1', 'F', [zone(1)]), entry('m2', 'M', [zone(1)]), entry('f2', 'F', [none])], { separateSexes: true });
    expect(summary(places)).toEqual([
      ['f1', 'F', 1],
      ['f2', 'F', 2],
      ['m1', 'M', 1],
      ['m2', 'M', 2],
    ]);
  });

  it('keeps one ranking when the sexes are ranked together', () => {
    const places = rankBoulders([entry('m1', 'M', [top(1)]), entry('f1', 'F', [zone(1)])]);
    expect(summary(places)).toEqual([
      ['m1', null, 1],
      ['f1', null, 2],
    ]);
  });

  it('ranks racers with nothing entered last, behind racers who climbed and scored nothing', () => {
    const places = rankBoulders([entry('empty', 'M', [none], null, true), entry('zero', 'M', [none]), entry('top', 'M', [top(2)])]);
    expect(summary(places)).toEqual([
      ['top', null, 1],
      ['zero', null, 2],
      ['empty', null, 3],
    ]);
    expect(places.find((place) => place.entry.racerId === 'empty')?.result).toBeNull();
  });

  it('puts an unscored qualification group below every scored racer (the measured 25th before 32nd)', () => {
    const groupA = Array.from({ length: 12 }, (_, index) => entry(`a${index}`, 'M', [index < 6 ? top(index + 1) : zone(index)], 'A'));
    const groupB = Array.from({ length: 12 }, (_, index) => entry(`b${index}`, 'M', [index < 6 ? top(index + 1) : zone(index)], 'B'));
    const groupC = Array.from({ length: 5 }, (_, index) => entry(`c${index}`, 'M', [none], 'C', true));
    const places = rankBoulders([...groupA, ...groupB, ...groupC], { groupsRankedApart: true });
    const worstScored = Math.max(...places.filter((place) => !place.entry.empty).map((place) => place.rank));
    expect(worstScored).toBe(23);
    expect(places.filter((place) => place.entry.empty).map((place) => place.rank)).toEqual([25, 25, 25, 25, 25]);
    // The group ranks are still merged: the winners of A and B share the first place.
    expect(places.filter((place) => place.rank === 1).map((place) => place.entry.racerId)).toEqual(['a0', 'b0']);
  });

  const sexes: fc.Arbitrary<Sex> = fc.constantFrom('M', 'F');
  const boulder: fc.Arbitrary<BoulderScore> = fc.oneof(fc.constant(none), fc.integer({ min: 1, max: 4 }).map(zone), fc.integer({ min: 1, max: 4 }).map(top));
  const stage = fc.record({
    racers: withPermutation(
      fc.array(fc.record({ sex: sexes, group: fc.constantFrom('A', 'B'), empty: fc.boolean(), boulders: fc.array(boulder, { minLength: 2, maxLength: 2 }) }), { minLength: 1, maxLength: 16 }),
    ),
    groupsRankedApart: fc.boolean(),
  });
  const entriesOf = (generated: typeof stage extends fc.Arbitrary<infer T> ? T : never): Entry[] =>
    generated.racers.items.map((racer, index) => entry(racerIdAt(index), racer.sex, racer.boulders, racer.group, racer.empty));

  it('ranks each sex of a mixed race exactly like a single-sex race of those racers', () => {
    fc.assert(
      fc.property(stage, (generated) => {
        const entries = entriesOf(generated);
        const mixed = rankBoulders(entries, { separateSexes: true, groupsRankedApart: generated.groupsRankedApart });
        for (const sex of ['F', 'M'] as const) {
          const single = rankBoulders(
            entries.filter((candidate) => candidate.sex === sex),
            { groupsRankedApart: generated.groupsRankedApart },
          );
          const perSex = mixed.filter((place) => place.ranking === sex);
          expect(perSex.map((place) => [place.entry.racerId, place.rank, place.result])).toEqual(single.map((place) => [place.entry.racerId, place.rank, place.result]));
        }
      }),
    );
  });

  it('ranks every empty racer after every racer with a result of the same ranking, in a valid competition ranking', () => {
    fc.assert(
      fc.property(stage, fc.boolean(), (generated, separateSexes) => {
        const places = rankBoulders(entriesOf(generated), { separateSexes, groupsRankedApart: generated.groupsRankedApart });
        for (const ranking of ['F', 'M', null]) {
          const own = places.filter((place) => place.ranking === ranking);
          expect(isCompetitionRanking(own.map((place) => place.rank))).toBe(true);
          const worstScored = Math.max(0, ...own.filter((place) => !place.entry.empty).map((place) => place.rank));
          own.filter((place) => place.entry.empty).forEach((place) => expect(place.rank).toBeGreaterThan(worstScored));
        }
      }),
    );
  });

  it('does not depend on the input order', () => {
    fc.assert(
      fc.property(stage, fc.boolean(), (generated, separateSexes) => {
        const entries = entriesOf(generated);
        const options = { separateSexes, groupsRankedApart: generated.groupsRankedApart };
        expect(summary(rankBoulders(permute(entries, generated.racers.order), options))).toEqual(summary(rankBoulders(entries, options)));
      }),
    );
  });
});
