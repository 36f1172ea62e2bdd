import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../users/user-schemas.ts';
import { assertResultsReadable, findRaceWithEvent } from '../scoring/race-access.ts';
import { resultRow, resultsQuery } from '../scoring/scoring-schemas.ts';
import { computeStageResults } from './results-service.ts';

/**
 * Spec 7: GET /api/results/{raceId}?stage= — result rows computed by the domain engine. `sex` and
 * `ageCategoryId` leave out the other racers' rows; ranks (and category ranks) stay as computed on
 * the whole stage, so a filtered list is a part of the full one.
 */
export const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/results/:raceId',
    {
      schema: {
        tags: ['results'],
        summary: 'Results of one stage of a race, best first (stage required; `sex` and `ageCategoryId` keep only those racers, ranks unchanged)',
        params: z.object({ raceId: idParam }),
        querystring: resultsQuery,
        response: { 200: z.array(resultRow) },
      },
      preHandler: app.optionalSession,
    },
    async (request) => {
      const context = await findRaceWithEvent(app.db, request.params.raceId);
      await assertResultsReadable(app, request, context);
      const { stage, sex, ageCategoryId } = request.query;
      return (await computeStageResults(app.db, context.race, stage)).rows.filter(
        (row) => (sex === undefined || row.racer.sex === sex) && (ageCategoryId === undefined || row.ageCategory?.id === ageCategoryId),
      );
    },
  );
};
