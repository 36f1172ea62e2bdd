import { asc, eq, inArray } from 'drizzle-orm';
import { cupDisplayState, type IsoDate } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { ageCategories, cupCategories, cupCategoryAgeCategories, cupCategoryRaces, cupRankCategories, events, organizations, races, type Cup } from '../../db/schema/index.ts';
import type { Actor } from '../auth/policy.ts';
import { raceSight } from './cup-access.ts';
import type { CupSummary, CupView } from './cup-schemas.ts';

/** The public cup summaries of a list, in one extra query. */
export async function presentCupSummaries(db: Executor, rows: readonly Cup[], today: IsoDate): Promise<CupSummary[]> {
  const organizationIds = [...new Set(rows.map((cup) => cup.organizationId))];
  const names = organizationIds.length > 0 ? await db.select({ id: organizations.id, name: organizations.name }).from(organizations).where(inArray(organizations.id, organizationIds)) : [];
  return rows.map((cup) => ({
    id: cup.id,
    name: cup.name,
    displayName: cup.displayName,
    organizationId: cup.organizationId,
    organizationName: names.find((row) => row.id === cup.organizationId)?.name ?? '',
    startDate: cup.startDate,
    endDate: cup.endDate,
    isPublic: cup.isPublic,
    state: cupDisplayState(cup, today),
  }));
}

/** The whole cup with its categories, their age categories and their races (GET /api/cup/{id} and every write). */
export async function presentCup(db: Executor, cup: Cup, today: IsoDate, actor: Actor, canManage: boolean): Promise<CupView> {
  const [summary] = await presentCupSummaries(db, [cup], today);
  const categoryRows = await db.select().from(cupCategories).where(eq(cupCategories.cupId, cup.id)).orderBy(asc(cupCategories.position), asc(cupCategories.id));
  const categoryIds = categoryRows.map((category) => category.id);
  const ageRows = categoryIds.length > 0
    ? await db
        .select({ cupCategoryId: cupCategoryAgeCategories.cupCategoryId, id: ageCategories.id, name: ageCategories.name })
        .from(cupCategoryAgeCategories)
        .innerJoin(ageCategories, eq(ageCategories.id, cupCategoryAgeCategories.ageCategoryId))
        .where(inArray(cupCategoryAgeCategories.cupCategoryId, categoryIds))
        .orderBy(asc(ageCategories.fromAge), asc(ageCategories.id))
    : [];
  const raceRows = categoryIds.length > 0
    ? await db
        .select({ link: cupCategoryRaces, race: races, event: events, organizationActive: organizations.active, rankCategoryName: cupRankCategories.name })
        .from(cupCategoryRaces)
        .innerJoin(races, eq(races.id, cupCategoryRaces.raceId))
        .innerJoin(events, eq(events.id, races.eventId))
        .innerJoin(organizations, eq(organizations.id, events.organizationId))
        .innerJoin(cupRankCategories, eq(cupRankCategories.id, cupCategoryRaces.cupRankCategoryId))
        .where(inArray(cupCategoryRaces.cupCategoryId, categoryIds))
        .orderBy(asc(races.startingDate), asc(races.id))
    : [];
  if (!summary) throw new Error('cup summary missing');
  return {
    ...summary,
    description: cup.description,
    type: cup.type,
    openCup: cup.openCup,
    maxCountedResults: cup.maxCountedResults,
    oneResultFromAllDisciplines: cup.oneResultFromAllDisciplines,
    raceLevelTieBreak: cup.raceLevelTieBreak,
    disciplines: cup.disciplines,
    canManage,
    categories: categoryRows.map((category) => ({
      id: category.id,
      name: category.name,
      sex: category.sex,
      ageCategories: ageRows.filter((row) => row.cupCategoryId === category.id).map(({ id, name }) => ({ id, name })),
      races: raceRows
        .map((row) => ({ ...row, sight: raceSight(actor, row.event, row.race, row.organizationActive) }))
        .filter((row) => row.link.cupCategoryId === category.id && (row.sight.visible || canManage))
        .map((row) => ({
          id: row.link.id,
          raceId: row.race.id,
          raceName: row.race.name,
          eventId: row.race.eventId,
          eventName: row.event.name,
          eventDisplayName: row.event.displayName,
          discipline: row.race.discipline,
          startingDate: row.race.startingDate,
          cupRankCategoryId: row.link.cupRankCategoryId,
          cupRankCategoryName: row.rankCategoryName,
          cupId: cup.id,
          cupName: cup.name,
          cupCategoryId: category.id,
          cupCategoryName: category.name,
          isPublic: row.sight.isPublic,
        })),
    })),
  };
}
