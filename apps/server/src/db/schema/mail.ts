import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { languageEnum, mailKindEnum } from './enums.ts';

/** A file sent with the e-mail; with `cid` it is shown inside the HTML part (`<img src="cid:...">`). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's bytes, base64. */
  content: string;
  cid?: string;
}

/**
 * E-mail outbox: every e-mail is written here first (in the transaction that causes it), then
 * sent over SMTP when configured; without SMTP the row stays as the record (DESIGN: e-mail).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: mailKindEnum().notNull(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /** Kept with the row so a retry sends the same e-mail (a check-in QR code is a few kB). */
    attachments: jsonb().$type<MailAttachment[]>(),
    language: languageEnum().notNull().default('SK'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    /** Number of failed sending attempts; `error` holds the last failure. */
    attempts: integer().notNull().default(0),
    error: text(),
  },
  (table) => [index('mail_outbox_unsent_idx').on(table.createdAt).where(sql`${table.sentAt} is null`)],
);

export type MailOutboxEntry = typeof mailOutbox.$inferSelect;
export type NewMailOutboxEntry = typeof mailOutbox.$inferInsert;
