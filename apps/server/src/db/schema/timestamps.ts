import { timestamp } from 'drizzle-orm/pg-core';

/** `created_at` / `updated_at` with time zone; `updatedAt` is refreshed by every Drizzle update. */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
