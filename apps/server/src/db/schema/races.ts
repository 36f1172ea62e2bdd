import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import {
  disciplineEnum,
  mixedRankingEnum,
  qualificationGroupStateEnum,
  raceFormatEnum,
  raceGenderEnum,
  raceStateEnum,
  startingNumberOrderEnum,
} from './enums.ts';
import { events } from './events.ts';
import { ageCategories } from './organizations.ts';
import type { BoulderingSettings, LeadSettings, SpeedSettings } from './race-settings.ts';
import { timestamps } from './timestamps.ts';

/**
 * Spec 3 Race; defaults from spec 9 (mixed, bouldering, hidden, max racers 0 = unlimited, season
 * year = current year). Only the settings of the race's discipline are meaningful; changing the
 * discipline resets them (spec 4), which the service does, not a constraint.
 * Deleting an event cascades to its races, but a race whose racers have rounds cannot go (see
 * rounds), so results are never lost by a cascade.
 */
export const races = pgTable(
  'races',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    raceGender: raceGenderEnum().notNull().default('MIXED'),
    /** MIXED races only: SEPARATE ranks women and men apart in every stage (issue 9), TOGETHER in one list. */
    mixedRanking: mixedRankingEnum().notNull().default('SEPARATE'),
    discipline: disciplineEnum().notNull().default('BOULDERING'),
    state: raceStateEnum().notNull().default('HIDDEN'),
    raceFormat: raceFormatEnum().notNull(),
    boulderingSettings: jsonb().$type<BoulderingSettings>(),
    leadSettings: jsonb().$type<LeadSettings>(),
    speedSettings: jsonb().$type<SpeedSettings>(),
    openingRegistrationDate: date({ mode: 'string' }),
    closingRegistrationDate: date({ mode: 'string' }),
    startingDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    /** 0 means no limit. */
    maxRacersCount: integer().notNull().default(0),
    location: text(),
    /** Next racer number to hand out to a new registration. */
    racerNumberSequence: integer().notNull().default(1),
    seasonYear: integer()
      .notNull()
      .default(sql`(extract(year from now()))::integer`),
    startingNumberOrder: startingNumberOrderEnum().notNull().default('RANDOM'),
    /** Seed of the RANDOM starting order, kept so a starting list can be reproduced. */
    startingListSeed: integer(),
    /**
     * Racers may confirm their own presence from this many days before the start to the start day
     * (issue 10); 0 = the race day only, null = only the check-in desk confirms presence.
     */
    selfCheckInDays: integer().default(2),
    ...timestamps,
  },
  (table) => [
    check('races_dates_check', sql`${table.startingDate} <= ${table.endDate}`),
    check(
      'races_registration_dates_check',
      sql`${table.openingRegistrationDate} is null or ${table.closingRegistrationDate} is null or ${table.openingRegistrationDate} <= ${table.closingRegistrationDate}`,
    ),
    check('races_max_racers_count_check', sql`${table.maxRacersCount} >= 0`),
    check('races_season_year_check', sql`${table.seasonYear} between 1890 and 2200`),
    check('races_self_check_in_days_check', sql`${table.selfCheckInDays} is null or ${table.selfCheckInDays} between 0 and 30`),
    index('races_event_idx').on(table.eventId),
    index('races_state_idx').on(table.state),
  ],
);

/** Age categories a race is open to. An age category used by a race cannot be deleted. */
export const raceAgeCategories = pgTable(
  'race_age_categories',
  {
    raceId: integer()
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    ageCategoryId: integer()
      .notNull()
      .references(() => ageCategories.id),
  },
  (table) => [
    primaryKey({ columns: [table.raceId, table.ageCategoryId] }),
    index('race_age_categories_age_category_idx').on(table.ageCategoryId),
  ],
);

/**
 * Spec 3 Qualification group, labelled A, B, C... (`name`), ordered by `position`. `internal`
 * groups are for the organization's members only. (race_id, id) is unique so that rounds can
 * reference a group together with their race and can never point at another race's group.
 */
export const qualificationGroups = pgTable(
  'qualification_groups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    raceId: integer()
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    state: qualificationGroupStateEnum().notNull().default('OPEN_REGISTRATION'),
    gender: raceGenderEnum().notNull().default('MIXED'),
    internal: boolean().notNull().default(false),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [
    unique('qualification_groups_race_id_unique').on(table.raceId, table.id),
    unique('qualification_groups_race_name_unique').on(table.raceId, table.name),
  ],
);

export type Race = typeof races.$inferSelect;
export type NewRace = typeof races.$inferInsert;
export type RaceAgeCategory = typeof raceAgeCategories.$inferSelect;
export type NewRaceAgeCategory = typeof raceAgeCategories.$inferInsert;
export type QualificationGroup = typeof qualificationGroups.$inferSelect;
export type NewQualificationGroup = typeof qualificationGroups.$inferInsert;
