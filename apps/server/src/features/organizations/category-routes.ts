import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../users/user-schemas.ts';
import {
  createAgeCategory,
  createCupRankCategory,
  deleteAgeCategory,
  deleteCupRankCategory,
  listAgeCategories,
  listCupRankCategories,
  updateAgeCategory,
  updateCupRankCategory,
} from './category-service.ts';
import { findOrganization, presentAgeCategory, presentCupRankCategory } from './organization-presenter.ts';
import { ageCategoryBody, ageCategorySchema, cupRankCategoryBody, cupRankCategorySchema } from './organization-schemas.ts';

const organizationParams = z.object({ id: idParam });
const categoryParams = z.object({ id: idParam, categoryId: idParam });
const secured = { security: [{ bearerAuth: [] }] };

/** Age categories and cup rank categories of an organization: public to read, its admins edit. */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/organization/:id/age-category',
    { schema: { tags: ['organization'], summary: 'Age categories', params: organizationParams, response: { 200: z.array(ageCategorySchema) } } },
    async (request) => {
      await app.authorize(request, 'category:read');
      await findOrganization(app.db, request.params.id);
      return (await listAgeCategories(app.db, request.params.id)).map(presentAgeCategory);
    },
  );
  app.post(
    '/api/organization/:id/age-category',
    { schema: { tags: ['organization'], summary: 'Create an age category', ...secured, params: organizationParams, body: ageCategoryBody, response: { 201: ageCategorySchema } }, preHandler: app.requireUser },
    async (request, reply) => {
      await app.authorize(request, 'category:manage', { organization: request.params.id });
      await findOrganization(app.db, request.params.id);
      return reply.status(201).send(presentAgeCategory(await createAgeCategory(app.db, request.params.id, request.body)));
    },
  );
  app.put(
    '/api/organization/:id/age-category/:categoryId',
    { schema: { tags: ['organization'], summary: 'Update an age category', ...secured, params: categoryParams, body: ageCategoryBody, response: { 200: ageCategorySchema } }, preHandler: app.requireUser },
    async (request) => {
      await app.authorize(request, 'category:manage', { organization: request.params.id });
      return presentAgeCategory(await updateAgeCategory(app.db, request.params.id, request.params.categoryId, request.body));
    },
  );
  app.delete(
    '/api/organization/:id/age-category/:categoryId',
    { schema: { tags: ['organization'], summary: 'Delete an age category (not while a race or cup uses it)', ...secured, params: categoryParams, response: { 204: z.null() } }, preHandler: app.requireUser },
    async (request, reply) => {
      await app.authorize(request, 'category:manage', { organization: request.params.id });
      await deleteAgeCategory(app.db, request.params.id, request.params.categoryId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/organization/:id/cup-rank-category',
    { schema: { tags: ['organization'], summary: 'Cup rank categories (points tables)', params: organizationParams, response: { 200: z.array(cupRankCategorySchema) } } },
    async (request) => {
      await app.authorize(request, 'category:read');
      await findOrganization(app.db, request.params.id);
      return (await listCupRankCategories(app.db, request.params.id)).map(presentCupRankCategory);
    },
  );
  app.post(
    '/api/organization/:id/cup-rank-category',
    {
      schema: { tags: ['organization'], summary: 'Create a cup rank category; rankPoints default to the IFSC table', ...secured, params: organizationParams, body: cupRankCategoryBody, response: { 201: cupRankCategorySchema } },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      await app.authorize(request, 'category:manage', { organization: request.params.id });
      await findOrganization(app.db, request.params.id);
      return reply.status(201).send(presentCupRankCategory(await createCupRankCategory(app.db, request.params.id, request.body)));
    },
  );
  app.put(
    '/api/organization/:id/cup-rank-category/:categoryId',
    { schema: { tags: ['organization'], summary: 'Update a cup rank category', ...secured, params: categoryParams, body: cupRankCategoryBody, response: { 200: cupRankCategorySchema } }, preHandler: app.requireUser },
    async (request) => {
      await app.authorize(request, 'category:manage', { organization: request.params.id });
      return presentCupRankCategory(await updateCupRankCategory(app.db, request.params.id, request.params.categoryId, request.body));
    },
  );
  app.delete(
    '/api/organization/:id/cup-rank-category/:categoryId',
    { schema: { tags: ['organization'], summary: 'Delete a cup rank category (not while a cup uses it)', ...secured, params: categoryParams, response: { 204: z.null() } }, preHandler: app.requireUser },
    async (request, reply) => {
      await app.authorize(request, 'category:manage', { organization: request.params.id });
      await deleteCupRankCategory(app.db, request.params.id, request.params.categoryId);
      return reply.status(204).send(null);
    },
  );
};
