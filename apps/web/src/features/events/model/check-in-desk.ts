import type { Race } from '../api/race';
import type { Registration } from '../api/registrations';

/** Lower case without diacritics, so "stastny" finds "Šťastný" at the desk. */
export const foldText = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export const clubOf = (registration: Registration): string | null => registration.user?.club ?? registration.unregisteredUser?.club ?? null;

/**
 * The desk's search, as the organiser types: digits find racer numbers starting with them; words
 * must each occur in the name or the club (any order, any case, diacritics ignored). Empty = all.
 * Results in racer-number order.
 */
export function searchDesk(registrations: readonly Registration[], query: string): Registration[] {
  const trimmed = query.trim();
  const sorted = [...registrations].sort((a, b) => a.racerNumber - b.racerNumber);
  if (trimmed === '') return sorted;
  if (/^\d+$/.test(trimmed)) return sorted.filter((registration) => String(registration.racerNumber).startsWith(trimmed));
  const words = foldText(trimmed).split(/\s+/);
  return sorted.filter((registration) => {
    const haystack = foldText(`${registration.fullName} ${clubOf(registration) ?? ''}`);
    return words.every((word) => haystack.includes(word));
  });
}

export interface GroupCounts {
  registered: number;
  present: number;
  /** Not checked in yet (no presence at all): what "mark all of the group present" marks. */
  missing: number;
  /**
   * Marked not present at the desk (a no-show or a withdrawal): counted apart from the missing ones,
   * as "mark all present" leaves them out, so a group with only no-shows left shows the button off
   * with nobody said to be missing.
   */
  notPresent: number;
}

/** Registered, present, missing (not checked in) and not present racers of one group. */
export function groupCounts(registrations: readonly Registration[], groupId: number): GroupCounts {
  const inGroup = registrations.filter((registration) => registration.qualificationGroupId === groupId);
  const count = (state: Registration['state']) => inGroup.filter((registration) => registration.state === state).length;
  return { registered: inGroup.length, present: count('PRESENT'), missing: count(null), notPresent: count('NOT_PRESENT') };
}

/**
 * The groups the desk can move a racer to (PUT /api/race-registration/{id}/group): groups still
 * open for registration that fit the racer's sex, the racer's own first. Empty when the racer
 * cannot move (already in a starting order) or has no other group to go to.
 */
export function moveTargets(race: Pick<Race, 'qualificationGroups'>, registration: Registration): Race['qualificationGroups'] {
  if (registration.inQualification) return [];
  const sex = registration.user?.sex ?? registration.unregisteredUser?.sex ?? null;
  const fits = (group: Race['qualificationGroups'][number]) => sex === null || group.gender === 'MIXED' || (group.gender === 'MEN') === (sex === 'M');
  const open = race.qualificationGroups.filter((group) => group.state === 'OPEN_REGISTRATION' && group.id !== registration.qualificationGroupId && fits(group));
  if (open.length === 0) return [];
  const own = race.qualificationGroups.filter((group) => group.id === registration.qualificationGroupId);
  return [...own, ...open];
}
