import { bigint, index, integer, jsonb, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { judgeAccounts } from './events.ts';
import { races } from './races.ts';
import { users } from './users.ts';

/**
 * Idempotency keys of score writes (issue 12): the first answer of a write, stored in the same
 * transaction as the write, so that a repeated request with the same key gets that answer and is
 * never applied twice. A key is scoped by who sent it (`principal`: `user:<id>` or `judge:<id>`)
 * and the route (method and path pattern); `requestHash` is the SHA-256 of the method, path and
 * body, so the same key with another request is refused. Rows past `expiresAt` are purged.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    principal: text().notNull(),
    route: text().notNull(),
    key: text().notNull(),
    requestHash: text().notNull(),
    statusCode: smallint().notNull(),
    response: jsonb().$type<unknown>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [unique('idempotency_keys_principal_route_key_unique').on(table.principal, table.route, table.key), index('idempotency_keys_expires_at_idx').on(table.expiresAt)],
);

/**
 * A judge's device as it last reported itself on a race: how many score entries it holds that the
 * server has not received yet. The organiser's rounds page lists devices with unsent entries.
 */
export const scoringDevices = pgTable(
  'scoring_devices',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    raceId: integer()
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    deviceId: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    judgeAccountId: integer().references(() => judgeAccounts.id, { onDelete: 'set null' }),
    pending: integer().notNull().default(0),
    /** When the oldest unsent entry was made on the device. */
    oldestPendingAt: timestamp({ withTimezone: true }),
    /** When the device last had nothing waiting. */
    lastSyncedAt: timestamp({ withTimezone: true }),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('scoring_devices_race_device_unique').on(table.raceId, table.deviceId)],
);

export type IdempotencyKey = typeof idempotencyKeys.$inferSelect;
export type ScoringDevice = typeof scoringDevices.$inferSelect;
