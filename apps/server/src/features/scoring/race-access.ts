import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '@climbing/domain';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { preparedOnce } from '../../db/prepared-query.ts';
import { events, racers, races, type EventRow, type Race } from '../../db/schema/index.ts';
import { authorizeEventRead, eventReadLevel, findRaceWithEvent, organizationIsActive } from '../events/event-access.ts';

export interface RaceWithEvent {
  race: Race;
  event: EventRow;
}

export { findRaceWithEvent };

/** The race and event of a racer (the scorecard routes are addressed by racer); ENTITY_NOT_FOUND otherwise. */
const racerRaceWithEvent = preparedOnce((db) =>
  db
    .select({ race: races, event: events })
    .from(racers)
    .innerJoin(races, eq(races.id, racers.raceId))
    .innerJoin(events, eq(events.id, races.eventId))
    .where(eq(racers.id, sql.placeholder('racerId')))
    .prepare('racer_race_with_event'),
);

export async function findRacerRaceWithEvent(db: Executor, racerId: number): Promise<RaceWithEvent> {
  const [row] = await racerRaceWithEvent(db).execute({ racerId });
  if (!row) throw new DomainError('ENTITY_NOT_FOUND');
  return row;
}

/**
 * Results, racer lists, scorecards and the live stream follow the event's and the race's
 * visibility (event-access.ts): public for a public, published event of an active organization and
 * an announced race; everyone who may not see them gets RACE_NOT_FOUND.
 */
export async function assertResultsReadable(app: FastifyInstance, request: FastifyRequest, { event, race }: RaceWithEvent): Promise<void> {
  await authorizeEventRead(app, request, event, 'RACE_NOT_FOUND', { race, publicAction: 'score:read' });
}

/** Anybody may read this race's results: a public, published event of an active organization and an announced race. */
export async function publiclyReadable(app: FastifyInstance, { event, race }: RaceWithEvent): Promise<boolean> {
  return eventReadLevel(event, race) === 'event:read-public' && (await organizationIsActive(app.db, event.organizationId));
}

/** Judges of the organisation, the event's judge accounts and admins enter scores. */
export async function assertMayScore(app: FastifyInstance, request: FastifyRequest, { event }: RaceWithEvent): Promise<void> {
  await app.authorize(request, 'score:enter', { organization: event.organizationId, eventId: event.id });
}
