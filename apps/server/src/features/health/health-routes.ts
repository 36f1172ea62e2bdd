import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
  uptimeSeconds: z.number(),
});

/** Liveness and database reachability, for load balancers and the e2e harness. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['system'], summary: 'Server and database health', response: { 200: healthResponse, 503: healthResponse } } },
    async (_request, reply) => {
      const ok = await app.database.ping();
      const body = { status: ok ? ('ok' as const) : ('degraded' as const), database: { kind: app.database.kind, ok }, uptimeSeconds: Math.round(process.uptime()) };
      return reply.status(ok ? 200 : 503).send(body);
    },
  );
};
