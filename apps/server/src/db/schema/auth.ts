import { sql } from 'drizzle-orm';
import { check, index, inet, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { languageEnum } from './enums.ts';
import { judgeAccounts } from './events.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * A login session behind a JWT: the token carries the session id, so logout, blocking a user or
 * revoking a judge account takes effect at once. A session belongs either to a user or to a judge
 * account (whose event is the session's judge scope), never both. The id is a random uuid rather
 * than a counter: it never appears in the API and should not reveal how many logins there were.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    judgeAccountId: integer().references(() => judgeAccounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastRenewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    userAgent: text(),
    ipAddress: inet(),
  },
  (table) => [
    check('sessions_owner_check', sql`(${table.userId} is null) <> (${table.judgeAccountId} is null)`),
    index('sessions_user_idx').on(table.userId),
    index('sessions_judge_account_idx').on(table.judgeAccountId),
  ],
);

/**
 * Invitation of an e-mail address into an organization (spec: invitation email, userId,
 * organization). `invitedUserId` is set when the address already has an account. Only a SHA-256
 * hash of the token is stored, so a database dump cannot be used to accept invitations.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    invitedUserId: integer().references(() => users.id, { onDelete: 'cascade' }),
    language: languageEnum().notNull().default('SK'),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invitations_token_hash_unique').on(table.tokenHash),
    index('invitations_organization_idx').on(table.organizationId),
    index('invitations_email_lower_idx').on(sql`lower(${table.email})`),
  ],
);

/** Password reset tokens (hashed like invitation tokens); single use through `usedAt`. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('password_resets_token_hash_unique').on(table.tokenHash),
    index('password_resets_user_idx').on(table.userId),
  ],
);

/**
 * A requested change of an account's e-mail (issue 11, item 13): it takes effect only when the link
 * sent to the new address is opened. Only the token's SHA-256 is stored; single use by `used_at`.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('email_changes_token_hash_unique').on(table.tokenHash), index('email_changes_user_idx').on(table.userId)],
);

export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type Invitation = typeof invitations.$inferSelect;
export type NewInvitation = typeof invitations.$inferInsert;
export type PasswordReset = typeof passwordResets.$inferSelect;
export type NewPasswordReset = typeof passwordResets.$inferInsert;
export type EmailChange = typeof emailChanges.$inferSelect;
