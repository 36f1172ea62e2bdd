import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../users/user-schemas.ts';
import { assertResultsReadable, findRaceWithEvent, publiclyReadable } from '../scoring/race-access.ts';
import { resultRow, resultsQuery } from '../scoring/scoring-schemas.ts';
import { resultsBody } from './results-cache.ts';

/**
 * Results of a race anybody may read: shared caches (nginx, a CDN) may keep them 2 s (`s-maxage`),
 * short because results move during a race. Browsers revalidate every time (`max-age=0`), which
 * the ETag makes cheap: a judge or an organiser never sees their own change late.
 */
export const PUBLIC_RESULTS_CACHE_CONTROL = 'public, max-age=0, s-maxage=2';
/** Results seen thanks to a session (internal or hidden events) stay out of every shared cache. */
export const PRIVATE_RESULTS_CACHE_CONTROL = 'private, no-store';

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * Spec 7: GET /api/results/{raceId}?stage= — result rows computed by the domain engine. `sex` and
 * `ageCategoryId` leave out the other racers' rows; ranks (and category ranks) stay as computed on
 * the whole stage, so a filtered list is a part of the full one. The rows come from the results
 * cache (results-cache.ts): ranked once per committed change, the body serialized once per filter.
 */
export const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/results/:raceId',
    {
      schema: {
        tags: ['results'],
        summary:
          'Results of one stage of a race, best first (stage required; `sex` and `ageCategoryId` keep only those racers, ranks unchanged). ' +
          'Sends an ETag and answers 304 to a matching If-None-Match; shared caches may keep results of public races 2 s, others not at all.',
        params: z.object({ raceId: idParam }),
        querystring: resultsQuery,
        response: { 200: z.array(resultRow), 304: z.null().describe('Not modified: the ETag sent in If-None-Match is current') },
      },
      preHandler: app.optionalSession,
    },
    async (request, reply) => {
      const context = await findRaceWithEvent(app.db, request.params.raceId);
      await assertResultsReadable(app, request, context);
      const { stage, sex, ageCategoryId } = request.query;
      const [entry, isPublic] = await Promise.all([app.resultsCache.get(app.db, context.race), publiclyReadable(app, context)]);
      const { body, etag } = resultsBody(entry, stage, { sex, ageCategoryId });
      void reply.header('etag', etag).header('cache-control', isPublic ? PUBLIC_RESULTS_CACHE_CONTROL : PRIVATE_RESULTS_CACHE_CONTROL);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      // Already serialized with the response schema (results-cache.ts): sent as is.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
};
