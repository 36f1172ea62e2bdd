import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, gte, inArray, lt, notInArray, or, type SQL } from 'drizzle-orm';
import { DomainError, compareDates, newCupDefaults, type IsoDate } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import {
  ageCategories,
  cupCategories,
  cupCategoryAgeCategories,
  cupCategoryRaces,
  cupRankCategories,
  cups,
  events,
  races,
  type Cup,
  type CupCategoryRace,
} from '../../db/schema/index.ts';
import type { Actor } from '../auth/policy.ts';
import { activeOrganizationSql } from '../events/event-access.ts';
import { findOrganization } from '../organizations/organization-presenter.ts';
import { findCup, findCupCategory } from './cup-access.ts';
import type { CreateCupInput, CupListQuery, CupRaceInput, UpdateCupInput } from './cup-schemas.ts';

type CategoryInput = NonNullable<CreateCupInput['categories']>[number];

function assertCupDates(startDate: IsoDate, endDate: IsoDate): void {
  if (compareDates(startDate, endDate) > 0) throw new DomainError('VALIDATION_FAILED', { fields: { endDate: 'validation.startAfterEnd' } });
}

/** Category names are unique in a cup; every age category belongs to the cup's organization. */
async function assertCategories(db: Executor, organizationId: number, categories: readonly CategoryInput[]): Promise<void> {
  const names = categories.map((category) => category.name);
  if (new Set(names).size !== names.length) throw new DomainError('VALIDATION_FAILED', { fields: { categories: 'validation.invalid' } });
  const ageCategoryIds = [...new Set(categories.flatMap((category) => category.ageCategoryIds))];
  if (ageCategoryIds.length === 0) return;
  const found = await db
    .select({ id: ageCategories.id })
    .from(ageCategories)
    .where(and(inArray(ageCategories.id, ageCategoryIds), eq(ageCategories.organizationId, organizationId)));
  if (found.length !== ageCategoryIds.length) throw new DomainError('VALIDATION_FAILED', { fields: { categories: 'validation.invalid' } });
}

async function setAgeCategories(db: Executor, cupCategoryId: number, ageCategoryIds: readonly number[]): Promise<void> {
  await db.delete(cupCategoryAgeCategories).where(eq(cupCategoryAgeCategories.cupCategoryId, cupCategoryId));
  const unique = [...new Set(ageCategoryIds)];
  if (unique.length > 0) await db.insert(cupCategoryAgeCategories).values(unique.map((ageCategoryId) => ({ cupCategoryId, ageCategoryId })));
}

async function insertCategory(db: Executor, cupId: number, category: CategoryInput, position: number): Promise<void> {
  const [row] = await db.insert(cupCategories).values({ cupId, name: category.name, sex: category.sex ?? null, position }).returning({ id: cupCategories.id });
  if (!row) throw new DomainError('CUP_CANNOT_BE_CREATED');
  await setAgeCategories(db, row.id, category.ageCategoryIds);
}

/**
 * POST /api/cup. What the body leaves out comes from the organization's global cup settings, then
 * from the spec 9 defaults (all three disciplines, public, open, every result counts, the end date
 * one day after the start).
 */
export async function createCup(app: FastifyInstance, input: CreateCupInput): Promise<Cup> {
  return app.db.transaction(async (tx) => {
    const organization = await findOrganization(tx, input.organizationId);
    if (!organization.active) throw new DomainError('ORGANIZATION_INACTIVE');
    const defaults = { ...newCupDefaults(input.startDate), ...organization.cupSettings };
    const endDate = input.endDate ?? defaults.endDate;
    assertCupDates(input.startDate, endDate);
    const categories = input.categories ?? [];
    await assertCategories(tx, organization.id, categories);
    const [cup] = await tx
      .insert(cups)
      .values({
        organizationId: organization.id,
        name: input.name,
        displayName: input.displayName ?? null,
        description: input.description ?? null,
        startDate: input.startDate,
        endDate,
        type: input.type ?? organization.cupSettings.type ?? 'CLASSIC',
        openCup: input.openCup ?? defaults.openCup,
        maxCountedResults: input.maxCountedResults === undefined ? (defaults.maxCountedResults ?? null) : input.maxCountedResults,
        oneResultFromAllDisciplines: input.oneResultFromAllDisciplines ?? defaults.oneResultFromAllDisciplines,
        raceLevelTieBreak: input.raceLevelTieBreak ?? defaults.raceLevelTieBreak,
        disciplines: [...new Set(input.disciplines ?? (defaults.disciplines.length > 0 ? defaults.disciplines : newCupDefaults(input.startDate).disciplines))],
        isPublic: input.isPublic ?? defaults.isPublic,
      })
      .returning();
    if (!cup) throw new DomainError('CUP_CANNOT_BE_CREATED');
    for (const [position, category] of categories.entries()) await insertCategory(tx, cup.id, category, position);
    return cup;
  });
}

