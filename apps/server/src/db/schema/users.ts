import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { addresses } from './addresses.ts';
import { languageEnum, membershipStateEnum, sexEnum } from './enums.ts';
import { files } from './files.ts';
import { organizations } from './organizations.ts';
import { timestamps } from './timestamps.ts';

/**
 * Spec 3 User. The role flags orgAdmin, judge and coach belong to a membership (a user may be in
 * several organizations); the spec's `role` is derived from them and `superAdmin`, never stored.
 * Accounts are soft-deleted (`deleted`), so the e-mail stays taken and the "account deleted"
 * message can be shown on a new registration attempt.
 */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Stored as typed; uniqueness and look-ups go through lower(email). */
    email: text().notNull(),
    /** argon2id hash; null for a member created by an admin who has not set a password yet. */
    passwordHash: text(),
    name: text().notNull(),
    surname: text().notNull(),
    birthday: date({ mode: 'string' }),
    sex: sexEnum(),
    phoneNumber: text(),
    language: languageEnum().notNull().default('SK'),
    addressId: integer().references(() => addresses.id, { onDelete: 'set null' }),
    club: text(),
    sponsor: text(),
    /** The spec's User.organizationId: the primary organization among the memberships. */
    organizationId: integer().references(() => organizations.id, { onDelete: 'set null' }),
    licenseId: text(),
    profilePhotoId: text().references(() => files.id, { onDelete: 'set null', onUpdate: 'cascade' }),
    active: boolean().notNull().default(true),
    deleted: boolean().notNull().default(false),
    superAdmin: boolean().notNull().default(false),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`),
    index('users_organization_idx').on(table.organizationId),
  ],
);

/**
 * User x organization with the role flags of spec 6. APPLIED is a pending application by the user
 * ("members may apply for an organization"); an admin's accept turns it ACTIVE. A blocked member
 * keeps the row (and history) but loses the organization's rights.
 */
export const organizationMemberships = pgTable(
  'organization_memberships',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    state: membershipStateEnum().notNull().default('ACTIVE'),
    orgAdmin: boolean().notNull().default(false),
    judge: boolean().notNull().default(false),
    coach: boolean().notNull().default(false),
    blocked: boolean().notNull().default(false),
    /** The member lets this organization see their e-mail and phone number (off until they say so). */
    contactShared: boolean().notNull().default(false),
    ...timestamps,
  },
  (table) => [
    unique('organization_memberships_user_organization_unique').on(table.userId, table.organizationId),
    index('organization_memberships_organization_idx').on(table.organizationId),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type OrganizationMembership = typeof organizationMemberships.$inferSelect;
export type NewOrganizationMembership = typeof organizationMemberships.$inferInsert;
