import { genderFits, groupTakesLateEntries, type Sex } from '@climbing/domain';
import type { Race } from '../api/race';

/** The order the sex field lists them in. */
const SEX_ORDER: readonly Sex[] = ['F', 'M'];

/**
 * The groups a walk-in may join at the desk: every group not closed yet (a running one takes the
 * racer at the end of its starting order), and, once the racer's sex is known, fitting it. The
 * server refuses the others (`chooseGroup`: the group's state and gender).
 */
export const walkInGroups = (race: Pick<Race, 'qualificationGroups'>, sex: Sex | null | undefined) =>
  race.qualificationGroups.filter((group) => groupTakesLateEntries(group.state) && (sex === null || sex === undefined || genderFits(group.gender, sex)));

export interface WalkInSexes {
  /** The sexes to offer, in the field's order. */
  sexes: Sex[];
  /**
   * Why fewer than both: the race's gender (`RACE`), or a mixed race whose groups still taking
   * racers are all of one sex (`GROUPS`); null when both are offered.
   */
  limitedBy: 'RACE' | 'GROUPS' | null;
}

/**
 * The sexes a walk-in may have: those the race's gender takes (`genderFits`, as the server checks
 * it), and of those the ones a group still taking racers fits. A race whose open groups fit none
 * of them keeps the race's choice: the server's answer then names the problem.
 */
export const walkInSexes = (race: Pick<Race, 'raceGender' | 'qualificationGroups'>): WalkInSexes => {
  const byRace = raceSexes(race);
  const groups = walkInGroups(race, null);
  const byGroups = byRace.filter((sex) => groups.some((group) => genderFits(group.gender, sex)));
  if (byGroups.length > 0 && byGroups.length < byRace.length) return { sexes: byGroups, limitedBy: 'GROUPS' };
  return { sexes: byRace, limitedBy: byRace.length < SEX_ORDER.length ? 'RACE' : null };
};

/** The sexes a race's gender takes (`genderFits`, as the server checks a registration), in the field's order. */
export const raceSexes = (race: Pick<Race, 'raceGender'>): Sex[] => SEX_ORDER.filter((sex) => genderFits(race.raceGender, sex));

/** The one sex to preselect: the only one offered; null when there is a choice. */
export const onlySex = ({ sexes }: WalkInSexes): Sex | null => (sexes.length === 1 ? (sexes[0] ?? null) : null);
