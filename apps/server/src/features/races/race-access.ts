import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '@climbing/domain';
import type { EventRow, Race } from '../../db/schema/index.ts';
import { authorizeEventRead, eventResource, findRaceWithEvent } from '../events/event-access.ts';

/** Whether the caller manages the event's races (its organization's admins): they also see hidden races. */
export async function managesEvent(app: FastifyInstance, request: FastifyRequest, event: EventRow): Promise<boolean> {
  try {
    await app.authorize(request, 'race:manage', eventResource(event));
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

/**
 * A race is read by whoever may read its event; a HIDDEN race (not announced yet) only by the
 * event's managers. Others get RACE_NOT_FOUND.
 */
export async function readableRace(app: FastifyInstance, request: FastifyRequest, raceId: number): Promise<{ race: Race; event: EventRow; manager: boolean }> {
  const { race, event } = await findRaceWithEvent(app.db, raceId);
  await authorizeEventRead(app, request, event, 'RACE_NOT_FOUND');
  const manager = await managesEvent(app, request, event);
  if (race.state === 'HIDDEN' && !manager) throw new DomainError('RACE_NOT_FOUND');
  return { race, event, manager };
}

/** The race for a management call: RACE_NOT_FOUND when it does not exist, NO_RIGHTS for others than its admins. */
export async function managedRace(app: FastifyInstance, request: FastifyRequest, raceId: number): Promise<{ race: Race; event: EventRow }> {
  const found = await findRaceWithEvent(app.db, raceId);
  await app.authorize(request, 'race:manage', eventResource(found.event));
  return found;
}

/** What the caller may do with an event, for its page: manage it, and enter scores in its races (a judge of the organisation). */
export async function eventAccess(app: FastifyInstance, request: FastifyRequest, event: EventRow, manage?: boolean): Promise<EventAccess> {
  return {
    manage: manage ?? (await managesEvent(app, request, event)),
    score: await app.can(request, 'score:enter', { organization: event.organizationId, eventId: event.id }),
  };
}

export interface EventAccess {
  manage: boolean;
  score: boolean;
}
