import { DomainError, fitsAgeCategory, placeInAgeCategory, racerAge, type AgeCategoryRange } from '@climbing/domain';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { ageCategories, events, organizations, raceAgeCategories, raceRegistrations, racers, type Race } from '../../db/schema/index.ts';
import { personOf, registrationsOfRace } from './registration-repository.ts';

export interface RaceAgeCategories {
  categories: (AgeCategoryRange & { id: number })[];
  /** The age of a racer born in `birthYear`, in this race (race date and the organization's season start month). */
  ageOf: (birthYear: number) => number;
}

/** The race's age categories and how ages are counted in it. */
export async function loadRacePlacement(db: Executor, race: Pick<Race, 'id' | 'eventId' | 'startingDate'>): Promise<RaceAgeCategories> {
  const categories = await db
    .select({ id: ageCategories.id, name: ageCategories.name, fromAge: ageCategories.fromAge, toAge: ageCategories.toAge })
    .from(raceAgeCategories)
    .innerJoin(ageCategories, eq(ageCategories.id, raceAgeCategories.ageCategoryId))
    .where(eq(raceAgeCategories.raceId, race.id))
    .orderBy(asc(ageCategories.fromAge), asc(ageCategories.id));
  const [organization] = await db
    .select({ seasonStartMonth: organizations.seasonStartMonth })
    .from(events)
    .innerJoin(organizations, eq(organizations.id, events.organizationId))
    .where(eq(events.id, race.eventId));
  return { categories, ageOf: (birthYear) => racerAge(birthYear, race.startingDate, organization?.seasonStartMonth ?? null) };
}

/**
 * The age category a racer is placed into (issue 9): the narrowest of the race's categories the
 * age fits, the younger one on a tie (placeInAgeCategory); null when the race has none or the
 * birth year is unknown.
 */
export function placeRacer(race: RaceAgeCategories, birthYear: number | null): number | null {
  if (birthYear === null || race.categories.length === 0) return null;
  return placeInAgeCategory(race.categories, race.ageOf(birthYear))?.id ?? null;
}

/**
 * Keeps the registrations (and their racers) of a race in one of its categories after the
 * race's categories or a racer's birth year changed: a category that still fits stays (an
 * admin's choice is kept), any other is placed again; none when nothing fits any more.
 */
export async function replaceRaceAgeCategories(db: Executor, race: Pick<Race, 'id' | 'eventId' | 'startingDate'>, registrationIds?: readonly number[]): Promise<void> {
  const placement = await loadRacePlacement(db, race);
  const records = await registrationsOfRace(db, race.id);
  const only = registrationIds ? new Set(registrationIds) : null;
  for (const record of records) {
    if (only && !only.has(record.registration.id)) continue;
    const { birthYear } = personOf(record);
    const current = placement.categories.find((category) => category.id === record.registration.ageCategoryId);
    const keeps = current !== undefined && birthYear !== null && fitsAgeCategory(current, placement.ageOf(birthYear));
    const ageCategoryId = keeps ? current.id : placeRacer(placement, birthYear);
    if (ageCategoryId === record.registration.ageCategoryId) continue;
    await db.update(raceRegistrations).set({ ageCategoryId }).where(eq(raceRegistrations.id, record.registration.id));
    await db.update(racers).set({ ageCategoryId }).where(eq(racers.registrationId, record.registration.id));
  }
}

/**
 * PUT /api/race-registration/{id}/age-category: an admin moves a racer to another category of the
 * race, only to one the racer's age fits (AGE_CATEGORY_DOES_NOT_FIT), never to a category of
 * another race (AGE_CATEGORY_NOT_FOUND).
 */
export async function assertCategoryChoice(db: Executor, race: Pick<Race, 'id' | 'eventId' | 'startingDate'>, birthYear: number | null, ageCategoryId: number): Promise<void> {
  const placement = await loadRacePlacement(db, race);
  const category = placement.categories.find((candidate) => candidate.id === ageCategoryId);
  if (!category) throw new DomainError('AGE_CATEGORY_NOT_FOUND', { fields: { ageCategoryId: 'validation.invalid' } });
  const age = birthYear === null ? null : placement.ageOf(birthYear);
  if (age === null || !fitsAgeCategory(category, age)) {
    throw new DomainError('AGE_CATEGORY_DOES_NOT_FIT', { fields: { ageCategoryId: 'validation.invalid' }, details: { age, fromAge: category.fromAge, toAge: category.toAge } });
  }
}
