import { describe, expect, it } from 'vitest';
import { keepNewestRounds, type RacerWithRound } from './racer-list';

const racer = (id: number, roundId: number, version: number, zoneAttempts: number | null): RacerWithRound => ({
  id,
  racerNumber: id,
  fullName: `Racer ${id}`,
  birthYear: 2000,
  sex: 'M',
  country: 'SVK',
  club: null,
  qualificationGroup: 'A',
  rounds: [
    {
      id: roundId,
      racerId: id,
      stage: 'QUALIFICATION',
      state: 'STARTED',
      startingNumber: id,
      version,
      qualificationGroupId: 1,
      boulders: [{ id: roundId * 10, boulderIndex: 0, topAttempts: null, zoneAttempts, currentAttempt: zoneAttempts ?? 0, version }],
      routes: [],
      speedRoutes: [],
    },
  ],
});

describe('keepNewestRounds (a racer list just read against the one held)', () => {
  it('keeps a round the device holds in a newer version than the list read (a stale request, the offline copy)', () => {
    const held = [racer(1, 11, 5, 1), racer(2, 12, 1, null)];
    const read = [racer(1, 11, 4, null), racer(2, 12, 3, 2)];
    const merged = keepNewestRounds(held, read);
    expect(merged[0]!.rounds[0]).toMatchObject({ version: 5, boulders: [{ zoneAttempts: 1 }] });
    expect(merged[1]!.rounds[0]).toMatchObject({ version: 3, boulders: [{ zoneAttempts: 2 }] });
  });

  it('takes the list read as it is for new racers, another round, or nothing held', () => {
    const read = [racer(1, 11, 4, null), racer(3, 13, 1, null)];
    expect(keepNewestRounds(undefined, read)).toEqual(read);
    expect(keepNewestRounds([racer(1, 99, 9, 1)], read)).toEqual(read);
  });
});
