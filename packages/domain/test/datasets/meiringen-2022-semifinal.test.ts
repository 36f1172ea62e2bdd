import { describe, expect, it } from 'vitest';
import { rankBoulderRound } from '../../src/index.ts';
import { loadResults } from './load-results.ts';
import { synthesizeBoulders, type PublishedTotals } from './synthesize-boulders.ts';

interface Athlete {
  name: string;
  published_event_rank: number;
  round_totals: PublishedTotals;
  reached_final: boolean;
}

const data = loadResults<{ athletes: Athlete[] }>('boulder_topszones_wc_meiringen2022_men_semifinal.json');

describe('IFSC WC Meiringen 2022, men boulder semi-final (tops/zones, two-group qualification)', () => {
  // The qualification ran in two groups, so there is no count-back (previousRanks left out).
  const ranking = rankBoulderRound({
    scoringType: 'TOPS_ZONES',
    racers: data.athletes.map((athlete) => ({ racerId: athlete.name, boulders: synthesizeBoulders(athlete.round_totals, 4) })),
  });
  const rankOf = new Map(ranking.map((row) => [row.racerId, row]));

  it('reproduces the published totals from the synthetic boulders', () => {
    for (const athlete of data.athletes) {
      const row = rankOf.get(athlete.name);
      expect({ tops: row?.tops, zones: row?.zones, topAttempts: row?.topAttempts, zoneAttempts: row?.zoneAttempts }).toEqual({
        tops: athlete.round_totals.tops,
        zones: athlete.round_totals.zones,
        topAttempts: athlete.round_totals.top_attempts,
        zoneAttempts: athlete.round_totals.zone_attempts,
      });
    }
  });

  it.each(data.athletes.filter((athlete) => !athlete.reached_final))('ranks $name as published ($published_event_rank)', (athlete) => {
    expect(rankOf.get(athlete.name)?.rank).toBe(athlete.published_event_rank);
  });

  it('places the six finalists on semi-final places 1-6 (their semi ranks are not published)', () => {
    const finalistRanks = data.athletes.filter((athlete) => athlete.reached_final).map((athlete) => rankOf.get(athlete.name)?.rank);
    expect(finalistRanks.sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
