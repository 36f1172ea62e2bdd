import { describe, expect, it } from 'vitest';
import { rankBoulderRound } from '../../src/index.ts';
import { loadResults } from './load-results.ts';
import { synthesizeBoulders, type PublishedTotals } from './synthesize-boulders.ts';

interface Athlete {
  name: string;
  published_event_rank: number;
  round_totals: PublishedTotals;
  previous_round_totals: PublishedTotals;
}

const data = loadResults<{ athletes: Athlete[] }>('boulder_topszones_wc_meiringen2022_men_final.json');

describe('IFSC WC Meiringen 2022, men boulder final (tops/zones, count-back to the semi-final)', () => {
  // The finalists' semi-final ranks are not published; they follow from their semi-final totals
  // (ranked without count-back, because the qualification ran in two groups).
  const semiFinal = rankBoulderRound({
    scoringType: 'TOPS_ZONES',
    racers: data.athletes.map((athlete) => ({ racerId: athlete.name, boulders: synthesizeBoulders(athlete.previous_round_totals, 4) })),
  });
  const previousRanks = Object.fromEntries(semiFinal.map((row) => [row.racerId, row.rank]));
  const ranking = rankBoulderRound({
    scoringType: 'TOPS_ZONES',
    racers: data.athletes.map((athlete) => ({ racerId: athlete.name, boulders: synthesizeBoulders(athlete.round_totals, 4) })),
    previousRanks,
  });
  const rankOf = new Map(ranking.map((row) => [row.racerId, row.rank]));

  it.each(data.athletes)('ranks $name as published ($published_event_rank)', (athlete) => {
    expect(rankOf.get(athlete.name)).toBe(athlete.published_event_rank);
  });

  it('explains each place by the criterion that separated it from the next', () => {
    expect(ranking.map((row) => row.tieBreak)).toEqual(['TOP_ATTEMPTS', 'TOP_ATTEMPTS', 'TOP_ATTEMPTS', 'TOPS', 'ZONES', null]);
  });
});
