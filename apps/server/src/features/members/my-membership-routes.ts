import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { organizationMemberships, organizations } from '../../db/schema/index.ts';
import { principalOf } from '../auth/authenticate.ts';

export const myMembershipSchema = z.object({
  organizationId: z.number().int(),
  organizationName: z.string(),
  shortcut: z.string().nullable(),
  organizationActive: z.boolean(),
  state: z.enum(['APPLIED', 'ACTIVE']),
  orgAdmin: z.boolean(),
  judge: z.boolean(),
  coach: z.boolean(),
  blocked: z.boolean(),
});

/**
 * GET /api/user/memberships: the caller's own organizations (pending applications included), for
 * "my board" and the account menu; GET /api/user only carries the primary organization.
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
        })
        .from(organizationMemberships)
        .innerJoin(organizations, eq(organizations.id, organizationMemberships.organizationId))
        .where(eq(organizationMemberships.userId, principalOf(request).userId))
        .orderBy(asc(organizations.name), asc(organizations.id));
    },
  );
};
