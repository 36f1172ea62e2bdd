import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../users/user-schemas.ts';
import { assertResultsReadable, findRaceWithEvent } from '../scoring/race-access.ts';
import { resultRow, stageQuery } from '../scoring/scoring-schemas.ts';
import { computeStageResults } from './results-service.ts';

/** Spec 7: GET /api/results/{raceId}?stage= — result rows computed by the domain engine. */
export const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/results/:raceId',
    {
      schema: {
        tags: ['results'],
        summary: 'Results of one stage of a race, best first (stage required)',
        params: z.object({ raceId: idParam }),
        querystring: stageQuery,
        response: { 200: z.array(resultRow) },
      },
      preHandler: app.optionalSession,
    },
    async (request) => {
      const context = await findRaceWithEvent(app.db, request.params.raceId);
      await assertResultsReadable(app, request, context);
      return (await computeStageResults(app.db, context.race, request.query.stage)).rows;
    },
  );
};
