import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { registrationStateEnum, sexEnum } from './enums.ts';
import { ageCategories } from './organizations.ts';
import { qualificationGroups, races } from './races.ts';
import { timestamps } from './timestamps.ts';
import { users } from './users.ts';

/**
 * Spec 3 Race registration: either an account (`userId`) or a one-time registration without an
 * account (the `unregistered*` columns), never both, never neither (CHECK). `state` stays null
 * until the racer confirms participation (PRESENT) or is marked NOT_PRESENT.
 * The group reference is a plain key (set to null when the group goes): a composite (race, group)
 * key with NO ACTION would make deleting a race fail depending on the order PostgreSQL runs the
 * cascades in. That the group belongs to the registration's race is checked by the service
 * ("qualification group not valid"), as is refusing to delete a group that still has racers.
 * Racer numbers are unique per race and the constraint is not deferrable: regenerate numbers in
 * two steps (first move them to negative values, then to the final ones) inside one transaction.
 */
export const raceRegistrations = pgTable(
  'race_registrations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    raceId: integer()
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    /** A user with registrations cannot be hard-deleted; users are soft-deleted anyway. */
    userId: integer().references(() => users.id),
    state: registrationStateEnum(),
    racerNumber: integer().notNull(),
    /** When the registration was made. */
    date: timestamp({ withTimezone: true }).notNull().defaultNow(),
    qualificationGroupId: integer().references(() => qualificationGroups.id, { onDelete: 'set null' }),
    /**
     * The race age category the racer is placed into at registration (the narrowest that fits);
     * null when the race has none. Always one of the race's categories: the service places the
     * registrations again when the race's categories change. A category in use cannot be deleted.
     */
    ageCategoryId: integer().references(() => ageCategories.id),
    unregisteredName: text(),
    unregisteredSurname: text(),
    unregisteredEmail: text(),
    unregisteredClub: text(),
    unregisteredSex: sexEnum(),
    unregisteredCountry: text(),
    unregisteredBirthday: date({ mode: 'string' }),
    unregisteredBirthYear: integer(),
    ...timestamps,
  },
  (table) => [
    check(
      'race_registrations_kind_check',
      sql`(${table.userId} is not null
        and ${table.unregisteredName} is null and ${table.unregisteredSurname} is null
        and ${table.unregisteredEmail} is null and ${table.unregisteredClub} is null
        and ${table.unregisteredSex} is null and ${table.unregisteredCountry} is null
        and ${table.unregisteredBirthday} is null and ${table.unregisteredBirthYear} is null)
      or (${table.userId} is null
        and ${table.unregisteredName} is not null and ${table.unregisteredSurname} is not null
        and ${table.unregisteredSex} is not null
        and (${table.unregisteredBirthday} is not null or ${table.unregisteredBirthYear} is not null))`,
    ),
    unique('race_registrations_race_racer_number_unique').on(table.raceId, table.racerNumber),
    // NULLs are distinct in a unique constraint, so this only binds rows that have a user.
    unique('race_registrations_race_user_unique').on(table.raceId, table.userId),
    uniqueIndex('race_registrations_race_unregistered_email_unique')
      .on(table.raceId, sql`lower(${table.unregisteredEmail})`)
      .where(sql`${table.unregisteredEmail} is not null`),
    // Target of racers' composite foreign key.
    unique('race_registrations_race_id_unique').on(table.raceId, table.id),
    index('race_registrations_user_idx').on(table.userId),
    index('race_registrations_qualification_group_idx').on(table.qualificationGroupId),
    index('race_registrations_age_category_idx').on(table.ageCategoryId),
  ],
);

/**
 * Spec 3 Racer: the snapshot of a confirmed registration taken when racers move into
 * qualification (name, club, country, sex, birth year as they were at the race), so results stay
 * readable even if the user later edits the profile. One racer per registration.
 */
export const racers = pgTable(
  'racers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    raceId: integer().notNull(),
    registrationId: integer().notNull(),
    racerNumber: integer().notNull(),
    fullName: text().notNull(),
    birthYear: integer(),
    sex: sexEnum().notNull(),
    country: text(),
    club: text(),
    /** Member of the organizing organization (for the minimum-advancing-members rules). */
    member: boolean().notNull().default(false),
    qualificationGroupId: integer().references(() => qualificationGroups.id, { onDelete: 'set null' }),
    /** The registration's age category, copied with the rest of the snapshot and kept in step with it. */
    ageCategoryId: integer().references(() => ageCategories.id),
    ...timestamps,
  },
  (table) => [
    foreignKey({
      name: 'racers_registration_fk',
      columns: [table.raceId, table.registrationId],
      foreignColumns: [raceRegistrations.raceId, raceRegistrations.id],
    }).onDelete('cascade'),
    unique('racers_race_racer_number_unique').on(table.raceId, table.racerNumber),
    unique('racers_registration_unique').on(table.registrationId),
    index('racers_qualification_group_idx').on(table.qualificationGroupId),
    index('racers_age_category_idx').on(table.ageCategoryId),
    // Target of rounds' composite foreign key.
    unique('racers_race_id_unique').on(table.raceId, table.id),
  ],
);

export type RaceRegistration = typeof raceRegistrations.$inferSelect;
export type NewRaceRegistration = typeof raceRegistrations.$inferInsert;
export type Racer = typeof racers.$inferSelect;
export type NewRacer = typeof racers.$inferInsert;
