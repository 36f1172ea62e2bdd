import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError, parseStageList } from '@climbing/domain';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { addresses, events, organizations, racers, races } from '../../db/schema/index.ts';
import { idParam } from '../users/user-schemas.ts';
import { assertResultsReadable, findRaceWithEvent, publiclyReadable } from '../scoring/race-access.ts';
import { principalStillValid } from '../auth/authenticate.ts';
import { HEARTBEAT_FRAME, HEARTBEAT_MS, RETRY_FRAME, liveConnection } from './live-connection.ts';
import { sseResponseHead } from './live-fan-out.ts';

/** Race states in which results move: a race is live from its qualification to its end. */
const LIVE_STATES = ['QUALIFICATION', 'QUALIFICATION_ONGOING', 'SEMIFINALS', 'SEMIFINALS_ONGOING', 'FINALS', 'FINALS_ONGOING'] as const;

const liveRaceSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  eventId: z.number().int(),
  eventName: z.string(),
  eventDisplayName: z.string().nullable(),
  organizationName: z.string(),
  racerCount: z.number().int(),
  state: z.string(),
  discipline: z.string(),
  city: z.string().nullable(),
});

/** The frame that tells a viewer the stream ended for good (do not reconnect): their access ended. */
export const ACCESS_ENDED_FRAME = `event: ended\ndata: ${JSON.stringify({ reason: 'ACCESS_ENDED' })}\n\n`;

/**
 * Whether the viewer of a stream that needed their session may still see the race: the session
 * lives, the account or judge login is usable, and the rights (membership, judge, admin) still hold
 * for the race as it is now. A database hiccup is not a lost access: the next check decides.
 */
async function accessStillHolds(app: FastifyInstance, request: FastifyRequest, raceId: number): Promise<boolean> {
  const principal = request.principal;
  try {
    if (!principal || !(await principalStillValid(app, principal))) return false;
    request.actor = null;
    await assertResultsReadable(app, request, await findRaceWithEvent(app.db, raceId));
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    request.log.warn({ err: error }, 'live access check failed');
    return true;
  }
}

/** Checks the viewer's access every LIVE_ACCESS_RECHECK_SECONDS; `ended` once it no longer holds. Returns the timer. */
function accessChecks(app: FastifyInstance, request: FastifyRequest, raceId: number, ended: () => void): NodeJS.Timeout {
  let checking = false;
  let over = false;
  const timer = setInterval(() => {
    if (checking || over) return;
    checking = true;
    void accessStillHolds(app, request, raceId).then((holds) => {
      checking = false;
      if (holds || over) return;
      over = true;
      clearInterval(timer);
      ended();
    });
  }, app.config.liveAccessRecheckMs);
  return timer;
}