/**
 * `categories` on PUT is the whole new list: a category with an id is kept (renamed, its age
 * categories replaced, its races kept), one without an id is added, and the cup's categories left
 * out are deleted with their races.
 */
async function replaceCategories(db: Executor, cup: Cup, categories: readonly CategoryInput[]): Promise<void> {
  await assertCategories(db, cup.organizationId, categories);
  const existing = await db.select({ id: cupCategories.id }).from(cupCategories).where(eq(cupCategories.cupId, cup.id));
  const existingIds = new Set(existing.map((row) => row.id));
  const keptIds = categories.map((category) => category.id).filter((id): id is number => id !== undefined);
  if (keptIds.some((id) => !existingIds.has(id)) || new Set(keptIds).size !== keptIds.length) throw new DomainError('CUP_CATEGORY_NOT_FOUND');
  await db.delete(cupCategories).where(keptIds.length > 0 ? and(eq(cupCategories.cupId, cup.id), notInArray(cupCategories.id, keptIds)) : eq(cupCategories.cupId, cup.id));
  // Two passes, so that swapping two names does not trip the unique (cup, name) constraint.
  for (const id of keptIds) await db.update(cupCategories).set({ name: `#renaming-${id}` }).where(eq(cupCategories.id, id));
  for (const [position, category] of categories.entries()) {
    if (category.id === undefined) {
      await insertCategory(db, cup.id, category, position);
    } else {
      await db.update(cupCategories).set({ name: category.name, sex: category.sex ?? null, position }).where(eq(cupCategories.id, category.id));
      await setAgeCategories(db, category.id, category.ageCategoryIds);
    }
  }
}

/** PUT /api/cup/{id}: absent fields unchanged. */
export async function updateCup(app: FastifyInstance, id: number, input: UpdateCupInput): Promise<Cup> {
  return app.db.transaction(async (tx) => {
    const current = await findCup(tx, id);
    const startDate = input.startDate ?? current.startDate;
    const endDate = input.endDate ?? current.endDate;
    assertCupDates(startDate, endDate);
    const [cup] = await tx
      .update(cups)
      .set({
        name: input.name ?? current.name,
        displayName: input.displayName === undefined ? current.displayName : input.displayName,
        description: input.description === undefined ? current.description : input.description,
        startDate,
        endDate,
        type: input.type ?? current.type,
        openCup: input.openCup ?? current.openCup,
        maxCountedResults: input.maxCountedResults === undefined ? current.maxCountedResults : input.maxCountedResults,
        oneResultFromAllDisciplines: input.oneResultFromAllDisciplines ?? current.oneResultFromAllDisciplines,
        raceLevelTieBreak: input.raceLevelTieBreak ?? current.raceLevelTieBreak,
        disciplines: input.disciplines ? [...new Set(input.disciplines)] : current.disciplines,
        isPublic: input.isPublic ?? current.isPublic,
      })
      .where(eq(cups.id, id))
      .returning();
    if (!cup) throw new DomainError('CUP_CANNOT_BE_UPDATED');
    if (input.categories) await replaceCategories(tx, cup, input.categories);
    return cup;
  });
}

/** DELETE /api/cup/{id}: the cup, its categories and their race links; races and results stay. */
export async function deleteCup(app: FastifyInstance, id: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    await findCup(tx, id);
    await tx.delete(cups).where(eq(cups.id, id));
  });
}

