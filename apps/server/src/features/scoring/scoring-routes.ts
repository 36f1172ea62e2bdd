import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '@climbing/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { qualificationGroups, racers, rounds, scoreAuditLog, users, type Race } from '../../db/schema/index.ts';
import { idParam } from '../users/user-schemas.ts';
import { assertMayScore, assertResultsReadable, findRaceWithEvent, findRacerRaceWithEvent } from './race-access.ts';
import { loadRoundViews, type RoundView } from './round-view.ts';
import { speedMatchesByRacer, type RacerSpeedMatchView } from '../results/speed-bracket-store.ts';
import { changeRoundStates } from './round-state-service.ts';
import type { Executor } from '../../db/database.ts';
import { idempotencyScopeOf, markReplay, runIdempotentWrite, type IdempotencyScope, type KeyStep } from './idempotency.ts';
import { boulderScoresBody, idempotencyHeaders, leadRouteBody, racerWithRounds, roundStateBody, roundView, speedRunBody, stageQuery, versionFromIfMatch } from './scoring-schemas.ts';
import { roundView as loadRoundView, writeBoulders, writeLeadRoute, writeSpeedRun, type ScoreAuthor } from './score-service.ts';

const tags = ['scoring'];
const secured = { security: [{ bearerAuth: [] }] };
const roundParams = z.object({ racerId: idParam, roundId: idParam });
const routeParams = z.object({ racerId: idParam, routeId: idParam });
/** VERSION_CONFLICT carries `details.current`, the round as it is now; other 409s (ROUND_CLOSED, STAGE_CLOSED) their own details. */
const conflict = z.object({
  error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional(), details: z.unknown().optional() }),
});

/**
 * The author of a write for the audit trail: the user or judge account, and when the body says so
 * the device and the time the entry was made on it, and the client operation id (the key).
 */
export function authorOf(request: FastifyRequest, origin: { deviceId?: string | undefined; enteredAt?: string | undefined } = {}, scope: IdempotencyScope | null = null): ScoreAuthor {
  const principal = request.principal;
  const where = { deviceId: origin.deviceId ?? null, deviceAt: origin.enteredAt ? new Date(origin.enteredAt) : null, operationId: scope?.key ?? null };
  if (principal?.kind === 'JUDGE_ACCOUNT') return { userId: null, judgeAccountId: principal.judgeAccountId, ...where };
  return { userId: principal?.userId ?? null, judgeAccountId: null, ...where };
}

const auditEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  at: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  judgeAccountId: z.number().int().nullable(),
  /** The judge's device and when the entry was made on it (`at` is when the server received it). */
  deviceId: z.string().nullable(),
  deviceAt: z.string().nullable(),
  operationId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});

