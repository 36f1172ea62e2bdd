import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '@climbing/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { events, racers, races, type EventRow, type Race } from '../../db/schema/index.ts';
import { findRaceWithEvent } from '../events/event-access.ts';

export interface RaceWithEvent {
  race: Race;
  event: EventRow;
}

export { findRaceWithEvent };

/** The race and event of a racer (the scorecard routes are addressed by racer); ENTITY_NOT_FOUND otherwise. */
export async function findRacerRaceWithEvent(db: Executor, racerId: number): Promise<RaceWithEvent> {
  const [row] = await db
    .select({ race: races, event: events })
    .from(racers)
    .innerJoin(races, eq(races.id, racers.raceId))
    .innerJoin(events, eq(events.id, races.eventId))
    .where(eq(racers.id, racerId));
  if (!row) throw new DomainError('ENTITY_NOT_FOUND');
  return row;
}

/**
 * Results, racer lists, scorecards and the live stream are public for a public, published event. An
 * internal event shows them only inside its organisation; a hidden event or a HIDDEN race (not
 * announced yet) only to its admins and judges; everyone else gets RACE_NOT_FOUND, so hidden races
 * do not reveal that they exist.
 */
export async function assertResultsReadable(app: FastifyInstance, request: FastifyRequest, { event, race }: RaceWithEvent): Promise<void> {
  const resource = { organization: event.organizationId, eventId: event.id };
  if (event.isHidden || race.state === 'HIDDEN') return app.authorize(request, 'event:read-hidden', resource, 'RACE_NOT_FOUND');
  if (!event.isPublic) return app.authorize(request, 'event:read-internal', resource, 'RACE_NOT_FOUND');
  return app.authorize(request, 'score:read', resource);
}

/** Judges of the organisation, the event's judge accounts and admins enter scores. */
export async function assertMayScore(app: FastifyInstance, request: FastifyRequest, { event }: RaceWithEvent): Promise<void> {
  await app.authorize(request, 'score:enter', { organization: event.organizationId, eventId: event.id });
}
