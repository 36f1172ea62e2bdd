import { describe, expect, it } from 'vitest';
import { rankLeadRound, type LeadScore } from '../../src/index.ts';
import { loadResults } from './load-results.ts';

interface Athlete {
  name: string;
  published_rank: number;
  result: string;
  top: boolean;
  plus: boolean;
  time_ms: number | null;
  previous_round_rank: number;
}

const data = loadResults<{ athletes: Athlete[] }>('lead_wc_wujiang2025_men_semifinal.json');

// The API publishes "41+", "40" or "TOP"; holds may be halves ("26.5+").
const toScore = (athlete: Athlete): LeadScore => {
  const top = athlete.top || athlete.result.toUpperCase() === 'TOP';
  const hold = top ? 0 : Number.parseFloat(athlete.result);
  return { hold, plus: athlete.result.endsWith('+'), top, timeMs: athlete.time_ms };
};

describe('IFSC WC Wujiang 2025, men lead semi-final (height, count-back to qualification)', () => {
  const ranking = rankLeadRound({
    racers: data.athletes.map((athlete) => ({ racerId: athlete.name, route: toScore(athlete) })),
    previousRanks: Object.fromEntries(data.athletes.map((athlete) => [athlete.name, athlete.previous_round_rank])),
  });
  const rowOf = new Map(ranking.map((row) => [row.racerId, row]));

  it.each(data.athletes)('ranks $name as published ($published_rank)', (athlete) => {
    expect(rowOf.get(athlete.name)?.rank).toBe(athlete.published_rank);
  });

  it('separates Schenk from the two leaders by count-back and leaves the leaders tied', () => {
    expect(rowOf.get('ANRAKU Sorato')?.tieBreak).toBeNull();
    expect(rowOf.get('GINÉS LÓPEZ Alberto')?.tieBreak).toBe('COUNTBACK');
    expect(rowOf.get('SCHENK Filip')?.tieBreak).toBe('HEIGHT');
  });
});
