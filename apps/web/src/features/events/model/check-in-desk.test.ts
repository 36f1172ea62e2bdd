import { describe, expect, it } from 'vitest';
import type { Registration } from '../api/registrations';
import { buildRegistration } from '../testing/build-race';
import { groupCounts, searchDesk } from './check-in-desk';

const registration = (id: number, fullName: string, club: string | null, groupId: number, state: Registration['state'] = null): Registration =>
  buildRegistration({
    id,
    state,
    racerNumber: id,
    qualificationGroupId: groupId,
    fullName,
    unregisteredUser: { name: fullName.split(' ')[0] ?? '', surname: fullName.split(' ')[1] ?? '', club, sex: 'M', country: null, birthday: null, email: null },
  });

const list = [
  registration(12, 'Ján Šťastný', 'Boulder Club Bratislava', 1, 'PRESENT'),
  registration(3, 'Eva Horáková', 'Lezecký klub Žilina', 1),
  registration(104, 'Peter Novák', 'Boulder Club Bratislava', 2, 'NOT_PRESENT'),
  registration(1, 'Mária Nováková', null, 2),
];

describe('check-in desk search', () => {
  it('finds by racer number as typed (prefix), in number order', () => {
    expect(searchDesk(list, '1').map((row) => row.racerNumber)).toEqual([1, 12, 104]);
    expect(searchDesk(list, '10').map((row) => row.racerNumber)).toEqual([104]);
  });

  it('finds by name or club, ignoring case, order of words and diacritics', () => {
    expect(searchDesk(list, 'stastny').map((row) => row.id)).toEqual([12]);
    expect(searchDesk(list, 'novak').map((row) => row.id)).toEqual([1, 104]);
    expect(searchDesk(list, 'bratislava peter').map((row) => row.id)).toEqual([104]);
    expect(searchDesk(list, 'zilina').map((row) => row.id)).toEqual([3]);
    expect(searchDesk(list, 'nobody')).toEqual([]);
    expect(searchDesk(list, '  ')).toHaveLength(4);
  });
});

describe('check-in desk counts', () => {
  it('counts registered, present, missing (not checked in) and not present racers per group', () => {
    expect(groupCounts(list, 1)).toEqual({ registered: 2, present: 1, missing: 1, notPresent: 0 });
    expect(groupCounts(list, 2)).toEqual({ registered: 2, present: 0, missing: 1, notPresent: 1 });
    expect(groupCounts(list, 3)).toEqual({ registered: 0, present: 0, missing: 0, notPresent: 0 });
  });

  it('says nobody is missing when the only one not here was marked not present, as "mark all present" has nobody to mark', () => {
    const noShowLeft = [registration(20, 'Ida Stará', null, 4, 'PRESENT'), registration(21, 'Oto Nový', null, 4, 'NOT_PRESENT')];
    expect(groupCounts(noShowLeft, 4)).toEqual({ registered: 2, present: 1, missing: 0, notPresent: 1 });
  });
});
