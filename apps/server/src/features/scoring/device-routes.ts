import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scoringDevices } from '../../db/schema/index.ts';
import { idParam } from '../users/user-schemas.ts';
import { assertMayScore, findRaceWithEvent } from './race-access.ts';
import { authorOf } from './scoring-routes.ts';
import { deviceView, raceDevices } from './scoring-devices.ts';

const tags = ['scoring'];
const deviceId = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/);

const deviceReport = z
  .object({
    /** Score entries the device holds that the server has not received yet. */
    pending: z.number().int().min(0).max(100_000),
    /** When the oldest of them was made on the device. */
    oldestPendingAt: z.iso.datetime({ offset: true }).nullish(),
  })
  .meta({ example: { pending: 3, oldestPendingAt: '2026-12-05T10:41:07.250Z' } });

/**
 * Judges' devices and their queues (issue 12): a scorecard reports how many entries it holds that
 * the server has not received, and the organiser's rounds page lists the devices with unsent ones.
 */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/race/:raceId/scoring-device/:deviceId',
    {
      schema: {
        tags,
        summary: 'A judge device reports how many score entries of this race wait in its queue (judges and admins of the event)',
        security: [{ bearerAuth: [] }],
        params: z.object({ raceId: idParam, deviceId }),
        body: deviceReport,
        response: { 204: z.null() },
      },
      preHandler: app.requireSession,
    },
    async (request, reply) => {
      const context = await findRaceWithEvent(app.db, request.params.raceId);
      await assertMayScore(app, request, context);
      const author = authorOf(request);
      const now = new Date();
      const values = {
        userId: author.userId,
        judgeAccountId: author.judgeAccountId,
        pending: request.body.pending,
        oldestPendingAt: request.body.pending > 0 && request.body.oldestPendingAt ? new Date(request.body.oldestPendingAt) : null,
        lastSeenAt: now,
        ...(request.body.pending === 0 ? { lastSyncedAt: now } : {}),
      };
      await app.db
        .insert(scoringDevices)
        .values({ raceId: context.race.id, deviceId: request.params.deviceId, ...values })
        .onConflictDoUpdate({ target: [scoringDevices.raceId, scoringDevices.deviceId], set: values });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/race/:raceId/scoring-devices',
    {
      schema: {
        tags,
        summary: 'The judge devices that reported on this race, those with unsent entries first (admins of the event)',
        security: [{ bearerAuth: [] }],
        params: z.object({ raceId: idParam }),
        response: { 200: z.array(deviceView) },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const context = await findRaceWithEvent(app.db, request.params.raceId);
      await app.authorize(request, 'race:manage', { organization: context.event.organizationId, eventId: context.event.id });
      return raceDevices(app.db, context.race.id);
    },
  );
};
