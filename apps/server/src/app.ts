import Fastify, { LogController, type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import { ATTACHMENTS_TOTAL_MAX_BYTES } from '@climbing/domain';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { openDatabase, type Database, type DatabaseHandle } from './db/database.ts';
import { LOG_REDACT_PATHS, redactError } from './lib/log-redaction.ts';
import { createReplySerializerCompiler } from './lib/reply-serializer.ts';
import { registerInputHygiene } from './plugins/input-hygiene.ts';
import { registerCompression } from './plugins/compression.ts';
import { cspReportRoutes, registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerStaticWeb } from './plugins/static-web.ts';
import { resolveJwtSecret } from './lib/jwt-secret.ts';
import { healthRoutes } from './features/health/health-routes.ts';
import { registerAuthentication } from './features/auth/authenticate.ts';
import { registerCheckInCodes } from './features/check-in/check-in-codes.ts';
import { checkInRoutes } from './features/check-in/check-in-routes.ts';
import { tokenRoutes } from './features/auth/token-routes.ts';
import { currentUserRoutes } from './features/users/current-user-routes.ts';
import { registerAbuseLimits } from './features/auth/abuse-limits.ts';
import { registerMail } from './features/mail/mail-service.ts';
import { registerLiveHub } from './features/live/live-hub.ts';
import { createResultsCache } from './features/results/results-cache.ts';
import { liveRoutes } from './features/live/live-routes.ts';
import { resultsRoutes } from './features/results/results-routes.ts';
import { scoringRoutes } from './features/scoring/scoring-routes.ts';
import { registerIdempotencyPurge } from './features/scoring/idempotency.ts';
import { speedMatchRoutes } from './features/scoring/speed-match-routes.ts';
import { deviceRoutes } from './features/scoring/device-routes.ts';
import { userRoutes } from './features/users/user-routes.ts';
import { passwordResetRoutes } from './features/users/password-reset-routes.ts';
import { contactRoutes } from './features/users/contact-routes.ts';
import { fileRoutes } from './features/files/file-routes.ts';
import { organizationRoutes } from './features/organizations/organization-routes.ts';
import { categoryRoutes } from './features/organizations/category-routes.ts';
import { memberRoutes } from './features/members/member-routes.ts';
import { invitationRoutes } from './features/invitations/invitation-routes.ts';
import { countryRoutes } from './features/countries/country-routes.ts';
import { eventRoutes } from './features/events/event-routes.ts';
import { raceRoutes } from './features/races/race-routes.ts';
import { registrationRoutes } from './features/registrations/registration-routes.ts';
import { outboxRoutes } from './features/mail/outbox-routes.ts';
import { myMembershipRoutes } from './features/members/my-membership-routes.ts';
import { adminOrganizationRoutes } from './features/organizations/admin-organization-routes.ts';
import { cupRoutes } from './features/cups/cup-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
    db: Database;
    /** The time the server goes by for sessions and tokens; tests pass a clock they move. */
    clock: () => Date;
  }
}

export interface AppDependencies {
  /** An open, migrated database; the app then leaves closing it to the caller (tests share one). */
  database?: DatabaseHandle;
  /** Where log lines go instead of stdout (the tests read them to check what is redacted). */
  logStream?: { write(line: string): void };
  /** Defaults to the system clock. */
  clock?: () => Date;
}

/** JSON bodies above this are refused with 413; file uploads have their own limits. */
const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(config: AppConfig, dependencies: AppDependencies = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, ...(dependencies.logStream ? { stream: dependencies.logStream } : {}), redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' }, serializers: { err: redactError } },
    bodyLimit: BODY_LIMIT_BYTES,
    // Only a configured proxy may say who the client is (X-Forwarded-For feeds the per-address limits).
    trustProxy: config.trustProxy,
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Replies are projected by a function compiled from their schema; tests also validate them (lib/reply-serializer.ts).
  app.setSerializerCompiler(createReplySerializerCompiler({ checkReplies: config.checkReplies }));

  const ownsDatabase = !dependencies.database;
  const database = dependencies.database ?? (await openDatabase(config));
  if (ownsDatabase) await database.migrate();
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('clock', dependencies.clock ?? (() => new Date()));
  app.addHook('onClose', async () => {
    if (ownsDatabase) await database.close();
  });

  // A response finished after close() began ends its keep-alive connection: otherwise close()
  // (SIGTERM, main.ts) waits for the idle connection's keep-alive timeout, 72 s.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) void reply.header('connection', 'close');
    return payload;
  });

  registerErrorHandler(app);
  registerSecurityHeaders(app);
  registerCompression(app);
  registerInputHygiene(app);
  await registerOpenApi(app);
  await app.register(rateLimit, { global: false });
  // The largest upload is an event's attachments (20 MB together); each route asks for its own, smaller limit.
  await app.register(multipart, { limits: { fileSize: ATTACHMENTS_TOTAL_MAX_BYTES, files: 10, fields: 20, fieldSize: 10_000, parts: 30 } });
  registerAbuseLimits(app);
  registerMail(app);
  registerLiveHub(app);
  registerMetrics(app);
  app.decorate('resultsCache', createResultsCache(() => app.metrics.resultsComputed()));
  registerIdempotencyPurge(app);
  const secret = await resolveJwtSecret(config);
  await registerAuthentication(app, secret);
  registerCheckInCodes(app, secret);

  await app.register(healthRoutes);
  await app.register(cspReportRoutes);
  await app.register(tokenRoutes);
  await app.register(currentUserRoutes);
  await app.register(userRoutes);
  await app.register(passwordResetRoutes);
  await app.register(contactRoutes);
  await app.register(fileRoutes);
  await app.register(organizationRoutes);
  await app.register(categoryRoutes);
  await app.register(memberRoutes);
  await app.register(invitationRoutes);
  await app.register(countryRoutes);
  await app.register(eventRoutes);
  await app.register(raceRoutes);
  await app.register(registrationRoutes);
  await app.register(outboxRoutes);
  await app.register(myMembershipRoutes);
  await app.register(adminOrganizationRoutes);
  await app.register(cupRoutes);
  await app.register(checkInRoutes);

  await app.register(scoringRoutes);
  await app.register(speedMatchRoutes);
  await app.register(deviceRoutes);
  await app.register(resultsRoutes);
  await app.register(liveRoutes);

  await registerStaticWeb(app, config.webDistDir);
  return app;
}
