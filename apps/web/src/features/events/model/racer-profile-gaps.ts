import type { Race } from '../api/race';

export type RacerProfileGap = 'sex' | 'birthday';

/**
 * What an account's profile lacks for registering to this race, as the server refuses it
 * (RACER_PROFILE_INCOMPLETE in `assertRacerFits`): the sex always (it decides whether the race is
 * open to the racer and where they are ranked), the birthday when the race has age categories.
 * The dialog says so before Confirm; the server stays the authority.
 */
export const racerProfileGaps = (race: Pick<Race, 'ageCategories'>, profile: { sex?: string | null; birthday?: string | null }): RacerProfileGap[] => {
  const gaps: RacerProfileGap[] = [];
  if (!profile.sex) gaps.push('sex');
  if (race.ageCategories.length > 0 && !profile.birthday) gaps.push('birthday');
  return gaps;
};
