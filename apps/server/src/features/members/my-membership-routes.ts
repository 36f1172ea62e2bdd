import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { organizationMemberships, organizations } from '../../db/schema/index.ts';
import { MEMBERSHIP_STATES } from '../../db/schema/enums.ts';
import { principalOf } from '../auth/authenticate.ts';
import { idParam } from '../users/user-schemas.ts';
import { acceptMembershipOffer, setContactShared } from './member-service.ts';

export const myMembershipSchema = z.object({
  organizationId: z.number().int(),
  organizationName: z.string(),
  shortcut: z.string().nullable(),
  organizationActive: z.boolean(),
  state: z.enum(MEMBERSHIP_STATES).describe('INVITED: an admin offered the membership; accept it or decline it (leave)'),
  orgAdmin: z.boolean(),
  judge: z.boolean(),
  coach: z.boolean(),
  blocked: z.boolean(),
  contactShared: z.boolean().describe('The organization sees your e-mail and phone number'),
});

const organizationParams = z.object({ organizationId: idParam });
const contactBody = z.object({ contactShared: z.boolean() });

/**
 * GET /api/user/memberships: the caller's own organizations (pending applications and offers
 * included), for "my board" and the account menu; GET /api/user only carries the primary
 * organization. The member accepts offers and decides here what each organization sees.
 */
export const myMembershipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/memberships',
    {
      schema: { tags: ['user'], summary: "The current user's organization memberships", security: [{ bearerAuth: [] }], response: { 200: z.array(myMembershipSchema) } },
      preHandler: app.requireUser,
    },
    async (request) => {
      await app.authorize(request, 'user:read-own');
      return app.db
        .select({
          organizationId: organizations.id,
          organizationName: organizations.name,
          shortcut: organizations.shortcut,
          organizationActive: organizations.active,
          state: organizationMemberships.state,
          orgAdmin: organizationMemberships.orgAdmin,
          judge: organizationMemberships.judge,
          coach: organizationMemberships.coach,
          blocked: organizationMemberships.blocked,
          contactShared: organizationMemberships.contactShared,
        })
        .from(organizationMemberships)
        .innerJoin(organizations, eq(organizations.id, organizationMemberships.organizationId))
        .where(eq(organizationMemberships.userId, principalOf(request).userId))
        .orderBy(asc(organizations.name), asc(organizations.id));
    },
  );

  app.post(
    '/api/user/memberships/:organizationId/accept',
    {
      schema: { tags: ['user'], summary: "Accept an organization's membership offer (decline: POST /api/organization/{id}/leave)", security: [{ bearerAuth: [] }], params: organizationParams, response: { 204: z.null() } },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      await app.authorize(request, 'user:update-own');
      await acceptMembershipOffer(app, request.params.organizationId, principalOf(request).userId);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/user/memberships/:organizationId',
    {
      schema: { tags: ['user'], summary: 'Share (or stop sharing) your e-mail and phone number with one of your organizations', security: [{ bearerAuth: [] }], params: organizationParams, body: contactBody, response: { 204: z.null() } },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      await app.authorize(request, 'user:update-own');
      await setContactShared(app, request.params.organizationId, principalOf(request).userId, request.body.contactShared);
      return reply.status(204).send(null);
    },
  );
};