/** Which cups the actor may see in lists: public ones, and the internal ones of their organizations. */
function visibility(actor: Actor): SQL | undefined {
  if (actor.kind === 'USER' && actor.superAdmin) return undefined;
  const memberOf = actor.kind === 'USER' ? [...actor.memberships.keys()] : [];
  // A deactivated organization's cups are not public (its members still see them).
  return or(and(eq(cups.isPublic, true), activeOrganizationSql(cups.organizationId)), memberOf.length > 0 ? inArray(cups.organizationId, memberOf) : undefined);
}

/**
 * GET /api/cup: "actual" are the cups not finished yet (in progress or about to start), "history"
 * the finished ones (end date before today), newest first.
 */
export async function listCups(db: Executor, actor: Actor, query: CupListQuery, today: IsoDate): Promise<Cup[]> {
  const conditions: (SQL | undefined)[] = [visibility(actor)];
  if (query.period === 'actual') conditions.push(gte(cups.endDate, today));
  if (query.period === 'history') conditions.push(lt(cups.endDate, today));
  if (query.organizationId !== undefined) conditions.push(eq(cups.organizationId, query.organizationId));
  const order = query.period === 'history' ? [desc(cups.endDate), desc(cups.id)] : [asc(cups.startDate), asc(cups.id)];
  return db.select().from(cups).where(and(...conditions)).orderBy(...order).limit(500);
}

/**
 * POST /api/cup/{id}/category/{categoryId}/race. The race's discipline must be one of the cup's;
 * its event belongs to the cup's organization or is public and published (a federation's cup may
 * count its clubs' races); the points table is one of the organization's cup rank categories.
 */
export async function addCupRace(app: FastifyInstance, cupId: number, categoryId: number, input: CupRaceInput): Promise<CupCategoryRace> {
  return app.db.transaction(async (tx) => {
    const cup = await findCup(tx, cupId);
    await findCupCategory(tx, cupId, categoryId);
    const [row] = await tx.select({ race: races, event: events }).from(races).innerJoin(events, eq(events.id, races.eventId)).where(eq(races.id, input.raceId));
    if (!row) throw new DomainError('RACE_NOT_FOUND');
    const ownRace = row.event.organizationId === cup.organizationId;
    const visible = row.event.isPublic && !row.event.isHidden && row.race.state !== 'HIDDEN';
    if (!cup.disciplines.includes(row.race.discipline) || (!ownRace && !visible)) throw new DomainError('CUP_RACE_NOT_ALLOWED');
    const [rankCategory] = await tx
      .select({ id: cupRankCategories.id })
      .from(cupRankCategories)
      .where(and(eq(cupRankCategories.id, input.cupRankCategoryId), eq(cupRankCategories.organizationId, cup.organizationId)));
    if (!rankCategory) throw new DomainError('CUP_RANK_CATEGORY_NOT_FOUND');
    const [existing] = await tx
      .select({ id: cupCategoryRaces.id })
      .from(cupCategoryRaces)
      .where(and(eq(cupCategoryRaces.cupCategoryId, categoryId), eq(cupCategoryRaces.raceId, input.raceId)));
    if (existing) throw new DomainError('CUP_RACE_ALREADY_ADDED');
    const [link] = await tx.insert(cupCategoryRaces).values({ cupCategoryId: categoryId, raceId: input.raceId, cupRankCategoryId: rankCategory.id }).returning();
    if (!link) throw new DomainError('CUP_CANNOT_BE_UPDATED');
    return link;
  });
}

/** DELETE /api/cup/{id}/category/{categoryId}/race/{cupCategoryRaceId}. */
export async function removeCupRace(app: FastifyInstance, cupId: number, categoryId: number, cupCategoryRaceId: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    await findCupCategory(tx, cupId, categoryId);
    const [deleted] = await tx
      .delete(cupCategoryRaces)
      .where(and(eq(cupCategoryRaces.id, cupCategoryRaceId), eq(cupCategoryRaces.cupCategoryId, categoryId)))
      .returning({ id: cupCategoryRaces.id });
    if (!deleted) throw new DomainError('CUP_CATEGORY_RACE_NOT_FOUND');
  });
}
