import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, primaryKey, smallint, text, unique } from 'drizzle-orm/pg-core';
import { cupTypeEnum, disciplineEnum, sexEnum } from './enums.ts';
import { ageCategories, organizations } from './organizations.ts';
import { races } from './races.ts';
import { timestamps } from './timestamps.ts';

/**
 * Spec 3 Cup rank category: a points table (points for rank 1, 2, ... numberOfRanks) with a level
 * used by the race-level tie-break. Points are `numeric[]`: exact like integers, yet a federation
 * table with half points (or averaged points for tied ranks) stays representable; Drizzle maps them
 * to JS numbers. Ranks beyond the table score 0. `pointsDecimals` is the display precision of
 * cup rankings.
 */
export const cupRankCategories = pgTable(
  'cup_rank_categories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    numberOfRanks: integer().notNull(),
    level: integer().notNull().default(0),
    rankPoints: numeric({ mode: 'number' }).array().notNull().default([]),
    pointsDecimals: smallint().notNull().default(2),
    ...timestamps,
  },
  (table) => [
    check('cup_rank_categories_number_of_ranks_check', sql`${table.numberOfRanks} >= 0`),
    check(
      'cup_rank_categories_rank_points_check',
      sql`cardinality(${table.rankPoints}) <= ${table.numberOfRanks} and 0 <= all(${table.rankPoints})`,
    ),
    check('cup_rank_categories_points_decimals_check', sql`${table.pointsDecimals} between 0 and 4`),
    index('cup_rank_categories_organization_idx').on(table.organizationId),
  ],
);

/** Spec 3 Cup; defaults from spec 9 (all three disciplines, public, open). */
export const cups = pgTable(
  'cups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    name: text().notNull(),
    displayName: text(),
    description: text(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    type: cupTypeEnum().notNull().default('CLASSIC'),
    openCup: boolean().notNull().default(true),
    /** Best N results counted; null counts every result. */
    maxCountedResults: integer(),
    oneResultFromAllDisciplines: boolean().notNull().default(false),
    raceLevelTieBreak: boolean().notNull().default(false),
    disciplines: disciplineEnum().array().notNull().default(['BOULDERING', 'LEAD', 'SPEED']),
    isPublic: boolean().notNull().default(true),
    ...timestamps,
  },
  (table) => [
    check('cups_dates_check', sql`${table.startDate} <= ${table.endDate}`),
    check('cups_max_counted_results_check', sql`${table.maxCountedResults} >= 1`),
    check('cups_disciplines_check', sql`cardinality(${table.disciplines}) >= 1`),
    index('cups_organization_idx').on(table.organizationId),
  ],
);

export const cupCategories = pgTable(
  'cup_categories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cupId: integer()
      .notNull()
      .references(() => cups.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Only racers of this sex are ranked in the category; null: both (each in its own ranking of a race). */
    sex: sexEnum(),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [unique('cup_categories_cup_name_unique').on(table.cupId, table.name)],
);

/** Age categories whose racers are ranked in a cup category. */
export const cupCategoryAgeCategories = pgTable(
  'cup_category_age_categories',
  {
    cupCategoryId: integer()
      .notNull()
      .references(() => cupCategories.id, { onDelete: 'cascade' }),
    ageCategoryId: integer()
      .notNull()
      .references(() => ageCategories.id),
  },
  (table) => [
    primaryKey({ columns: [table.cupCategoryId, table.ageCategoryId] }),
    index('cup_category_age_categories_age_category_idx').on(table.ageCategoryId),
  ],
);

/**
 * Spec 3 Cup category race: a race counted in a cup category with the points table to use.
 * Deleting the race removes it from the cup (a race with results cannot be deleted anyway);
 * a rank category still used by a cup cannot be deleted.
 */
export const cupCategoryRaces = pgTable(
  'cup_category_races',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cupCategoryId: integer()
      .notNull()
      .references(() => cupCategories.id, { onDelete: 'cascade' }),
    raceId: integer()
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    cupRankCategoryId: integer()
      .notNull()
      .references(() => cupRankCategories.id),
    ...timestamps,
  },
  (table) => [
    unique('cup_category_races_category_race_unique').on(table.cupCategoryId, table.raceId),
    index('cup_category_races_race_idx').on(table.raceId),
    index('cup_category_races_rank_category_idx').on(table.cupRankCategoryId),
  ],
);

export type CupRankCategory = typeof cupRankCategories.$inferSelect;
export type NewCupRankCategory = typeof cupRankCategories.$inferInsert;
export type Cup = typeof cups.$inferSelect;
export type NewCup = typeof cups.$inferInsert;
export type CupCategory = typeof cupCategories.$inferSelect;
export type NewCupCategory = typeof cupCategories.$inferInsert;
export type CupCategoryAgeCategory = typeof cupCategoryAgeCategories.$inferSelect;
export type NewCupCategoryAgeCategory = typeof cupCategoryAgeCategories.$inferInsert;
export type CupCategoryRace = typeof cupCategoryRaces.$inferSelect;
export type NewCupCategoryRace = typeof cupCategoryRaces.$inferInsert;
