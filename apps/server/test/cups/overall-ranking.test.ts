import { describe, expect, it } from 'vitest';
import type { Stage } from '@climbing/domain';
import { normaliseName, overallRaceRanking } from '../../src/features/cups/cup-ranking-service.ts';
import type { ResultRow, StageResults } from '../../src/features/results/results-service.ts';

const row = (racerId: number, stage: Stage, rank: number, empty = false): ResultRow => ({
  id: racerId * 10,
  racer: { id: racerId, racerNumber: racerId, fullName: `Racer ${racerId}`, birthYear: 2000, sex: 'F', country: null, club: null, qualificationGroup: null },
  stage,
  rank,
  ageCategory: null,
  categoryRank: null,
  tops: null,
  zones: null,
  topAttempts: null,
  zoneAttempts: null,
  score: null,
  tieBreak: null,
  boulders: null,
  routes: null,
  routeResults: null,
  time: null,
  runs: null,
  speedFinal: null,
  falseStarts: null,
  falls: null,
  empty,
});
const stage = (name: Stage, rows: ResultRow[]): StageResults => ({ raceId: 1, stage: name, rows });
const places = (stages: StageResults[]) => overallRaceRanking(stages).map((place) => [place.racer.id, place.rank]);

describe('overallRaceRanking (IFSC: finalists, then semi-finalists, then the rest)', () => {
  it('puts the racers who did not advance below, by their rank in the stage they left', () => {
    const qualification = stage('QUALIFICATION', [row(1, 'QUALIFICATION', 1), row(2, 'QUALIFICATION', 2), row(3, 'QUALIFICATION', 3), row(4, 'QUALIFICATION', 3), row(5, 'QUALIFICATION', 5), row(6, 'QUALIFICATION', 6)]);
    const semifinal = stage('SEMIFINAL', [row(3, 'SEMIFINAL', 1), row(1, 'SEMIFINAL', 2), row(2, 'SEMIFINAL', 3), row(4, 'SEMIFINAL', 3)]);
    const final = stage('FINAL', [row(1, 'FINAL', 1), row(3, 'FINAL', 2)]);
    // Final: 1, 3. Semi-final leftovers 2 and 4 tied 3rd there: both 3rd overall. Then 5 and 6.
    expect(places([qualification, semifinal, final])).toEqual([[1, 1], [3, 2], [2, 3], [4, 3], [5, 5], [6, 6]]);
  });

  it('ignores a stage with nothing entered yet and racers who did not start', () => {
    const qualification = stage('QUALIFICATION', [row(1, 'QUALIFICATION', 1), row(2, 'QUALIFICATION', 2), row(3, 'QUALIFICATION', 3, true)]);
    const final = stage('FINAL', [row(1, 'FINAL', 1, true), row(2, 'FINAL', 1, true)]);
    expect(places([qualification, final])).toEqual([[1, 1], [2, 2]]);
    expect(places([])).toEqual([]);
  });

  it('normalises names for matching racers without an account', () => {
    expect(normaliseName('  Ján   NOVÁK ')).toBe('jan novak');
    expect(normaliseName('Šárka Ďurčová')).toBe(normaliseName('sarka durcova'));
  });
});
