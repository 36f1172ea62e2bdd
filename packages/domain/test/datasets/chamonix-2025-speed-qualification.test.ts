import { describe, expect, it } from 'vitest';
import { formatSpeedTimes, rankSpeedQualification, speedBracket, speedBracketSize, type SpeedRun } from '../../src/index.ts';
import { loadResults } from './load-results.ts';

interface PublishedRun {
  lane: string;
  time_ms: number | null;
  status: 'time' | 'fall' | 'false_start_or_dns';
}

interface Athlete {
  name: string;
  published_rank: number;
  published_score: string;
  runs: PublishedRun[];
}

const data = loadResults<{ athletes: Athlete[] }>('speed_wc_chamonix2025_men_qualification.json');

const toRun = (run: PublishedRun): SpeedRun => ({
  timeMs: run.time_ms,
  fall: run.status === 'fall',
  falseStart: run.status === 'false_start_or_dns',
});

describe('IFSC WC Chamonix 2025, men speed qualification', () => {
  const ranking = rankSpeedQualification({
    racers: data.athletes.map((athlete) => ({ racerId: athlete.name, runs: athlete.runs.map(toRun) })),
  });
  const rowOf = new Map(ranking.map((row) => [row.racerId, row]));

  it.each(data.athletes)('ranks $name as published ($published_rank, $published_score)', (athlete) => {
    expect(rowOf.get(athlete.name)?.rank).toBe(athlete.published_rank);
  });

  it('shows every best time as published: truncated to hundredths, 3 decimals where needed', () => {
    const clean = data.athletes.filter((athlete) => !athlete.published_score.startsWith('FALSE START'));
    const shown = formatSpeedTimes(clean.map((athlete) => rowOf.get(athlete.name)?.bestTimeMs ?? null));
    // The tie-break time in brackets ("5.211 (5.23)") is not part of the best-time column.
    expect(shown).toEqual(clean.map((athlete) => athlete.published_score.split(' ')[0]));
  });

  it('seeds the top 16 into the eighth-finals, 1 v 16 first', () => {
    // False-starters are eliminated: only the racers with a time and no false start are eligible.
    const falseStarters = new Set(data.athletes.filter((athlete) => athlete.runs.some((run) => toRun(run).falseStart)).map((a) => a.name));
    const withTime = ranking.filter((row) => row.bestTimeMs !== null && !falseStarters.has(row.racerId));
    expect(speedBracketSize(withTime.length)).toBe(16);
    const heats = speedBracket(withTime);
    expect(heats[0]).toEqual({ stage: 'EIGHTH_FINAL', index: 0, racerA: 'LONG Jianguo', racerB: 'FOSSALI Ludovico' });
    expect(heats).toHaveLength(8);
  });
});
