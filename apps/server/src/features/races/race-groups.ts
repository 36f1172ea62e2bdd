import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { DomainError, groupLabel, type RaceGender } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { ageCategories, qualificationGroups, raceAgeCategories, raceRegistrations, racers, type QualificationGroup, type Race } from '../../db/schema/index.ts';
import { replaceRaceAgeCategories } from '../registrations/age-category-placement.ts';
import type { GroupInput } from './race-schemas.ts';

/** The first group of a new race when the body names none: registration needs a group to land in. */
const DEFAULT_GROUPS: GroupInput[] = [{}];

async function groupIsUsed(tx: Executor, groupId: number): Promise<boolean> {
  const [registrations] = await tx.select({ total: count() }).from(raceRegistrations).where(eq(raceRegistrations.qualificationGroupId, groupId));
  const [racerRows] = await tx.select({ total: count() }).from(racers).where(eq(racers.qualificationGroupId, groupId));
  return (registrations?.total ?? 0) > 0 || (racerRows?.total ?? 0) > 0;
}

/**
 * Makes the race's groups the listed ones, in that order, lettered A, B, C... by position.
 * Listed ids keep their group (and its registrations); id 0 or none is a new group; a group left
 * out is deleted, which is refused while it has registrations (QUALIFICATION_GROUP_CANNOT_BE_REMOVED).
 * Without a list a new race gets one group A; an existing race keeps its groups.
 */
export async function saveGroups(tx: Executor, raceId: number, raceGender: RaceGender, inputs: readonly GroupInput[] | undefined, isNew: boolean): Promise<void> {
  if (inputs === undefined && !isNew) return;
  const wanted = inputs && inputs.length > 0 ? inputs : isNew ? DEFAULT_GROUPS : [];
  if (wanted.length === 0) throw new DomainError('QUALIFICATION_GROUP_CANNOT_BE_REMOVED', { fields: { qualificationGroups: 'validation.notEmpty' } });
  const existing: QualificationGroup[] = isNew ? [] : await tx.select().from(qualificationGroups).where(eq(qualificationGroups.raceId, raceId));
  const keptIds = new Set<number>();
  for (const input of wanted) {
    if (!input.id) continue;
    if (!existing.some((group) => group.id === input.id) || keptIds.has(input.id)) throw new DomainError('QUALIFICATION_GROUP_NOT_VALID', { details: { id: input.id } });
    keptIds.add(input.id);
  }
  for (const group of existing.filter((candidate) => !keptIds.has(candidate.id))) {
    if (await groupIsUsed(tx, group.id)) throw new DomainError('QUALIFICATION_GROUP_CANNOT_BE_REMOVED', { details: { id: group.id, name: group.name } });
    await tx.delete(qualificationGroups).where(eq(qualificationGroups.id, group.id));
  }
  // Names are unique per race: park the kept groups on temporary names before lettering them again.
  for (const id of keptIds) await tx.update(qualificationGroups).set({ name: `~${id}` }).where(eq(qualificationGroups.id, id));
  for (const [position, input] of wanted.entries()) {
    const current = input.id ? existing.find((group) => group.id === input.id) : undefined;
    const values = {
      name: groupLabel(position),
      position,
      gender: input.gender ?? current?.gender ?? raceGender,
      internal: input.internal ?? current?.internal ?? false,
    };
    if (current) await tx.update(qualificationGroups).set(values).where(eq(qualificationGroups.id, current.id));
    else await tx.insert(qualificationGroups).values({ raceId, ...values });
  }
}

/**
 * Age categories of a race must be the organization's own (AGE_CATEGORY_NOT_FOUND otherwise). The
 * race's registrations are placed again into the new categories (replaceRaceAgeCategories).
 */
export async function saveRaceAgeCategories(tx: Executor, race: Pick<Race, 'id' | 'eventId' | 'startingDate'>, organizationId: number, input: readonly (number | { id: number })[] | undefined): Promise<void> {
  const raceId = race.id;
  if (input === undefined) return;
  const ids = [...new Set(input.map((item) => (typeof item === 'number' ? item : item.id)))];
  if (ids.length > 0) {
    const found = await tx
      .select({ id: ageCategories.id })
      .from(ageCategories)
      .where(and(inArray(ageCategories.id, ids), eq(ageCategories.organizationId, organizationId)));
    if (found.length !== ids.length) throw new DomainError('AGE_CATEGORY_NOT_FOUND', { fields: { ageCategories: 'validation.invalid' } });
  }
  await tx.delete(raceAgeCategories).where(eq(raceAgeCategories.raceId, raceId));
  if (ids.length > 0) await tx.insert(raceAgeCategories).values(ids.map((ageCategoryId) => ({ raceId, ageCategoryId })));
  await replaceRaceAgeCategories(tx, race);
}

/** True when the race has racers (a group moved to qualification): its discipline can no longer change. */
export async function raceHasRacers(tx: Executor, raceId: number): Promise<boolean> {
  const [row] = await tx.select({ total: count() }).from(racers).where(and(eq(racers.raceId, raceId), isNotNull(racers.id)));
  return (row?.total ?? 0) > 0;
}
