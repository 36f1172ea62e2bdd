import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COUNTRIES, isPrimaryCountry } from '@climbing/domain';
import { countrySchema } from './country-schemas.ts';

const LIST = COUNTRIES.map((country) => ({ ...country, primary: isPrimaryCountry(country.alpha3) }));

/** GET /api/country: every ISO 3166-1 country for pickers, the spec's fourteen first. */
export const countryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/country',
    { schema: { tags: ['country'], summary: "ISO 3166-1 countries, the spec's fourteen first (primary); send either code, the API stores alpha-3", response: { 200: z.array(countrySchema) } } },
    async (request, reply) => {
      await app.authorize(request, 'country:read');
      return reply.header('Cache-Control', 'public, max-age=86400').send(LIST);
    },
  );
};
