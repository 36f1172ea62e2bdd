import { describe, expect, it } from 'vitest';
import { searchRacers } from './racer-search';

const racers = [
  { racerNumber: 7, fullName: 'Sofia Šťastná' },
  { racerNumber: 17, fullName: 'Adam Ondra' },
  { racerNumber: 71, fullName: 'Ján Novák' },
];

describe('searchRacers', () => {
  it('puts the exact number first, then numbers starting with it', () => {
    expect(searchRacers(racers, '7').map((racer) => racer.racerNumber)).toEqual([7, 71]);
    expect(searchRacers(racers, '1').map((racer) => racer.racerNumber)).toEqual([17]);
  });

  it('finds names by every word, without caring about diacritics or case', () => {
    expect(searchRacers(racers, 'stast').map((racer) => racer.racerNumber)).toEqual([7]);
    expect(searchRacers(racers, 'NOVÁK ján').map((racer) => racer.racerNumber)).toEqual([71]);
    expect(searchRacers(racers, 'ondra x')).toEqual([]);
  });

  it('keeps everybody for an empty query', () => {
    expect(searchRacers(racers, '  ')).toHaveLength(3);
  });
});
