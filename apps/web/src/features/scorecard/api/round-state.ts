import type { RoundState } from '@climbing/domain';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/**
 * PUT /api/round/state: STARTED starts a READY round or reopens a CLOSED one, CLOSED closes,
 * READY restarts (erases the entered results).
 */
export const changeRoundState = (roundIds: readonly number[], state: RoundState) =>
  apiRequest('/api/round/state', {
    method: 'PUT',
    body: { roundIds, state },
    schema: z.array(z.object({ id: z.number(), state: z.string(), version: z.number() })),
  });

/** PUT /api/race/{id}/state: start semifinal or final, end the race (the states GET /api/race offers). */
export const changeRaceState = (raceId: number, state: string) => apiRequest(`/api/race/${raceId}/state`, { method: 'PUT', body: { state } });
