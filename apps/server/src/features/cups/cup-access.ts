import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { DomainError } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { cupCategories, cups, type Cup, type CupCategory } from '../../db/schema/index.ts';
import type { Resource } from '../auth/policy.ts';

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
 * docs/permissions.md, cups: a public cup is seen by everybody, an internal one by its
 * organization's members and admins. Whoever may not see it gets CUP_NOT_FOUND, so internal cups
 * do not reveal that they exist.
 */
export async function authorizeCupRead(app: FastifyInstance, request: FastifyRequest, cup: Cup): Promise<void> {
  await app.authorize(request, cup.isPublic ? 'cup:read-public' : 'cup:read-internal', cupResource(cup), 'CUP_NOT_FOUND');
}
