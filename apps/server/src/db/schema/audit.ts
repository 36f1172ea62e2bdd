import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { scoreAuditActionEnum } from './enums.ts';
import { judgeAccounts } from './events.ts';
import { races } from './races.ts';
import { racers } from './registrations.ts';
import { rounds } from './scoring.ts';
import { users } from './users.ts';

/**
 * Every score write, in the same transaction (DESIGN data flow). `before`/`after` hold the raw
 * scores as the API shapes them (e.g. the boulders array). The actor is a user or a judge account.
 * Rows outlive the round or racer they describe (references set to null) and go with the race.
 */
export const scoreAuditLog = pgTable(
  'score_audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    raceId: integer()
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    racerId: integer().references(() => racers.id, { onDelete: 'set null' }),
    roundId: integer().references(() => rounds.id, { onDelete: 'set null' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    judgeAccountId: integer().references(() => judgeAccounts.id, { onDelete: 'set null' }),
    action: scoreAuditActionEnum().notNull(),
    before: jsonb().$type<unknown>(),
    after: jsonb().$type<unknown>(),
    /** When the server received the write. */
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The judge's device (a random id the web app keeps) and when the entry was made on it. */
    deviceId: text(),
    deviceAt: timestamp({ withTimezone: true }),
    /** The client operation id (Idempotency-Key) of the write, when it had one. */
    operationId: text(),
  },
  (table) => [
    index('score_audit_log_race_at_idx').on(table.raceId, table.at),
    index('score_audit_log_round_idx').on(table.roundId),
  ],
);

export type ScoreAuditEntry = typeof scoreAuditLog.$inferSelect;
export type NewScoreAuditEntry = typeof scoreAuditLog.$inferInsert;
