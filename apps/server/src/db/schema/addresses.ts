import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './timestamps.ts';

/**
 * Postal address (spec 3 Address). Each owner (user, organization, event) points at its own row;
 * rows are not shared, so editing one owner's address never changes another's.
 */
export const addresses = pgTable('addresses', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  street: text(),
  streetNumber: text(),
  city: text(),
  zipcode: text(),
  /** ISO 3166 alpha-2 or alpha-3 code as the spec's country list uses; not constrained here. */
  country: text(),
  ...timestamps,
});

export type Address = typeof addresses.$inferSelect;
export type NewAddress = typeof addresses.$inferInsert;
