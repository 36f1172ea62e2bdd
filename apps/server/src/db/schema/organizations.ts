import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { addresses } from './addresses.ts';
import { socialLinkTypeEnum } from './enums.ts';
import { files } from './files.ts';
import type { GlobalCupSettings, GlobalRaceSettings } from './organization-settings.ts';
import { timestamps } from './timestamps.ts';

/** Spec 3 Organization. Organizations are deactivated, not deleted: events restrict deletion. */
export const organizations = pgTable(
  'organizations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    description: text(),
    shortcut: text(),
    shortDescription: text(),
    addressId: integer().references(() => addresses.id, { onDelete: 'set null' }),
    /** The organisation's logo (spec's `logo` and `primaryLogo` are this one file): catalogue, pages, prints. */
    logoId: text().references(() => files.id, { onDelete: 'set null', onUpdate: 'cascade' }),
    secondaryLogoId: text().references(() => files.id, { onDelete: 'set null', onUpdate: 'cascade' }),
    webPage: text(),
    active: boolean().notNull().default(true),
    clubsEnabled: boolean().notNull().default(false),
    /** 1-12; when set, a date at or after this month counts towards the next season year. */
    seasonStartMonth: smallint(),
    raceSettings: jsonb().$type<GlobalRaceSettings>().notNull().default({}),
    cupSettings: jsonb().$type<GlobalCupSettings>().notNull().default({}),
    ...timestamps,
  },
  (table) => [
    check('organizations_season_start_month_check', sql`${table.seasonStartMonth} between 1 and 12`),
  ],
);

export const socialLinks = pgTable(
  'social_links',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: socialLinkTypeEnum().notNull(),
    url: text().notNull(),
    ...timestamps,
  },
  (table) => [index('social_links_organization_idx').on(table.organizationId)],
);

/** The spec shows one contact person per organization; a table allows several without a migration. */
export const contactPersons = pgTable(
  'contact_persons',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text(),
    name: text().notNull(),
    surname: text().notNull(),
    phoneNumber: text(),
    ...timestamps,
  },
  (table) => [index('contact_persons_organization_idx').on(table.organizationId)],
);

/** Age category: a racer fits when fromAge <= age <= toAge (toAge null = no upper bound). */
export const ageCategories = pgTable(
  'age_categories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    fromAge: integer().notNull(),
    toAge: integer(),
    ...timestamps,
  },
  (table) => [
    check('age_categories_ages_check', sql`${table.fromAge} >= 0 and (${table.toAge} is null or ${table.toAge} >= ${table.fromAge})`),
    index('age_categories_organization_idx').on(table.organizationId),
  ],
);

export type Organization = typeof organizations.$inferSelect;
export type NewOrganization = typeof organizations.$inferInsert;
export type SocialLink = typeof socialLinks.$inferSelect;
export type NewSocialLink = typeof socialLinks.$inferInsert;
export type ContactPerson = typeof contactPersons.$inferSelect;
export type NewContactPerson = typeof contactPersons.$inferInsert;
export type AgeCategory = typeof ageCategories.$inferSelect;
export type NewAgeCategory = typeof ageCategories.$inferInsert;
