import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../auth/authenticate.ts';
import { readUploadedImage } from '../files/file-upload.ts';
import { idParam } from '../users/user-schemas.ts';
import { findOrganization, presentOrganization } from './organization-presenter.ts';
import {
  createOrganizationBody,
  cupSettingsSchema,
  organizationSchema,
  organizationSummarySchema,
  raceSettingsSchema,
  updateOrganizationBody,
} from './organization-schemas.ts';
import {
  LOGO_KINDS,
  createOrganization,
  listOrganizations,
  replaceLogo,
  saveCupSettings,
  saveRaceSettings,
  setOrganizationActive,
  updateOrganization,
} from './organization-service.ts';

const params = z.object({ id: idParam });
const secured = { security: [{ bearerAuth: [] }] };

/** Organizations (REST style under /api/organization; the spec shows no paths for them). */
export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/organization',
    { schema: { tags: ['organization'], summary: 'Public catalogue of active organizations', response: { 200: z.array(organizationSummarySchema) } } },
    async (request) => {
      await app.authorize(request, 'organization:read');
      return listOrganizations(app.db);
    },
  );

  app.post(
    '/api/organization',
    { schema: { tags: ['organization'], summary: 'Register an organization; the caller becomes its admin', ...secured, body: createOrganizationBody, response: { 201: organizationSchema } }, preHandler: app.requireUser },
    async (request, reply) => {
      await app.authorize(request, 'organization:create');
      const organization = await createOrganization(app, principalOf(request).userId, request.body);
      return reply.status(201).send(await presentOrganization(app.db, organization));
    },
  );

  app.get(
    '/api/organization/:id',
    { schema: { tags: ['organization'], summary: 'An organization (an inactive one only to its members and super admins)', params, response: { 200: organizationSchema } }, preHandler: app.optionalSession },
    async (request) => {
      await app.authorize(request, 'organization:read');
      const organization = await findOrganization(app.db, request.params.id);
      if (!organization.active) await app.authorize(request, 'organization:read-inactive', { organization: organization.id }, 'ORGANIZATION_NOT_FOUND');
      return presentOrganization(app.db, organization);
    },
  );

  app.put(
    '/api/organization/:id',
    { schema: { tags: ['organization'], summary: 'Update the organization settings', ...secured, params, body: updateOrganizationBody, response: { 200: organizationSchema } }, preHandler: app.requireUser },
    async (request) => {
      await app.authorize(request, 'organization:update', { organization: request.params.id });
      return presentOrganization(app.db, await updateOrganization(app, request.params.id, request.body));
    },
  );

  for (const [suffix, active] of [['activate', true], ['deactivate', false]] as const) {
    app.post(
      `/api/organization/:id/${suffix}`,
      { schema: { tags: ['organization'], summary: `${active ? 'Activate' : 'Deactivate'} an organization (super admin)`, ...secured, params, response: { 200: organizationSchema } }, preHandler: app.requireUser },
      async (request) => {
        await app.authorize(request, active ? 'organization:activate' : 'organization:deactivate', { organization: request.params.id });
        return presentOrganization(app.db, await setOrganizationActive(app, request.params.id, active));
      },
    );
  }

  app.post(
    '/api/organization/:id/logo',
    {
      schema: {
        tags: ['organization'],
        summary: 'Upload a logo (multipart field multipartFile, an image up to 5 MB); kind=logo|primary|secondary',
        consumes: ['multipart/form-data'],
        ...secured,
        params,
        querystring: z.object({ kind: z.enum(LOGO_KINDS).default('logo') }),
        response: { 200: organizationSchema },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      await app.authorize(request, 'organization:update', { organization: request.params.id });
      await findOrganization(app.db, request.params.id);
      const image = await readUploadedImage(request, 'LOGO_UPLOAD_FAILED');
      return presentOrganization(app.db, await replaceLogo(app, request.params.id, request.query.kind, image));
    },
  );

  app.get(
    '/api/organization/:id/race-settings',
    { schema: { tags: ['organization'], summary: 'Global race settings (defaults of new races)', ...secured, params, response: { 200: raceSettingsSchema } }, preHandler: app.requireUser },
    async (request) => {
      await app.authorize(request, 'organization:read-settings', { organization: request.params.id });
      return (await findOrganization(app.db, request.params.id)).raceSettings;
    },
  );
  app.put(
    '/api/organization/:id/race-settings',
    { schema: { tags: ['organization'], summary: 'Save the global race settings', ...secured, params, body: raceSettingsSchema, response: { 200: raceSettingsSchema } }, preHandler: app.requireUser },
    async (request) => {
      await app.authorize(request, 'organization:update', { organization: request.params.id });
      return saveRaceSettings(app, request.params.id, request.body);
    },
  );

  app.get(
    '/api/organization/:id/cup-settings',
    { schema: { tags: ['organization'], summary: 'Global cup settings (defaults of new cups)', ...secured, params, response: { 200: cupSettingsSchema } }, preHandler: app.requireUser },
    async (request) => {
      await app.authorize(request, 'organization:read-settings', { organization: request.params.id });
      return (await findOrganization(app.db, request.params.id)).cupSettings;
    },
  );
  app.put(
    '/api/organization/:id/cup-settings',
    { schema: { tags: ['organization'], summary: 'Save the global cup settings', ...secured, params, body: cupSettingsSchema, response: { 200: cupSettingsSchema } }, preHandler: app.requireUser },
    async (request) => {
      await app.authorize(request, 'organization:update', { organization: request.params.id });
      return saveCupSettings(app, request.params.id, request.body);
    },
  );
};
