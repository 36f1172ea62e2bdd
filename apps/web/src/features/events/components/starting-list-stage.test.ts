import { describe, expect, it } from 'vitest';
import { openingStartingListStage } from './starting-list-panel';

describe('openingStartingListStage', () => {
  const race = (state: string, discipline = 'BOULDERING', raceFormat = 'QUALIFICATION_SEMIFINAL_FINAL') => ({ state, discipline, raceFormat }) as Parameters<typeof openingStartingListStage>[0];

  it('opens on the stage the race is in once it has its order (a walkthrough found the qualification list during the semifinal)', () => {
    expect(openingStartingListStage(race('QUALIFICATION_ONGOING'))).toBe('QUALIFICATION');
    expect(openingStartingListStage(race('SEMIFINALS_ONGOING'))).toBe('SEMIFINAL');
    expect(openingStartingListStage(race('FINALS_ONGOING'))).toBe('FINAL');
  });

  it('keeps the qualification for a speed final, whose order is its bracket', () => {
    expect(openingStartingListStage(race('FINALS_ONGOING', 'SPEED', 'QUALIFICATION_FINAL'))).toBe('QUALIFICATION');
  });
});
