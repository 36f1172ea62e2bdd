import { describe, expect, it } from 'vitest';
import { changeDiscipline, duplicateRace, newRaceDefaults } from './race-defaults.ts';
import { defaultBoulderingSettings } from './race-settings.ts';

describe('newRaceDefaults', () => {
  it('follows spec section 9', () => {
    expect(newRaceDefaults('2026-04-02')).toMatchObject({
      raceGender: 'MIXED',
      discipline: 'BOULDERING',
      state: 'HIDDEN',
      maxRacersCount: 0,
      seasonYear: 2026,
      bouldering: defaultBoulderingSettings(),
      lead: null,
      speed: null,
    });
  });
});

describe('duplicateRace', () => {
  it('resets the race id and its group ids to 0 and keeps everything else', () => {
    const race = { id: 7, name: 'Open', qualificationGroups: [{ id: 3, name: 'A' }, { id: 4, name: 'B' }] };
    expect(duplicateRace(race)).toEqual({ id: 0, name: 'Open', qualificationGroups: [{ id: 0, name: 'A' }, { id: 0, name: 'B' }] });
    expect(race.id).toBe(7);
    expect(race.qualificationGroups[0]?.id).toBe(3);
  });
});

describe('changeDiscipline', () => {
  const race = { ...newRaceDefaults('2025-01-01'), id: 5, name: 'Cup' };
  race.bouldering = { ...defaultBoulderingSettings(), numberOfFinalRacers: 6, raceFormat: 'QUALIFICATION_SEMIFINAL_FINAL' };

  it('resets every discipline-specific setting to the new discipline defaults', () => {
    const speed = changeDiscipline(race, 'SPEED');
    expect(speed.discipline).toBe('SPEED');
    expect(speed.bouldering).toBeNull();
    expect(speed.speed).toMatchObject({ type: 'WORLD_CUP', raceFormat: 'QUALIFICATION_FINAL' });
    expect(speed.raceFormat).toBe('QUALIFICATION_FINAL');
    expect(speed.name).toBe('Cup');
  });

  it('leaves the race unchanged for the same discipline', () => {
    expect(changeDiscipline(race, 'BOULDERING')).toBe(race);
  });

  it('gives fresh defaults when switching back', () => {
    const back = changeDiscipline(changeDiscipline(race, 'LEAD'), 'BOULDERING');
    expect(back.bouldering).toEqual(defaultBoulderingSettings());
  });
});
