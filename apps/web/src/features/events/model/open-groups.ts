import type { Race } from '../api/race';

/** The groups a racer may pick: still open for registration and fitting the racer's sex (when known). */
export const openGroups = (race: Pick<Race, 'qualificationGroups'>, sex: 'M' | 'F' | null | undefined) =>
  race.qualificationGroups.filter(
    (group) =>
      group.state === 'OPEN_REGISTRATION' &&
      !group.internal &&
      (sex === null || sex === undefined || group.gender === 'MIXED' || (group.gender === 'MEN') === (sex === 'M')),
  );

export const groupOptions = (groups: readonly { id: number; name: string }[], label: (name: string) => string) =>
  groups.map((group) => ({ value: String(group.id), label: label(group.name) }));