export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/live',
    { schema: { tags: ['live'], summary: 'Races running now in public events (spec 3 Live race summary)', response: { 200: z.array(liveRaceSummary) } } },
    async () => {
      const rows = await app.db
        .select({
          id: races.id,
          name: races.name,
          eventId: events.id,
          eventName: events.name,
          eventDisplayName: events.displayName,
          organizationName: organizations.name,
          state: races.state,
          discipline: races.discipline,
          city: addresses.city,
        })
        .from(races)
        .innerJoin(events, eq(events.id, races.eventId))
        .innerJoin(organizations, eq(organizations.id, events.organizationId))
        .leftJoin(addresses, eq(addresses.id, events.addressId))
        .where(and(inArray(races.state, [...LIVE_STATES]), eq(events.isPublic, true), eq(events.isHidden, false)))
        .orderBy(asc(events.startingDate), asc(events.name), asc(races.name));
      if (rows.length === 0) return [];
      const counts = await app.db
        .select({ raceId: racers.raceId, racers: count() })
        .from(racers)
        .where(inArray(racers.raceId, rows.map((row) => row.id)))
        .groupBy(racers.raceId);
      const racerCount = new Map(counts.map((row) => [row.raceId, Number(row.racers)]));
      return rows.map((row) => ({ ...row, racerCount: racerCount.get(row.id) ?? 0 }));
    },
  );

  app.get(
    '/api/live/race/:raceId',
    {
      schema: {
        tags: ['live'],
        summary:
          'Server-Sent Events: an event `results` ({ raceId, stage, version, rows, sentAt, lastScoreAt }) per stage at once, the whole table; after every committed change an event `patch` ' +
          '({ raceId, stage, base, version, count, rows, at, places, removed, sentAt, lastScoreAt }) per changed stage, which applies to the table of version `base` (docs/judging-and-live.md). ' +
          'Internal and hidden events need a session: the web app\'s cookie (an EventSource sends it by itself) or an Authorization header. No token in the URL, where logs and histories would keep it.',
        params: z.object({ raceId: idParam }),
        querystring: z.object({ stages: z.string().max(100).optional() }),
      },
      preHandler: app.optionalSession,
    },
    async (request, reply) => {
      const context = await findRaceWithEvent(app.db, request.params.raceId);
      await assertResultsReadable(app, request, context);
      // Seen thanks to the viewer's session: the stream ends when that access ends (docs/security.md).
      const needsAccessChecks = request.principal !== null && !(await publiclyReadable(app, context));
      const wanted = parseStageList(request.query.stages);

      reply.hijack();
      const stages = wanted.length > 0 ? wanted : null;
      // The security headers the hooks set on the reply, which a hijacked reply does not send by itself.
      const headers = { ...reply.getHeaders(), 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' };
      const socket = request.raw.socket;
      if (app.live.canHandOver(socket)) {
        // The fan-out process writes the stream from here on; this process keeps the access checks.
        let accessCheck: NodeJS.Timeout | undefined;
        let over = false;
        const ended = (): void => {
          over = true;
          clearInterval(accessCheck);
        };
        try {
          const stream = await app.live.handOver(context.race.id, { stages, socket, head: sseResponseHead({ ...headers, connection: 'close' }) }, ended);
          if (needsAccessChecks && !over) accessCheck = accessChecks(app, request, context.race.id, () => stream.end(ACCESS_ENDED_FRAME));
        } catch (error) {
          // Nothing was written yet: the browser's EventSource tries again.
          request.log.warn({ err: error }, 'live subscription failed');
          socket.destroy();
        }
        return;
      }

      const raw = reply.raw;
      for (const [name, value] of Object.entries(headers)) if (value !== undefined) raw.setHeader(name, value);
      raw.writeHead(200, { connection: 'keep-alive' });
      let close: () => void = () => undefined;
      // A stream that stops reading is dropped; its browser reconnects after `retry` and starts over.
      const connection = liveConnection(raw, {
        onBytes: (bytes) => app.metrics.liveBytesSent(bytes),
        onDrop: () => {
          app.metrics.liveDropped();
          close();
        },
      });
      const send = (chunk: string | Buffer): void => {
        connection.send(chunk);
      };
      send(RETRY_FRAME);

      let closed = false;
      let unsubscribe: (() => void) | null = null;
      const heartbeat = setInterval(() => send(HEARTBEAT_FRAME), HEARTBEAT_MS);
      const accessCheck = needsAccessChecks
        ? accessChecks(app, request, context.race.id, () => {
            if (closed) return;
            send(ACCESS_ENDED_FRAME);
            close();
          })
        : undefined;
      close = (): void => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearInterval(accessCheck);
        unsubscribe?.();
        app.liveClosers.delete(close);
        if (!raw.writableEnded) raw.end();
      };
      app.liveClosers.add(close);
      request.raw.on('close', close);
      try {
        const stop = await app.live.subscribe(context.race.id, {
          stages: stages ? new Set(stages) : null,
          write: (frame) => {
            if (!closed) send(frame);
          },
        });
        if (closed) stop();
        else unsubscribe = stop;
      } catch (error) {
        request.log.warn({ err: error }, 'live subscription failed');
        close();
      }
    },
  );
};
