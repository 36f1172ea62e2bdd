import { and, asc, eq } from 'drizzle-orm';
import { DomainError, IFSC_POINTS_TABLE } from '@climbing/domain';
import type { Database } from '../../db/database.ts';
import { ageCategories, cupRankCategories, type AgeCategory, type CupRankCategory } from '../../db/schema/index.ts';
import { isForeignKeyViolation } from '../../lib/postgres-errors.ts';
import type { AgeCategoryInput, CupRankCategoryInput } from './organization-schemas.ts';

export const listAgeCategories = (db: Database, organizationId: number): Promise<AgeCategory[]> =>
  db.select().from(ageCategories).where(eq(ageCategories.organizationId, organizationId)).orderBy(asc(ageCategories.fromAge), asc(ageCategories.id));

export async function createAgeCategory(db: Database, organizationId: number, input: AgeCategoryInput): Promise<AgeCategory> {
  const [row] = await db.insert(ageCategories).values({ organizationId, name: input.name, fromAge: input.fromAge, toAge: input.toAge ?? null }).returning();
  if (!row) throw new DomainError('AGE_CATEGORY_CANNOT_BE_CREATED');
  return row;
}

/** The category id is looked up within the organization, so one organization's id cannot reach another's category. */
export async function updateAgeCategory(db: Database, organizationId: number, id: number, input: AgeCategoryInput): Promise<AgeCategory> {
  const [row] = await db
    .update(ageCategories)
    .set({ name: input.name, fromAge: input.fromAge, toAge: input.toAge ?? null })
    .where(and(eq(ageCategories.id, id), eq(ageCategories.organizationId, organizationId)))
    .returning();
  if (!row) throw new DomainError('AGE_CATEGORY_NOT_FOUND');
  return row;
}

/** A category used by a race or a cup category stays (the database refuses the delete). */
export async function deleteAgeCategory(db: Database, organizationId: number, id: number): Promise<void> {
  try {
    const [row] = await db.delete(ageCategories).where(and(eq(ageCategories.id, id), eq(ageCategories.organizationId, organizationId))).returning({ id: ageCategories.id });
    if (!row) throw new DomainError('AGE_CATEGORY_NOT_FOUND');
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new DomainError('AGE_CATEGORY_CANNOT_BE_DELETED');
    throw error;
  }
}

export const listCupRankCategories = (db: Database, organizationId: number): Promise<CupRankCategory[]> =>
  db.select().from(cupRankCategories).where(eq(cupRankCategories.organizationId, organizationId)).orderBy(asc(cupRankCategories.level), asc(cupRankCategories.id));

/** Without rankPoints the IFSC table of the domain is used, cut to the number of ranks. */
function cupRankValues(input: CupRankCategoryInput) {
  return {
    name: input.name,
    numberOfRanks: input.numberOfRanks,
    level: input.level ?? 0,
    rankPoints: input.rankPoints ?? IFSC_POINTS_TABLE.slice(0, input.numberOfRanks),
    pointsDecimals: input.pointsDecimals ?? 2,
  };
}

export async function createCupRankCategory(db: Database, organizationId: number, input: CupRankCategoryInput): Promise<CupRankCategory> {
  const [row] = await db.insert(cupRankCategories).values({ organizationId, ...cupRankValues(input) }).returning();
  if (!row) throw new DomainError('CONFLICT');
  return row;
}

export async function updateCupRankCategory(db: Database, organizationId: number, id: number, input: CupRankCategoryInput): Promise<CupRankCategory> {
  const [row] = await db
    .update(cupRankCategories)
    .set(cupRankValues(input))
    .where(and(eq(cupRankCategories.id, id), eq(cupRankCategories.organizationId, organizationId)))
    .returning();
  if (!row) throw new DomainError('CUP_RANK_CATEGORY_NOT_FOUND');
  return row;
}

export async function deleteCupRankCategory(db: Database, organizationId: number, id: number): Promise<void> {
  try {
    const [row] = await db
      .delete(cupRankCategories)
      .where(and(eq(cupRankCategories.id, id), eq(cupRankCategories.organizationId, organizationId)))
      .returning({ id: cupRankCategories.id });
    if (!row) throw new DomainError('CUP_RANK_CATEGORY_NOT_FOUND');
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new DomainError('CUP_RANK_CATEGORY_CANNOT_BE_DELETED');
    throw error;
  }
}
