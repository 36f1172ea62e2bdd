import { RACE_STATES, type RaceState } from '@climbing/domain';

/**
 * The race's state as the judging and results pages read it (GET /api/race/{id} is read
 * leniently): null when unknown. A module of its own, not in race-info.ts: the live page loads
 * that one and has no use for this (a module's code goes to one chunk whole).
 */
export const raceStateOf = (race: { state?: string | null } | null | undefined): RaceState | null =>
  race?.state && (RACE_STATES as readonly string[]).includes(race.state) ? (race.state as RaceState) : null;
