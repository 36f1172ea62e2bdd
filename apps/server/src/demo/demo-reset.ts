import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { addresses, cups, events, organizations, races, rounds, speedMatches, users } from '../db/schema/index.ts';

/**
 * Removes the demo organisation with everything it owns, and the demo accounts, so `--reset` can
 * build the demo again from scratch (with dates around the new today).
 * Results are protected from cascades on purpose (rounds reference racers with NO ACTION), so the
 * rounds go first, explicitly, as data-model.md prescribes for deleting a race with results.
 * A demo account that registered for a race of another organisation keeps this from succeeding
 * (users with registrations cannot be deleted); the transaction then rolls back untouched.
 */
export async function deleteDemo(tx: Executor, organizationId: number, accountEmails: readonly string[]): Promise<void> {
  const eventRows = await tx.select({ id: events.id, addressId: events.addressId }).from(events).where(eq(events.organizationId, organizationId));
  const eventIds = eventRows.map((row) => row.id);
  const raceIds =
    eventIds.length === 0 ? [] : (await tx.select({ id: races.id }).from(races).where(inArray(races.eventId, eventIds))).map((row) => row.id);
  if (raceIds.length > 0) {
    await tx.delete(speedMatches).where(inArray(speedMatches.raceId, raceIds));
    await tx.delete(rounds).where(inArray(rounds.raceId, raceIds));
  }
  // Races, groups, registrations, racers and cup links cascade with their event.
  if (eventIds.length > 0) await tx.delete(events).where(inArray(events.id, eventIds));
  await tx.delete(cups).where(eq(cups.organizationId, organizationId));

  const emails = accountEmails.map((email) => email.toLowerCase());
  const userRows =
    emails.length === 0
      ? []
      : await tx.select({ id: users.id, addressId: users.addressId }).from(users).where(inArray(sql`lower(${users.email})`, emails));
  if (userRows.length > 0) await tx.delete(users).where(inArray(users.id, userRows.map((row) => row.id)));

  const [organization] = await tx.select({ addressId: organizations.addressId }).from(organizations).where(eq(organizations.id, organizationId));
  // Memberships, links, contact persons, age and rank categories cascade with the organisation.
  await tx.delete(organizations).where(eq(organizations.id, organizationId));

  // Addresses are set null, not cascaded, when their owner goes; collect the demo's own rows.
  const addressIds = [...eventRows, ...userRows, ...(organization ? [organization] : [])]
    .map((row) => row.addressId)
    .filter((id): id is number => id !== null);
  if (addressIds.length > 0) await tx.delete(addresses).where(inArray(addresses.id, addressIds));
}
