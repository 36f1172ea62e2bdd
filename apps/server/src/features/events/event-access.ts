import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { DomainError, type ErrorCode } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { events, races, type EventRow, type Race } from '../../db/schema/index.ts';
import type { Resource } from '../auth/policy.ts';

export async function findEvent(db: Executor, id: number): Promise<EventRow> {
  const [event] = await db.select().from(events).where(eq(events.id, id));
  if (!event) throw new DomainError('EVENT_NOT_FOUND');
  return event;
}

export async function findRaceWithEvent(db: Executor, raceId: number): Promise<{ race: Race; event: EventRow }> {
  const [row] = await db.select({ race: races, event: events }).from(races).innerJoin(events, eq(events.id, races.eventId)).where(eq(races.id, raceId));
  if (!row) throw new DomainError('RACE_NOT_FOUND');
  return row;
}

/** The policy resource of everything that belongs to an event: its organization and the event (for its judge account). */
export const eventResource = (event: Pick<EventRow, 'id' | 'organizationId'>): Resource => ({ organization: event.organizationId, eventId: event.id });

/**
 * docs/permissions.md, events: a hidden event is seen by its admins (and its judge account), an
 * internal (non-public) one by its organization's members, a public one by everybody. Whoever may
 * not see it gets the not-found code, so hidden events do not reveal that they exist.
 */
export async function authorizeEventRead(app: FastifyInstance, request: FastifyRequest, event: EventRow, notFound: ErrorCode = 'EVENT_NOT_FOUND'): Promise<void> {
  const resource = eventResource(event);
  if (event.isHidden) await app.authorize(request, 'event:read-hidden', resource, notFound);
  else if (!event.isPublic) await app.authorize(request, 'event:read-internal', resource, notFound);
  else await app.authorize(request, 'event:read-public', resource, notFound);
}
