import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { roundSchema, type Round } from './racer-list';

export interface BoulderWrite {
  id: number | null;
  boulderIndex: number;
  topAttempts: number | null;
  zoneAttempts: number | null;
  currentAttempt: number;
}

/**
 * PUT /api/racer/{racerId}/round/{roundId}: the changed boulders with the version the judge saw.
 * A stale version is answered 409 VERSION_CONFLICT with `details.current`, the round as it is now.
 */
export const saveBoulders = (racerId: number, roundId: number, version: number, boulders: readonly BoulderWrite[]): Promise<Round> =>
  apiRequest(`/api/racer/${racerId}/round/${roundId}`, {
    method: 'PUT',
    body: {
      version,
      boulders: boulders.map(({ id, boulderIndex, topAttempts, zoneAttempts, currentAttempt }) => ({
        ...(id === null ? { boulderIndex } : { id }),
        topAttempts,
        zoneAttempts,
        currentAttempt,
      })),
    },
    schema: roundSchema,
  });

export interface LeadRouteWrite {
  hold: number | null;
  plus: boolean;
  top: boolean;
  time: number | null;
}

/** PUT /api/racer/{racerId}/route/{routeId}: one lead route, guarded by the round's version. */
export const saveLeadRoute = (racerId: number, routeId: number, version: number, route: LeadRouteWrite): Promise<Round> =>
  apiRequest(`/api/racer/${racerId}/route/${routeId}`, { method: 'PUT', body: { id: routeId, ...route, version }, schema: roundSchema });

export interface SpeedRunWrite {
  /** Milliseconds; null only for a fall or a false start. */
  time: number | null;
  fall: boolean;
  falseStart: boolean;
}

/** PUT /api/racer/{racerId}/speed-route/{speedRouteId}: one speed qualification run, guarded by the round's version. */
export const saveSpeedRun = (racerId: number, speedRouteId: number, version: number, run: SpeedRunWrite): Promise<Round> =>
  apiRequest(`/api/racer/${racerId}/speed-route/${speedRouteId}`, {
    method: 'PUT',
    body: { time: run.time, fall: run.fall, falseStart: run.falseStart, version },
    schema: roundSchema,
  });

/** The fresh round carried by a VERSION_CONFLICT answer, if it is there and well formed. */
export const currentRoundOf = (details: unknown): Round | null => {
  const parsed = z.object({ current: roundSchema }).safeParse(details);
  return parsed.success ? parsed.data.current : null;
};
