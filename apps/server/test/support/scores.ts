import type { BoulderScore, Stage } from '@climbing/domain';
import type { Client } from './accounts.ts';

/** A racer as GET /api/racer/list answers it, with what the score helpers need. */
export interface ListedRacer {
  id: number;
  racerNumber: number;
  fullName: string;
  sex: 'M' | 'F';
  rounds: { id: number; version: number; boulders: { id: number | null }[] }[];
}

/** A result row as GET /api/results answers it, with what the ranking tests read. */
export interface ResultRowBody {
  racer: { id: number; racerNumber: number; fullName: string; sex: 'M' | 'F'; qualificationGroup: string | null };
  rank: number;
  ageCategory: { id: number; name: string } | null;
  categoryRank: number | null;
  tieBreak: string | null;
  empty: boolean;
}

export const top = (attempts: number, zone = 1): BoulderScore & { currentAttempt: number } => ({ topAttempts: attempts, zoneAttempts: Math.min(zone, attempts), currentAttempt: attempts });
export const zone = (attempts: number): BoulderScore & { currentAttempt: number } => ({ topAttempts: null, zoneAttempts: attempts, currentAttempt: attempts + 1 });
export const nothing = (): BoulderScore & { currentAttempt: number } => ({ topAttempts: null, zoneAttempts: null, currentAttempt: 3 });

export async function listRacers(api: Client, raceId: number, stage: Stage): Promise<ListedRacer[]> {
  const response = await api.call('GET', `/api/racer/list?race=${raceId}&stage=${stage}`);
  if (response.statusCode !== 200) throw new Error(`racer list: ${response.statusCode} ${response.body}`);
  return response.json();
}

/**
 * Enters the boulders of a stage through the judges' call (PUT /api/racer/{id}/round/{id}); a racer
 * for whom `scoreOf` answers null is left untouched (nothing entered).
 */
export async function enterBoulders(
  api: Client,
  token: string,
  raceId: number,
  stage: Stage,
  scoreOf: (racer: ListedRacer) => readonly (BoulderScore & { currentAttempt: number })[] | null,
): Promise<void> {
  for (const racer of await listRacers(api, raceId, stage)) {
    const scores = scoreOf(racer);
    const round = racer.rounds.find(Boolean);
    if (scores === null || !round) continue;
    const boulders = round.boulders.map((boulder, index) => ({ id: boulder.id, ...(scores[index] ?? nothing()) }));
    const response = await api.call('PUT', `/api/racer/${racer.id}/round/${round.id}`, { token, payload: { version: round.version, boulders } });
    if (response.statusCode !== 200) throw new Error(`scores of ${racer.racerNumber}: ${response.statusCode} ${response.body}`);
  }
}

export async function results(api: Client, raceId: number, query: string): Promise<ResultRowBody[]> {
  const response = await api.call('GET', `/api/results/${raceId}?${query}`);
  if (response.statusCode !== 200) throw new Error(`results ${query}: ${response.statusCode} ${response.body}`);
  return response.json();
}
