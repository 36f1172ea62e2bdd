import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { ageCategories, events, qualificationGroups, racers, races } from '../../db/schema/index.ts';
import { personOf, type RegistrationRecord } from './registration-repository.ts';
import type { RegistrationView } from './registration-schemas.ts';

/**
 * Shapes registrations for the API. `full(record)` says whether the caller sees the private
 * details (birthday and e-mail of a one-time registration): the racer themself and the admins.
 */
export async function presentRegistrations(db: Executor, records: readonly RegistrationRecord[], full: (record: RegistrationRecord) => boolean): Promise<RegistrationView[]> {
  if (records.length === 0) return [];
  const raceIds = [...new Set(records.map((record) => record.registration.raceId))];
  const raceRows = await db
    .select({ id: races.id, name: races.name, state: races.state, discipline: races.discipline, startingDate: races.startingDate, endDate: races.endDate, eventId: races.eventId, eventName: events.name })
    .from(races)
    .innerJoin(events, eq(events.id, races.eventId))
    .where(inArray(races.id, raceIds));
  const groups = await db.select({ id: qualificationGroups.id, name: qualificationGroups.name }).from(qualificationGroups).where(inArray(qualificationGroups.raceId, raceIds));
  const racerRows = await db.select({ registrationId: racers.registrationId }).from(racers).where(inArray(racers.raceId, raceIds));
  const categoryIds = [...new Set(records.map((record) => record.registration.ageCategoryId).filter((id): id is number => id !== null))];
  const categories = categoryIds.length === 0 ? [] : await db.select({ id: ageCategories.id, name: ageCategories.name }).from(ageCategories).where(inArray(ageCategories.id, categoryIds));
  const inQualification = new Set(racerRows.map((row) => row.registrationId));
  return records.map((record) => {
    const { registration, user } = record;
    const person = personOf(record);
    const race = raceRows.find((row) => row.id === registration.raceId);
    if (!race) throw new Error(`registration ${registration.id} has no race`);
    const showAll = full(record);
    return {
      id: registration.id,
      raceId: registration.raceId,
      state: registration.state,
      racerNumber: registration.racerNumber,
      date: registration.date.toISOString(),
      qualificationGroupId: registration.qualificationGroupId,
      qualificationGroupName: groups.find((group) => group.id === registration.qualificationGroupId)?.name ?? null,
      ageCategory: categories.find((category) => category.id === registration.ageCategoryId) ?? null,
      fullName: person.fullName,
      inQualification: inQualification.has(registration.id),
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
