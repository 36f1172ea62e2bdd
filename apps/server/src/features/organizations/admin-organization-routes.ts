import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { addresses, organizations } from '../../db/schema/index.ts';
import { organizationSummarySchema } from './organization-schemas.ts';

/**
 * GET /api/admin/organization: every organization, inactive ones included, for the super admin's
 * activate/deactivate screen (the public catalogue lists active ones only).
 */
export const adminOrganizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/organization',
    {
      schema: { tags: ['admin'], summary: 'All organizations, inactive ones included (super admin)', security: [{ bearerAuth: [] }], response: { 200: z.array(organizationSummarySchema) } },
      preHandler: app.requireUser,
    },
    async (request) => {
      await app.authorize(request, 'organization:list-all');
      return app.db
        .select({
          id: organizations.id,
          name: organizations.name,
          shortcut: organizations.shortcut,
          shortDescription: organizations.shortDescription,
          logo: organizations.logoId,
          webPage: organizations.webPage,
          city: addresses.city,
          country: addresses.country,
          active: organizations.active,
          clubsEnabled: organizations.clubsEnabled,
        })
        .from(organizations)
        .leftJoin(addresses, eq(addresses.id, organizations.addressId))
        .orderBy(asc(organizations.name), asc(organizations.id));
    },
  );
};
