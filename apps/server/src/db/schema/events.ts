import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { addresses } from './addresses.ts';
import { files } from './files.ts';
import { organizations } from './organizations.ts';
import { timestamps } from './timestamps.ts';
import { users } from './users.ts';

/**
 * Spec 3 Event. Defaults follow spec 9 (online registration on, public, hidden, unregistered users
 * allowed, send update info on). An organization with events cannot be deleted (no action).
 */
export const events = pgTable(
  'events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    name: text().notNull(),
    displayName: text(),
    description: text(),
    addressId: integer().references(() => addresses.id, { onDelete: 'set null' }),
    allowedUnregisteredUsers: boolean().notNull().default(true),
    onlineRegistration: boolean().notNull().default(true),
    startingDate: date({ mode: 'string' }).notNull(),
    closingDate: date({ mode: 'string' }).notNull(),
    isPublic: boolean().notNull().default(true),
    isHidden: boolean().notNull().default(true),
    sendUpdateInfo: boolean().notNull().default(true),
    posterId: text().references(() => files.id, { onDelete: 'set null', onUpdate: 'cascade' }),
    ...timestamps,
  },
  (table) => [
    check('events_dates_check', sql`${table.startingDate} <= ${table.closingDate}`),
    // Spec 4: allowing unregistered users makes the event public; making it non-public turns them off.
    check('events_unregistered_public_check', sql`not ${table.allowedUnregisteredUsers} or ${table.isPublic}`),
    index('events_organization_idx').on(table.organizationId),
    index('events_starting_date_idx').on(table.startingDate),
  ],
);

/** Event attachments in display order; deleting the event or the file removes the link. */
export const eventAttachments = pgTable(
  'event_attachments',
  {
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    fileId: text()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.fileId] }), index('event_attachments_file_idx').on(table.fileId)],
);

/**
 * Spec 3 Event.judgeAccount (id, user, password): a login scoped to one event, created by an admin
 * and handed to judges who have no account. It is its own table, not a `users` row, because it has
 * no person behind it (no name, birthday, e-mail) and must never gain rights outside its event.
 * The login never contains '@', so POST /api/token/create can tell it from a user's e-mail.
 * The generated password is shown to the admin once; only its argon2id hash is kept.
 */
export const judgeAccounts = pgTable(
  'judge_accounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The spec's `user` field: the login name typed into the e-mail box of the login form. */
    login: text().notNull(),
    passwordHash: text().notNull(),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    /** A revoked account cannot log in; its sessions are revoked with it. */
    revokedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    check('judge_accounts_login_check', sql`${table.login} !~ '@' and length(${table.login}) between 3 and 100`),
    uniqueIndex('judge_accounts_login_lower_unique').on(sql`lower(${table.login})`),
    index('judge_accounts_event_idx').on(table.eventId),
  ],
);

/** Named EventRow, not Event, so it cannot be confused with the global DOM/Node `Event`. */
export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;
export type EventAttachment = typeof eventAttachments.$inferSelect;
export type NewEventAttachment = typeof eventAttachments.$inferInsert;
export type JudgeAccount = typeof judgeAccounts.$inferSelect;
export type NewJudgeAccount = typeof judgeAccounts.$inferInsert;
