import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { DomainError, type ErrorCode } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { preparedOnce } from '../../db/prepared-query.ts';
import { events, organizations, races, type EventRow, type Race } from '../../db/schema/index.ts';
import type { Action, Resource } from '../auth/policy.ts';

export async function findEvent(db: Executor, id: number): Promise<EventRow> {
  const [event] = await db.select().from(events).where(eq(events.id, id));
  if (!event) throw new DomainError('EVENT_NOT_FOUND');
  return event;
}

const raceWithEvent = preparedOnce((db) =>
  db.select({ race: races, event: events }).from(races).innerJoin(events, eq(events.id, races.eventId)).where(eq(races.id, sql.placeholder('raceId'))).prepare('race_with_event'),
);

export async function findRaceWithEvent(db: Executor, raceId: number): Promise<{ race: Race; event: EventRow }> {
  const [row] = await raceWithEvent(db).execute({ raceId });
  if (!row) throw new DomainError('RACE_NOT_FOUND');
  return row;
}

/** The policy resource of everything that belongs to an event: its organization and the event (for its judge account). */
export const eventResource = (event: Pick<EventRow, 'id' | 'organizationId'>): Resource => ({ organization: event.organizationId, eventId: event.id });

/** The three levels of what an event shows: to everybody, inside its organization, to its admins and judges. */
export type EventReadLevel = 'event:read-public' | 'event:read-internal' | 'event:read-hidden';

/**
 * docs/permissions.md and docs/security.md: what reading an event, or one of its races, needs. A
 * hidden event or a HIDDEN race (not announced yet): its admins and judges. An internal event, or
 * any event of a deactivated organization: its organization's members. Otherwise everybody.
 */
export function eventReadLevel(event: Pick<EventRow, 'isHidden' | 'isPublic'>, race?: Pick<Race, 'state'>, organizationActive = true): EventReadLevel {
  if (event.isHidden || race?.state === 'HIDDEN') return 'event:read-hidden';
  if (!event.isPublic || !organizationActive) return 'event:read-internal';
  return 'event:read-public';
}

/** SQL: the organization of `organizationId` (a column) is active; a deactivated one's events and cups are not public. */
export const activeOrganizationSql = (organizationId: AnyColumn): SQL =>
  sql`exists (select 1 from ${organizations} where ${organizations.id} = ${organizationId} and ${organizations.active})`;

export async function organizationIsActive(db: Executor, organizationId: number): Promise<boolean> {
  const [row] = await db.select({ active: organizations.active }).from(organizations).where(eq(organizations.id, organizationId));
  return row?.active ?? false;
}

/**
 * Whoever may not see the event (or the race) gets the not-found code, so hidden events do not
 * reveal that they exist. `publicAction` is what a public read needs (reading results is
 * `score:read`, the same audience as `event:read-public`).
 */
export async function authorizeEventRead(
  app: FastifyInstance,
  request: FastifyRequest,
  event: EventRow,
  notFound: ErrorCode = 'EVENT_NOT_FOUND',
  options: { race?: Pick<Race, 'state'>; publicAction?: Action } = {},
): Promise<void> {
  let level = eventReadLevel(event, options.race);
  if (level === 'event:read-public' && !(await organizationIsActive(app.db, event.organizationId))) level = 'event:read-internal';
  await app.authorize(request, level === 'event:read-public' ? (options.publicAction ?? level) : level, eventResource(event), notFound);
}