/** Scorecards (spec 7 racer calls), round state changes and the audit trail of score changes. */
export const scoringRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The frame of every score write: the Idempotency-Key, the racer's race, the right to score it,
   * the expected version (body, else If-Match) and the author, one transaction for the key and the
   * write, then the ETag of the answer.
   */
  const scoreWrite = async (
    request: FastifyRequest,
    reply: FastifyReply,
    racerId: number,
    body: { version?: number | undefined; deviceId?: string | undefined; enteredAt?: string | undefined },
    write: (tx: Executor, race: Race, common: { racerId: number; expectedVersion: number | undefined; author: ScoreAuthor }, key: KeyStep) => Promise<RoundView>,
  ): Promise<RoundView> => {
    const scope = idempotencyScopeOf(request);
    const context = await findRacerRaceWithEvent(app.db, racerId);
    await assertMayScore(app, request, context);
    const common = { racerId, expectedVersion: body.version ?? versionFromIfMatch(request.headers['if-match']), author: authorOf(request, body, scope) };
    const outcome = await runIdempotentWrite(app.db, scope, (tx, key) => write(tx, context.race, common, key));
    markReplay(reply, outcome);
    void reply.header('etag', `"${outcome.body.version}"`);
    return outcome.body;
  };

  app.get(
    '/api/racer/list',
    {
      schema: {
        tags,
        summary: 'Racers of a stage with their round and its scores; in a speed final also the matches each racer races, naming both racers (both query values required)',
        querystring: z.object({ race: idParam, stage: stageQuery.shape.stage }),
        response: { 200: z.array(racerWithRounds) },
      },
      preHandler: app.optionalSession,
    },
    async (request) => {
      const context = await findRaceWithEvent(app.db, request.query.race);
      await assertResultsReadable(app, request, context);
      const rows = await app.db
        .select({ round: rounds, racer: racers, groupName: qualificationGroups.name })
        .from(rounds)
        .innerJoin(racers, eq(racers.id, rounds.racerId))
        .leftJoin(qualificationGroups, eq(qualificationGroups.id, racers.qualificationGroupId))
        .where(and(eq(rounds.raceId, context.race.id), eq(rounds.stage, request.query.stage)))
        .orderBy(asc(rounds.startingNumber), asc(racers.racerNumber));
      const views = await loadRoundViews(app.db, context.race, rows.map((row) => row.round));
      // A speed final's rounds hold the runs of their matches: the list says who races whom.
      const pairings = context.race.discipline === 'SPEED' && request.query.stage === 'FINAL' && rows.length > 0 ? await speedMatchesByRacer(app.db, context.race.id) : new Map<number, RacerSpeedMatchView[]>();
      return rows.map((row, index) => ({
        id: row.racer.id,
        racerNumber: row.racer.racerNumber,
        fullName: row.racer.fullName,
        birthYear: row.racer.birthYear,
        sex: row.racer.sex,
        country: row.racer.country,
        club: row.racer.club,
        qualificationGroup: row.groupName ?? null,
        member: row.racer.member,
        rounds: views[index] ? [views[index]] : [],
        speedMatches: pairings.get(row.racer.id) ?? [],
      }));
    },
  );

  app.get(
    '/api/racer/:racerId/round/:roundId',
    { schema: { tags, summary: 'One round of a racer with its scores and version', params: roundParams, response: { 200: roundView } }, preHandler: app.optionalSession },
    async (request, reply) => {
      const context = await findRacerRaceWithEvent(app.db, request.params.racerId);
      await assertResultsReadable(app, request, context);
      const [round] = await app.db
        .select()
        .from(rounds)
        .where(and(eq(rounds.id, request.params.roundId), eq(rounds.racerId, request.params.racerId)));
      if (!round) throw new DomainError('ENTITY_NOT_FOUND');
      const view = await loadRoundView(app.db, context.race, round);
      void reply.header('etag', `"${view.version}"`);
      return view;
    },
  );

  app.put(
    '/api/racer/:racerId/round/:roundId',
    {
      schema: {
        tags,
        summary: 'Enter boulder scores of a round (send `version` or If-Match to refuse a stale write with 409)',
        ...secured,
        params: roundParams,
        headers: idempotencyHeaders,
        body: boulderScoresBody,
        response: { 200: roundView, 409: conflict },
      },
      preHandler: app.requireSession,
    },
    (request, reply) =>
      scoreWrite(request, reply, request.params.racerId, request.body, (tx, race, common, key) =>
        writeBoulders(tx, race, { ...common, roundId: request.params.roundId, boulders: request.body.boulders }, key),
      ),
  );

  app.put(
    '/api/racer/:racerId/route/:routeId',
    {
      schema: { tags, summary: 'Enter one lead route of a racer', ...secured, params: routeParams, headers: idempotencyHeaders, body: leadRouteBody, response: { 200: roundView, 409: conflict } },
      preHandler: app.requireSession,
    },
    (request, reply) =>
      scoreWrite(request, reply, request.params.racerId, request.body, (tx, race, common, key) => {
        if (request.body.id !== undefined && request.body.id !== request.params.routeId) {
          throw new DomainError('VALIDATION_FAILED', { fields: { id: 'VALIDATION_FAILED' } });
        }
        return writeLeadRoute(tx, race, { ...common, routeId: request.params.routeId, route: request.body }, key);
      }),
  );

  app.put(
    '/api/racer/:racerId/speed-route/:speedRouteId',
    {
      schema: {
        tags,
        summary: 'Enter one speed run of a qualification round (the finals go through PUT /api/speed-match/{id})',
        ...secured,
        params: z.object({ racerId: idParam, speedRouteId: idParam }),
        headers: idempotencyHeaders,
        body: speedRunBody,
        response: { 200: roundView, 409: conflict },
      },
      preHandler: app.requireSession,
    },
    (request, reply) =>
      scoreWrite(request, reply, request.params.racerId, request.body, (tx, race, common, key) =>
        writeSpeedRun(tx, race, { ...common, runId: request.params.speedRouteId, run: request.body }, key),
      ),
  );

  app.put(
    '/api/round/state',
    {
      schema: {
        tags,
        summary: 'Start, close, reopen (STARTED from CLOSED) or restart (READY: erases the results) rounds of one race',
        ...secured,
        body: roundStateBody,
        response: { 200: z.array(z.object({ id: z.number().int(), state: roundView.shape.state, version: z.number().int() })) },
      },
      preHandler: app.requireSession,
    },
    async (request) => {
      const [first] = await app.db.select({ raceId: rounds.raceId }).from(rounds).where(eq(rounds.id, request.body.roundIds[0] ?? 0));
      if (!first) throw new DomainError('ENTITY_NOT_FOUND');
      const context = await findRaceWithEvent(app.db, first.raceId);
      await app.authorize(request, 'round:change-state', { organization: context.event.organizationId, eventId: context.event.id });
      const changed = await changeRoundStates(app.db, context.race, { roundIds: request.body.roundIds, state: request.body.state, author: authorOf(request) });
      return changed.map((round) => ({ id: round.id, state: round.state, version: round.version }));
    },
  );

  app.get(
    '/api/racer/:racerId/round/:roundId/audit',
    { schema: { tags, summary: 'Audit trail of a round: every score and state change (admins)', ...secured, params: roundParams, response: { 200: z.array(auditEntry) } }, preHandler: app.requireUser },
    async (request) => {
      const context = await findRacerRaceWithEvent(app.db, request.params.racerId);
      await app.authorize(request, 'race:manage', { organization: context.event.organizationId });
      const rows = await app.db
        .select({ entry: scoreAuditLog, name: users.name, surname: users.surname })
        .from(scoreAuditLog)
        .leftJoin(users, eq(users.id, scoreAuditLog.userId))
        .where(and(eq(scoreAuditLog.roundId, request.params.roundId), eq(scoreAuditLog.racerId, request.params.racerId)))
        .orderBy(desc(scoreAuditLog.at), desc(scoreAuditLog.id));
      return rows.map(({ entry, name, surname }) => ({
        id: entry.id,
        action: entry.action,
        at: entry.at.toISOString(),
        userId: entry.userId,
        userName: name === null ? null : `${name} ${surname ?? ''}`.trim(),
        judgeAccountId: entry.judgeAccountId,
        deviceId: entry.deviceId,
        deviceAt: entry.deviceAt?.toISOString() ?? null,
        operationId: entry.operationId,
        before: entry.before,
        after: entry.after,
      }));
    },
  );
};
