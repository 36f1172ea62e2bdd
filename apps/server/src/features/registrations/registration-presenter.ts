import { eq, inArray } from 'drizzle-orm';
import { fitsAgeCategory, possibleDuplicates, selfCheckInRefusal } from '@climbing/domain';
import { today } from '../../lib/today.ts';
import type { Executor } from '../../db/database.ts';
import { ageCategories, events, qualificationGroups, racers, races } from '../../db/schema/index.ts';
import { personOf, type RegistrationRecord } from './registration-repository.ts';
import type { RegistrationView } from './registration-schemas.ts';
import type { CheckInCodes } from '../check-in/check-in-codes.ts';
import { loadRacePlacement, type RaceAgeCategories } from './age-category-placement.ts';
import { registrationsWithResults } from '../races/racer-results.ts';

/**
 * Shapes registrations for the API. `full(record)` says whether the caller sees the private
 * details (birthday and e-mail of a one-time registration, the check-in code when `codes` is
 * given): the racer themself and the admins.
 */
export async function presentRegistrations(
  db: Executor,
  records: readonly RegistrationRecord[],
  full: (record: RegistrationRecord) => boolean,
  codes?: CheckInCodes,
): Promise<RegistrationView[]> {
  if (records.length === 0) return [];
  const raceIds = [...new Set(records.map((record) => record.registration.raceId))];
  const raceRows = await db
    .select({
      id: races.id,
      name: races.name,
      state: races.state,
      discipline: races.discipline,
      startingDate: races.startingDate,
      endDate: races.endDate,
      eventId: races.eventId,
      eventName: events.name,
      eventDisplayName: events.displayName,
      selfCheckInDays: races.selfCheckInDays,
    })
    .from(races)
    .innerJoin(events, eq(events.id, races.eventId))
    .where(inArray(races.id, raceIds));
  const groups = await db
    .select({ id: qualificationGroups.id, name: qualificationGroups.name, state: qualificationGroups.state })
    .from(qualificationGroups)
    .where(inArray(qualificationGroups.raceId, raceIds));
  const racerRows = await db.select({ registrationId: racers.registrationId }).from(racers).where(inArray(racers.raceId, raceIds));
  const categoryIds = [...new Set(records.map((record) => record.registration.ageCategoryId).filter((id): id is number => id !== null))];
  const categories = categoryIds.length === 0 ? [] : await db.select({ id: ageCategories.id, name: ageCategories.name }).from(ageCategories).where(inArray(ageCategories.id, categoryIds));
  const inQualification = new Set(racerRows.map((row) => row.registrationId));
  const withResults = inQualification.size === 0 ? new Set<number>() : await registrationsWithResults(db, raceIds);
  // Possible second entries of one person in a race (issue 11, item 8): for the event's admins only.
  const duplicates = new Map<number, number>();
  const recordsOfRace = new Map<number, RegistrationRecord[]>();
  for (const record of records) {
    const own = recordsOfRace.get(record.registration.raceId);
    if (own) own.push(record);
    else recordsOfRace.set(record.registration.raceId, [record]);
  }
  const raceById = new Map(raceRows.map((row) => [row.id, row]));
  // The categories each racer may be moved to (the desk offered every category, and the server refused most).
  const placements = new Map<number, RaceAgeCategories>();
  for (const row of raceRows) placements.set(row.id, await loadRacePlacement(db, row));
  const groupById = new Map(groups.map((group) => [group.id, group]));
  const categoryById = new Map(categories.map((category) => [category.id, category]));
  for (const raceId of raceIds) {
    const ofRace = recordsOfRace.get(raceId) ?? [];
    const people = ofRace.map((record) => ({ ...personOf(record), id: record.registration.id, date: record.registration.date.toISOString() }));
    for (const [id, original] of possibleDuplicates(people)) duplicates.set(id, original);
  }
  return records.map((record) => {
    const { registration, user } = record;
    const person = personOf(record);
    const raceRow = raceById.get(registration.raceId);
    if (!raceRow) throw new Error(`registration ${registration.id} has no race`);
    const { selfCheckInDays, ...race } = raceRow;
    const group = registration.qualificationGroupId === null ? undefined : groupById.get(registration.qualificationGroupId);
    const showAll = full(record);
    const placement = placements.get(registration.raceId);
    const age = person.birthYear === null || !placement ? null : placement.ageOf(person.birthYear);
    const fittingAgeCategoryIds = age === null || !placement ? [] : placement.categories.filter((category) => fitsAgeCategory(category, age)).map((category) => category.id);
    return {
      id: registration.id,
      raceId: registration.raceId,
      state: registration.state,
      racerNumber: registration.racerNumber,
      date: registration.date.toISOString(),
      qualificationGroupId: registration.qualificationGroupId,
      qualificationGroupName: group?.name ?? null,
      ageCategory: registration.ageCategoryId === null ? null : (categoryById.get(registration.ageCategoryId) ?? null),
      fittingAgeCategoryIds,
      fullName: person.fullName,
      inQualification: inQualification.has(registration.id),
      hasResults: withResults.has(registration.id),
      possibleDuplicateOf: showAll ? (duplicates.get(registration.id) ?? null) : null,
      checkInCode: showAll && codes ? codes.codeFor(registration.raceId, registration.id) : null,
      selfCheckInOpen: registration.state !== 'PRESENT' && selfCheckInRefusal({ ...race, selfCheckInDays }, group?.state ?? null, today()) === null,
      user: user
        ? { id: user.id, name: user.name, surname: user.surname, sex: user.sex, birthYear: person.birthYear, country: person.country, club: user.club, organizationId: user.organizationId }
        : null,
      unregisteredUser: user
        ? null
        : {
            name: person.name,
            surname: person.surname,
            club: person.club,
            sex: person.sex,
            country: person.country,
            birthday: showAll ? person.birthday : null,
            birthYear: person.birthYear,
            email: showAll ? person.email : null,
          },
      race,
    };
  });
}
