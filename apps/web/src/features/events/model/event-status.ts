import type { RaceState } from '@climbing/domain';
import { isLiveState } from './race-state-view';

/** What an event's card says at a glance, from its races' states. */
export type EventStatus = { kind: 'LIVE'; raceId: number } | { kind: 'REGISTRATION' } | { kind: 'FINISHED' };

/**
 * A race being climbed makes the event live (with the first such race's live results); else a race
 * taking registrations says so; an event whose races are all finished is finished. Nothing for an
 * event still to come without open registration, or one without races.
 */
export function eventStatus(races: readonly { id: number; state: string }[]): EventStatus | null {
  const live = races.find((race) => isLiveState(race.state as RaceState));
  if (live) return { kind: 'LIVE', raceId: live.id };
  if (races.some((race) => race.state === 'OPEN_REGISTRATION')) return { kind: 'REGISTRATION' };
  if (races.length > 0 && races.every((race) => race.state === 'FINISHED')) return { kind: 'FINISHED' };
  return null;
}
