import type { FastifyInstance } from 'fastify';
import { and, eq, isNotNull, ne, or, isNull } from 'drizzle-orm';
import type { LanguageCode } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { addresses, raceRegistrations, races, users, type EventRow } from '../../db/schema/index.ts';
import { queueMail } from '../mail/mail-service.ts';
import { EVENT_UPDATE_MAIL } from '../mail/mail-templates.ts';

/** What racers travel by: a change of any of these is worth an e-mail, a change of a flag is not. */
const watched = (event: EventRow) => [event.name, event.displayName, event.startingDate, event.closingDate];

export const racersShouldHear = (before: EventRow, after: EventRow, addressChanged: boolean): boolean =>
  after.sendUpdateInfo && (addressChanged || watched(before).some((value, index) => value !== watched(after)[index]));

/** The address as racers read it, to tell a real change from the same address sent again by a form. */
export async function addressText(tx: Executor, addressId: number | null): Promise<string> {
  if (addressId === null) return '';
  const [address] = await tx.select().from(addresses).where(eq(addresses.id, addressId));
  return address ? [address.street, address.streetNumber, address.zipcode, address.city, address.country].map((part) => part ?? '').join('|') : '';
}

/**
 * Queues one EVENT_UPDATE e-mail per registered racer of the event (account holders in their
 * language, one-time registrations with an e-mail in Slovak), inside the caller's transaction;
 * withdrawn registrations (NOT_PRESENT) are left alone. Returns the outbox ids to deliver after commit.
 */
export async function queueEventUpdateMails(app: FastifyInstance, tx: Executor, event: EventRow): Promise<number[]> {
  const rows = await tx
    .select({ userEmail: users.email, language: users.language, unregisteredEmail: raceRegistrations.unregisteredEmail })
    .from(raceRegistrations)
    .innerJoin(races, eq(races.id, raceRegistrations.raceId))
    .leftJoin(users, eq(users.id, raceRegistrations.userId))
    .where(
      and(
        eq(races.eventId, event.id),
        or(isNull(raceRegistrations.state), ne(raceRegistrations.state, 'NOT_PRESENT')),
        or(isNotNull(users.email), isNotNull(raceRegistrations.unregisteredEmail)),
      ),
    );
  const recipients = new Map<string, LanguageCode>();
  for (const row of rows) {
    const email = row.userEmail ?? row.unregisteredEmail;
    if (email && !recipients.has(email.toLowerCase())) recipients.set(email.toLowerCase(), row.language ?? 'SK');
  }
  if (recipients.size === 0) return [];
  const [address] = event.addressId ? await tx.select().from(addresses).where(eq(addresses.id, event.addressId)) : [];
  const place = address ? [address.street, address.streetNumber, address.city].filter(Boolean).join(' ') || null : null;
  const data = { eventName: event.displayName ?? event.name, startingDate: event.startingDate, closingDate: event.closingDate, place, link: `${app.config.publicUrl}/events/${event.id}` };
  const ids: number[] = [];
  for (const [to, language] of recipients) {
    ids.push(await queueMail(tx, { kind: 'EVENT_UPDATE', to, language, ...EVENT_UPDATE_MAIL[language](data) }));
  }
  return ids;
}
