import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sendError } from './error-handler.ts';

/** What the features report to the metrics; does nothing when metrics are off. */
export interface AppMetrics {
  /** Bytes written to live (Server-Sent Events) streams: result frames and keep-alive comments. */
  liveBytesSent(bytes: number): void;
  /** A live stream was dropped because its client stopped reading. */
  liveDropped(): void;
  /** One update of a race was written to all its live streams, taking this long. */
  liveUpdateWritten(seconds: number): void;
  /** One ranking of a race's results was computed (a results-cache miss). */
  resultsComputed(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** The routes that write scores; a 2xx answer on one of them counts as one score write. */
const SCORE_WRITE_ROUTES = new Set([
  'PUT /api/racer/:racerId/round/:roundId',
  'PUT /api/racer/:racerId/route/:routeId',
  'PUT /api/racer/:racerId/speed-route/:speedRouteId',
  'PUT /api/speed-match/:id',
]);

/** Seconds; most API answers take milliseconds, a ranking of a large race some tens of them. */
const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const digest = (text: string): Buffer => crypto.createHash('sha256').update(text, 'utf8').digest();

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return false;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match?.[1]) return false;
  return crypto.timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * Prometheus metrics at GET /metrics (docs/deployment.md, "Metrics"). Off unless METRICS_TOKEN is
 * set: then 404 METRICS_NOT_ENABLED; on, a request without the token gets 401 METRICS_TOKEN_INVALID.
 * Each app has its own registry, so several apps in one process (the tests) do not share counters.
 */
export function registerMetrics(app: FastifyInstance): void {
  const token = app.config.metricsToken;
  if (!token) {
    app.decorate('metrics', { liveBytesSent: () => undefined, liveDropped: () => undefined, liveUpdateWritten: () => undefined, resultsComputed: () => undefined } satisfies AppMetrics);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => sendError(request, reply, 'METRICS_NOT_ENABLED'));
    return;
  }

  const registry = new Registry();
  // Process and runtime metrics, among them nodejs_eventloop_lag_seconds and its percentiles.
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'climbing_http_request_duration_seconds',
    help: 'Duration of HTTP requests by route pattern (not the URL), method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const scoreWrites = new Counter({
    name: 'climbing_score_writes_total',
    help: 'Score writes answered with success, by route',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const liveBytes = new Counter({
    name: 'climbing_live_bytes_sent_total',
    help: 'Bytes written to live result streams (Server-Sent Events) of this instance',
    registers: [registry],
  });
  const liveDrops = new Counter({
    name: 'climbing_live_streams_dropped_total',
    help: 'Live result streams dropped because their client stopped reading (it reconnects)',
    registers: [registry],
  });
  const liveUpdateDuration = new Histogram({
    name: 'climbing_live_update_write_seconds',
    help: 'Time for one update of a race to reach all its live streams (the fan-out process: from the update to the end of the round that wrote it to the last stream); near one second, the streams are too many for LIVE_FAN_OUT_SHARE',
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const resultsComputations = new Counter({
    name: 'climbing_results_computations_total',
    help: 'Rankings of a race computed (results cache misses)',
    registers: [registry],
  });
  new Gauge({
    name: 'climbing_live_subscribers',
    help: 'Open live result streams of this instance, per race',
    labelNames: ['race_id'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [raceId, count] of app.live.subscriberCounts()) this.set({ race_id: String(raceId) }, count);
    },
  });
  const poolStats = app.database.poolStats;
  if (poolStats) {
    new Gauge({
      name: 'climbing_db_pool_clients',
      help: 'PostgreSQL connection pool: clients open (total), idle, requests waiting for one, and the maximum',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, stats[state]);
      },
    });
  }

  app.decorate('metrics', {
    liveBytesSent: (bytes: number) => liveBytes.inc(bytes),
    liveDropped: () => liveDrops.inc(),
    liveUpdateWritten: (seconds: number) => liveUpdateDuration.observe(seconds),
    resultsComputed: () => resultsComputations.inc(),
  } satisfies AppMetrics);

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requestDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    const key = `${request.method} ${route}`;
    if (reply.statusCode < 300 && SCORE_WRITE_ROUTES.has(key)) scoreWrites.inc({ route });
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request, token)) return sendError(request, reply, 'METRICS_TOKEN_INVALID');
    const text = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}
