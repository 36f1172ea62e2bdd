import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { today } from '../../lib/today.ts';
import { ANONYMOUS, can } from '../auth/policy.ts';
import type { Cup } from '../../db/schema/index.ts';
import { authorizeCupRead, cupResource, findCup, findCupCategory } from './cup-access.ts';
import { presentCup, presentCupSummaries } from './cup-presenter.ts';
import { computeCupRanking } from './cup-ranking-service.ts';
import {
  createCupBody,
  cupCategoryParams,
  cupCategoryRaceParams,
  cupListQuery,
  cupParams,
  cupRaceBody,
  cupRankingRowSchema,
  cupSchema,
  cupSummarySchema,
  rankingQuery,
  updateCupBody,
} from './cup-schemas.ts';
import { addCupRace, createCup, deleteCup, listCups, removeCupRace, updateCup } from './cup-service.ts';

const secured = { security: [{ bearerAuth: [] }] };
const tags = ['cup'];

/** Cups (docs/cups.md): list, read, create, edit, delete, races per category, the ranking. */
export const cupRoutes: FastifyPluginAsyncZod = async (app) => {
  const manages = (request: FastifyRequest, cup: Cup): boolean => can(request.actor ?? ANONYMOUS, 'cup:manage', cupResource(cup));

  app.get(
    '/api/cup',
    {
      schema: { tags, summary: 'Cup summaries the caller may see (internal cups to their organization); period=actual (not finished)|history (finished), organizationId', querystring: cupListQuery, response: { 200: z.array(cupSummarySchema) } },
      preHandler: app.optionalSession,
    },
    async (request) => {
      await app.authorize(request, 'cup:read-public');
      const day = today();
      return presentCupSummaries(app.db, await listCups(app.db, request.actor ?? ANONYMOUS, request.query, day), day);
    },
  );

  app.post(
    '/api/cup',
    { schema: { tags, summary: 'Create a cup with its categories (defaults: the organization\'s global cup settings, then spec 9)', ...secured, body: createCupBody, response: { 201: cupSchema } }, preHandler: app.requireUser },
    async (request, reply) => {
      await app.authorize(request, 'cup:manage', { organization: request.body.organizationId });
      const cup = await createCup(app, request.body);
      return reply.status(201).send(await presentCup(app.db, cup, today(), request.actor ?? ANONYMOUS, true));
    },
  );

  app.get(
    '/api/cup/:id',
    { schema: { tags, summary: 'A cup with its categories and their races (internal cups to members of its organization)', params: cupParams, response: { 200: cupSchema } }, preHandler: app.optionalSession },
    async (request) => {
      const cup = await findCup(app.db, request.params.id);
      await authorizeCupRead(app, request, cup);
      return presentCup(app.db, cup, today(), request.actor ?? ANONYMOUS, manages(request, cup));
    },
  );

  app.put(
    '/api/cup/:id',
    { schema: { tags, summary: 'Update a cup (absent fields unchanged; categories, when sent, is the whole list)', ...secured, params: cupParams, body: updateCupBody, response: { 200: cupSchema } }, preHandler: app.requireUser },
    async (request) => {
      await app.authorize(request, 'cup:manage', cupResource(await findCup(app.db, request.params.id)));
      return presentCup(app.db, await updateCup(app, request.params.id, request.body), today(), request.actor ?? ANONYMOUS, true);
    },
  );

  app.delete(
    '/api/cup/:id',
    { schema: { tags, summary: 'Delete a cup with its categories (the races and their results stay)', ...secured, params: cupParams, response: { 204: z.null() } }, preHandler: app.requireUser },
    async (request, reply) => {
      await app.authorize(request, 'cup:manage', cupResource(await findCup(app.db, request.params.id)));
      await deleteCup(app, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/cup/:id/category/:categoryId/race',
    {
      schema: { tags, summary: 'Count a race in a cup category with one of the organization\'s cup rank categories (points table)', ...secured, params: cupCategoryParams, body: cupRaceBody, response: { 201: cupSchema } },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const cup = await findCup(app.db, request.params.id);
      await app.authorize(request, 'cup:manage', cupResource(cup));
      await addCupRace(app, cup.id, request.params.categoryId, request.body);
      return reply.status(201).send(await presentCup(app.db, cup, today(), request.actor ?? ANONYMOUS, true));
    },
  );

  app.delete(
    '/api/cup/:id/category/:categoryId/race/:cupCategoryRaceId',
    { schema: { tags, summary: 'Remove a race from a cup category', ...secured, params: cupCategoryRaceParams, response: { 200: cupSchema } }, preHandler: app.requireUser },
    async (request) => {
      const cup = await findCup(app.db, request.params.id);
      await app.authorize(request, 'cup:manage', cupResource(cup));
      await removeCupRace(app, cup.id, request.params.categoryId, request.params.cupCategoryRaceId);
      return presentCup(app.db, cup, today(), request.actor ?? ANONYMOUS, true);
    },
  );

  app.get(
    '/api/cup/:id/ranking',
    {
      schema: {
        tags,
        summary: "The cup ranking of one category, computed from the races' current results on every request (best first)",
        params: cupParams,
        querystring: rankingQuery,
        response: { 200: z.array(cupRankingRowSchema) },
      },
      preHandler: app.optionalSession,
    },
    async (request) => {
      const cup = await findCup(app.db, request.params.id);
      await authorizeCupRead(app, request, cup);
      const category = await findCupCategory(app.db, cup.id, request.query.category);
      return computeCupRanking(app.db, app.resultsCache, cup, category, request.actor ?? ANONYMOUS);
    },
  );
};
