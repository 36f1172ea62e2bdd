import { and, eq } from 'drizzle-orm';
import { canEditRoster, fitsAgeCategory, genderFits, yearOf, type Sex } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { ageCategories, events, qualificationGroups, raceRegistrations, racers, races } from '../../db/schema/index.ts';
import { loadRacePlacement, placeRacer, replaceRaceAgeCategories } from './age-category-placement.ts';

/** The person details a registration of an account takes from the profile. */
export interface RacerDetails {
  birthday: string | null;
  sex: Sex | null;
}

/**
 * A registration the profile change did not reach:
 * - KEPT: it is in the qualification already (a racer snapshot) or its race is past its roster,
 *   so it keeps the category (and sex) it had;
 * - NO_LONGER_FITS: it followed the change, but no age category of the race fits the new age any
 *   more, or the race or the group is for the other sex.
 * Either way the organiser has to look at it.
 */
export interface RegistrationToCheck {
  registrationId: number;
  raceId: number;
  raceName: string;
  eventId: number;
  eventName: string;
  ageCategoryName: string | null;
  reason: 'KEPT' | 'NO_LONGER_FITS';
}

const birthYearOf = (details: RacerDetails) => (details.birthday ? yearOf(details.birthday) : null);

/**
 * After an account's birth date or sex changed (inside the profile's transaction, the users row
 * already updated): each of the account's registrations whose roster may still change and whose
 * racer is not yet in the qualification takes its age category anew (a category that still fits
 * stays, as when an admin chose it); the others are left as they are. Answers the registrations the
 * racer must tell the organiser about: those left as they are although the change would move them,
 * and those that fit their race no more.
 */
export async function followRacerDetails(tx: Executor, userId: number, before: RacerDetails, after: RacerDetails): Promise<RegistrationToCheck[]> {
  const yearChanged = birthYearOf(before) !== birthYearOf(after);
  const sexChanged = before.sex !== after.sex;
  if (!yearChanged && !sexChanged) return [];
  const rows = await tx
    .select({
      registrationId: raceRegistrations.id,
      ageCategoryId: raceRegistrations.ageCategoryId,
      groupId: raceRegistrations.qualificationGroupId,
      race: races,
      eventName: events.name,
      snapshotId: racers.id,
      snapshotSex: racers.sex,
    })
    .from(raceRegistrations)
    .innerJoin(races, eq(races.id, raceRegistrations.raceId))
    .innerJoin(events, eq(events.id, races.eventId))
    .leftJoin(racers, and(eq(racers.registrationId, raceRegistrations.id), eq(racers.raceId, raceRegistrations.raceId)))
    .where(eq(raceRegistrations.userId, userId));
  const toCheck: RegistrationToCheck[] = [];
  const newYear = birthYearOf(after);
  for (const row of rows) {
    const { race } = row;
    const placement = await loadRacePlacement(tx, race);
    const categoryName = async (id: number | null) => {
      if (id === null) return null;
      const [category] = await tx.select({ name: ageCategories.name }).from(ageCategories).where(eq(ageCategories.id, id));
      return category?.name ?? null;
    };
    const note = async (reason: RegistrationToCheck['reason'], ageCategoryId: number | null) => {
      toCheck.push({ registrationId: row.registrationId, raceId: race.id, raceName: race.name, eventId: race.eventId, eventName: row.eventName, ageCategoryName: await categoryName(ageCategoryId), reason });
    };
    if (row.snapshotId !== null || !canEditRoster(race.state)) {
      // Left as it is: worth a word only when the change would have moved it.
      const current = placement.categories.find((category) => category.id === row.ageCategoryId);
      const stillFits = current !== undefined && newYear !== null && fitsAgeCategory(current, placement.ageOf(newYear));
      const categoryWouldMove = yearChanged && !stillFits && placeRacer(placement, newYear) !== row.ageCategoryId;
      // Without a snapshot the sex is read from the profile: only a snapshot keeps the old one.
      const sexWouldMove = sexChanged && row.snapshotSex !== null && row.snapshotSex !== after.sex;
      if (categoryWouldMove || sexWouldMove) await note('KEPT', row.ageCategoryId);
      continue;
    }
    if (yearChanged) await replaceRaceAgeCategories(tx, race, [row.registrationId]);
    const [updated] = await tx.select({ ageCategoryId: raceRegistrations.ageCategoryId }).from(raceRegistrations).where(eq(raceRegistrations.id, row.registrationId));
    const ageCategoryId = updated?.ageCategoryId ?? null;
    const [group] = row.groupId === null ? [] : await tx.select({ gender: qualificationGroups.gender }).from(qualificationGroups).where(eq(qualificationGroups.id, row.groupId));
    const sexFits = after.sex === null || (genderFits(race.raceGender, after.sex) && (!group || genderFits(group.gender, after.sex)));
    const ageFits = placement.categories.length === 0 || ageCategoryId !== null;
    if (!sexFits || !ageFits) await note('NO_LONGER_FITS', ageCategoryId);
  }
  return toCheck;
}
