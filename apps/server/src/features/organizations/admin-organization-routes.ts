import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOrganizations } from './organization-service.ts';
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
      return listOrganizations(app.db, { includeInactive: true });
    },
  );
};
