/** A profile field a racer needs for a race, named as the field the server's refusal points at. */
export type RacerProfileGap = 'sex' | 'birthday';

/** What the rule reads of a profile: an account's birthday, or the birth year where only that is known (shared profiles, one-time racers). */
export interface RacerProfileFacts {
  sex?: string | null;
  birthday?: string | null;
  birthYear?: number | null;
}

/**
 * What a racer's profile lacks for registering to a race (spec 5), in the order the server checks
 * it: the sex always (it decides whether the race is open to the racer and where they are ranked),
 * the birthday (or at least the birth year) when the race has age categories. The server refuses
 * registration with RACER_PROFILE_INCOMPLETE naming the first gap; the web app lists all of them
 * before the racer or the organiser confirms.
 */
export const racerProfileGaps = (race: { readonly ageCategories: readonly unknown[] }, profile: RacerProfileFacts): RacerProfileGap[] => {
  const gaps: RacerProfileGap[] = [];
  if (!profile.sex) gaps.push('sex');
  if (race.ageCategories.length > 0 && !profile.birthday && (profile.birthYear === null || profile.birthYear === undefined)) gaps.push('birthday');
  return gaps;
};
