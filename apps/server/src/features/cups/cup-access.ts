import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { DomainError } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { cupCategories, cups, type Cup, type CupCategory, type EventRow, type Race } from '../../db/schema/index.ts';
import { can, type Actor, type Resource } from '../auth/policy.ts';
import { eventReadLevel, eventResource, organizationIsActive } from '../events/event-access.ts';

export async function findCup(db: Executor, id: number): Promise<Cup> {
  const [cup] = await db.select().from(cups).where(eq(cups.id, id));
  if (!cup) throw new DomainError('CUP_NOT_FOUND');
  return cup;
}

export async function findCupCategory(db: Executor, cupId: number, categoryId: number): Promise<CupCategory> {
  const [category] = await db.select().from(cupCategories).where(and(eq(cupCategories.id, categoryId), eq(cupCategories.cupId, cupId)));
  if (!category) throw new DomainError('CUP_CATEGORY_NOT_FOUND');
  return category;
}

/** The policy resource of a cup: its organization. */
export const cupResource = (cup: Pick<Cup, 'organizationId'>): Resource => ({ organization: cup.organizationId });

/**
 * docs/permissions.md, cups: a public cup of an active organization is seen by everybody, an
 * internal one (or any cup of a deactivated organization) by its organization's members and
 * admins. Whoever may not see it gets CUP_NOT_FOUND, so internal cups do not reveal that they exist.
 */
export async function authorizeCupRead(app: FastifyInstance, request: FastifyRequest, cup: Cup): Promise<void> {
  const isPublic = cup.isPublic && (await organizationIsActive(app.db, cup.organizationId));
  await app.authorize(request, isPublic ? 'cup:read-public' : 'cup:read-internal', cupResource(cup), 'CUP_NOT_FOUND');
}

/** What a cup shows of one of its races to a viewer: whether they may see it, and whether everybody may. */
export interface RaceSight {
  visible: boolean;
  isPublic: boolean;
}

/**
 * A cup shows only the races the viewer may read (the same rule as the race itself, so a race made
 * internal or hidden after the cup counted it disappears from the public cup and its points with
 * it); `isPublic` tells the viewers who do see it that the race is not public.
 */
export function raceSight(actor: Actor, event: Pick<EventRow, 'id' | 'organizationId' | 'isHidden' | 'isPublic'>, race: Pick<Race, 'state'>, organizationActive: boolean): RaceSight {
  const level = eventReadLevel(event, race, organizationActive);
  return { visible: can(actor, level, eventResource(event)), isPublic: level === 'event:read-public' };
}
