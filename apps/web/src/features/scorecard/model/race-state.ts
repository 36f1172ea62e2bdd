import { RACE_STATES, type RaceState } from '@climbing/domain';

/** The race's state as the judging pages read it (GET /api/race/{id} is read leniently): null when unknown. */
export const raceStateOf = (race: { state?: string | null } | null | undefined): RaceState | null =>
  race?.state && (RACE_STATES as readonly string[]).includes(race.state) ? (race.state as RaceState) : null;
