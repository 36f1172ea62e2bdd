import { describe, expect, it } from 'vitest';
import { rankBoulderRound, type BoulderScore } from '../../src/index.ts';
import { loadResults } from './load-results.ts';

interface PublishedBoulder {
  top: boolean;
  top_tries: number | null;
  zone: boolean;
  zone_tries: number | null;
  published_points: number;
}

interface Athlete {
  name: string;
  published_rank: number;
  published_score: number;
  boulders: PublishedBoulder[];
}

const data = loadResults<{ athletes: Athlete[] }>('boulder_points2025_wc_keqiao2025_men_qualification_groupB.json');

// The API keeps counting tries after a failed boulder; only a reached top or zone has attempts.
const toScore = (boulder: PublishedBoulder): BoulderScore => ({
  topAttempts: boulder.top ? boulder.top_tries : null,
  zoneAttempts: boulder.zone ? boulder.zone_tries : null,
});

describe('IFSC WC Keqiao 2025, men boulder qualification group B (2025 points)', () => {
  // A group of a two-group qualification: ranked on its own, no previous round.
  const ranking = rankBoulderRound({
    scoringType: 'IFSC_POINTS',
    racers: data.athletes.map((athlete) => ({ racerId: athlete.name, boulders: athlete.boulders.map(toScore) })),
  });
  const rowOf = new Map(ranking.map((row) => [row.racerId, row]));

  it.each(data.athletes)('ranks $name $published_rank with $published_score points', (athlete) => {
    expect(rowOf.get(athlete.name)?.rank).toBe(athlete.published_rank);
    expect(rowOf.get(athlete.name)?.points).toBe(athlete.published_score);
  });

  it('matches the published points of every single boulder', () => {
    for (const athlete of data.athletes) {
      athlete.boulders.forEach((boulder) => {
        const single = rankBoulderRound({ scoringType: 'IFSC_POINTS', racers: [{ racerId: 'x', boulders: [toScore(boulder)] }] });
        expect(single[0]?.points).toBe(boulder.published_points);
      });
    }
  });

  it('shares the 25th place between the three athletes on 44.3, the next being 28th', () => {
    expect(ranking.filter((row) => row.points === 44.3).map((row) => row.rank)).toEqual([25, 25, 25]);
    expect(ranking.find((row) => row.points === 43.9)?.rank).toBe(28);
  });
});
