import { describe, expect, it } from 'vitest';
import { buildGroup, buildRace } from '../testing/build-race';
import { onlySex, walkInGroups, walkInSexes } from './walk-in-choices';

describe('walkInSexes', () => {
  it('offers both sexes in a mixed race with mixed groups', () => {
    const choices = walkInSexes(buildRace({ raceGender: 'MIXED' }));
    expect(choices).toEqual({ sexes: ['F', 'M'], limitedBy: null });
    expect(onlySex(choices)).toBeNull();
  });

  it("offers only men in a men's race, and preselects it", () => {
    const choices = walkInSexes(buildRace({ raceGender: 'MEN' }));
    expect(choices).toEqual({ sexes: ['M'], limitedBy: 'RACE' });
    expect(onlySex(choices)).toBe('M');
  });

  it("offers only women in a women's race", () => {
    expect(walkInSexes(buildRace({ raceGender: 'WOMEN' }))).toEqual({ sexes: ['F'], limitedBy: 'RACE' });
  });

  it('keeps to the sexes of the groups still taking racers in a mixed race', () => {
    const race = buildRace({
      raceGender: 'MIXED',
      qualificationGroups: [buildGroup({ id: 1, name: 'Women', gender: 'WOMEN', state: 'QUALIFICATION_CLOSED' }), buildGroup({ id: 2, name: 'Men', gender: 'MEN', state: 'QUALIFICATION' })],
    });
    expect(walkInSexes(race)).toEqual({ sexes: ['M'], limitedBy: 'GROUPS' });
  });

  it("keeps the race's choice when no group takes racers any more (the server says why)", () => {
    const race = buildRace({ raceGender: 'MIXED', qualificationGroups: [buildGroup({ state: 'QUALIFICATION_CLOSED' })] });
    expect(walkInSexes(race)).toEqual({ sexes: ['F', 'M'], limitedBy: null });
  });
});

describe('walkInGroups', () => {
  const race = buildRace({
    qualificationGroups: [
      buildGroup({ id: 1, name: 'A', gender: 'WOMEN' }),
      buildGroup({ id: 2, name: 'B', gender: 'MEN', state: 'QUALIFICATION' }),
      buildGroup({ id: 3, name: 'C', gender: 'MIXED', state: 'QUALIFICATION_CLOSED' }),
    ],
  });

  it('offers the groups not closed, of the sex once it is known', () => {
    expect(walkInGroups(race, null).map((group) => group.name)).toEqual(['A', 'B']);
    expect(walkInGroups(race, 'M').map((group) => group.name)).toEqual(['B']);
    expect(walkInGroups(race, 'F').map((group) => group.name)).toEqual(['A']);
  });
});
