import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, exists, ne, or } from 'drizzle-orm';
import { DomainError } from '@climbing/domain';
import { eventAttachments, events, organizationMemberships, organizations, users } from '../../db/schema/index.ts';
import { authorizeEventRead, eventReadLevel, organizationIsActive } from '../events/event-access.ts';

/**
 * docs/security.md, "Files": a file is seen by whoever may see what it belongs to. A poster or an
 * attachment follows its event (hidden events to their admins, internal ones to members, events
 * of a deactivated organization to its members); a logo its organization; a profile photo the
 * person, super admins and the admins of an organization the person shares the profile with.
 * Everyone else, and a file nothing refers to, gets FILE_NOT_FOUND. Answers whether the file is
 * public (anybody may fetch it), which decides how it may be cached.
 */
export async function authorizeFileRead(app: FastifyInstance, request: FastifyRequest, fileId: string): Promise<{ public: boolean }> {
  const attached = app.db
    .select({ one: eventAttachments.eventId })
    .from(eventAttachments)
    .where(and(eq(eventAttachments.eventId, events.id), eq(eventAttachments.fileId, fileId)));
  const [event] = await app.db.select().from(events).where(or(eq(events.posterId, fileId), exists(attached))).limit(1);
  if (event) {
    await authorizeEventRead(app, request, event, 'FILE_NOT_FOUND');
    const isPublic = eventReadLevel(event) === 'event:read-public' && (await organizationIsActive(app.db, event.organizationId));
    return { public: isPublic };
  }

  const [organization] = await app.db
    .select({ id: organizations.id, active: organizations.active })
    .from(organizations)
    .where(or(eq(organizations.logoId, fileId), eq(organizations.secondaryLogoId, fileId)))
    .limit(1);
  if (organization) {
    if (!organization.active) await app.authorize(request, 'organization:read-inactive', { organization: organization.id }, 'FILE_NOT_FOUND');
    return { public: organization.active };
  }

  const [owner] = await app.db.select({ id: users.id }).from(users).where(eq(users.profilePhotoId, fileId)).limit(1);
  if (owner) {
    const sharedWith = await app.db
      .select({ organizationId: organizationMemberships.organizationId })
      .from(organizationMemberships)
      .where(and(eq(organizationMemberships.userId, owner.id), ne(organizationMemberships.state, 'INVITED')));
    await app.authorize(request, 'user:read', { userId: owner.id, organization: sharedWith.map((row) => row.organizationId) }, 'FILE_NOT_FOUND');
    return { public: false };
  }
  throw new DomainError('FILE_NOT_FOUND');
}
