import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from './error-catalogue.ts';
import { detailedErrorMessage } from './detailed-message.ts';

describe('SPEED_NEXT_MATCH_STARTED names the later match', () => {
  const details = { matchId: 9, stage: 'HALF_FINAL', stageIndex: 1, racerA: { racerNumber: 16, fullName: 'Daniel Hronec' }, racerB: { racerNumber: 2, fullName: 'Lukáš Varga' } };

  it('in both languages, with its stage, number and racers', () => {
    expect(detailedErrorMessage('SPEED_NEXT_MATCH_STARTED', 'en', details)).toContain('(semi-final 2: 16 Daniel Hronec – 2 Lukáš Varga)');
    expect(detailedErrorMessage('SPEED_NEXT_MATCH_STARTED', 'sk', details)).toContain('(semifinále 2: 16 Daniel Hronec – 2 Lukáš Varga)');
    expect(detailedErrorMessage('SPEED_NEXT_MATCH_STARTED', 'sk', { stage: 'BIG_FINAL', stageIndex: 0 })).toContain('(veľké finále)');
  });

  it("falls back to the catalogue's words without usable details", () => {
    expect(detailedErrorMessage('SPEED_NEXT_MATCH_STARTED', 'en', null)).toBe(ERROR_CATALOGUE.SPEED_NEXT_MATCH_STARTED.en);
    expect(detailedErrorMessage('SPEED_NEXT_MATCH_STARTED', 'sk', { stage: 'NOPE' })).toBe(ERROR_CATALOGUE.SPEED_NEXT_MATCH_STARTED.sk);
  });
});

describe('ROUND_CLOSED of a speed match says whose rounds to reopen', () => {
  it('names both racers in both languages, and keeps the plain words for any other closed round', () => {
    const details = { matchId: 4, racerA: { racerNumber: 16, fullName: 'Daniel Hronec' }, racerB: { racerNumber: 7, fullName: 'Matej Molnár' } };
    expect(detailedErrorMessage('ROUND_CLOSED', 'en', details)).toContain('reopen the rounds of both racers (16 Daniel Hronec, 7 Matej Molnár)');
    expect(detailedErrorMessage('ROUND_CLOSED', 'sk', details)).toContain('znovu otvorte kolá oboch pretekárov (16 Daniel Hronec, 7 Matej Molnár)');
    expect(detailedErrorMessage('ROUND_CLOSED', 'sk', undefined)).toBe(ERROR_CATALOGUE.ROUND_CLOSED.sk);
  });
});
