import type { RaceState } from '@climbing/domain';

const LIVE_STATES: readonly RaceState[] = ['QUALIFICATION_ONGOING', 'SEMIFINALS', 'SEMIFINALS_ONGOING', 'FINALS', 'FINALS_ONGOING'];

/** A race with stages being climbed (or about to be): the live page is worth a link. */
export const isLiveState = (state: RaceState): boolean => LIVE_STATES.includes(state);

export const raceStateColor = (state: RaceState): string => {
  if (state === 'OPEN_REGISTRATION') return 'green';
  if (state === 'FINISHED') return 'dark';
  if (state === 'HIDDEN') return 'gray';
  return isLiveState(state) ? 'red' : 'blue';
};
