import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROUND_STATES, SPEED_STAGES } from '@climbing/domain';
import { z } from 'zod';
import { loadSpeedBracket } from '../results/speed-bracket-store.ts';
import { idParam } from '../users/user-schemas.ts';
import { assertMayScore, assertResultsReadable, findRaceWithEvent } from './race-access.ts';
import { findMatchRaceId, writeSpeedMatch } from './speed-bracket-service.ts';
import { authorOf } from './scoring-routes.ts';

const tags = ['scoring'];

const speedRunView = z.object({ time: z.number().int().nullable(), fall: z.boolean(), falseStart: z.boolean() });

const matchRacer = z.object({
  id: z.number().int(),
  roundId: z.number().int().nullable(),
  racerNumber: z.number().int(),
  fullName: z.string(),
  country: z.string().nullable(),
  run: speedRunView.nullable(),
});

export const speedMatchView = z.object({
  id: z.number().int(),
  stage: z.enum(SPEED_STAGES),
  stageIndex: z.number().int(),
  state: z.enum(ROUND_STATES),
  version: z.number().int(),
  racerA: matchRacer.nullable(),
  racerB: matchRacer.nullable(),
  winnerRacerId: z.number().int().nullable(),
});

export const speedBracketView = z.object({
  raceId: z.number().int(),
  size: z.number().int(),
  stages: z.array(z.enum(SPEED_STAGES)),
  matches: z.array(speedMatchView),
});

/** One lane of a match: time in milliseconds (null when the racer fell, false-started or need not finish). */
const speedRunBody = z.strictObject({
  time: z.number().int().min(1).max(3_600_000).nullable(),
  fall: z.boolean().default(false),
  falseStart: z.boolean().default(false),
});

export const speedMatchBody = z
  .strictObject({ racerA: speedRunBody, racerB: speedRunBody, version: z.number().int().min(0).optional() })
  .meta({ example: { racerA: { time: 5230, fall: false, falseStart: false }, racerB: { time: null, fall: true, falseStart: false }, version: 2 } });

const conflict = z.object({
  error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional(), details: z.unknown().optional() }),
});

/** Speed elimination finals: the bracket (public like results) and entering one match. */
export const speedMatchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/race/:id/speed-bracket',
    {
      schema: {
        tags,
        summary: 'The speed elimination bracket of a race: every match with its racers, runs and winner (empty before the finals)',
        params: z.object({ id: idParam }),
        response: { 200: speedBracketView },
      },
      preHandler: app.optionalSession,
    },
    async (request) => {
      const context = await findRaceWithEvent(app.db, request.params.id);
      await assertResultsReadable(app, request, context);
      return loadSpeedBracket(app.db, context.race);
    },
  );

  app.put(
    '/api/speed-match/:id',
    {
      schema: {
        tags,
        summary:
          'Enter both runs of a speed match: decides the winner, closes the match and advances the racers (409 SPEED_MATCH_TIE / SPEED_MATCH_NO_VALID_RUN ask for a rerun)',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: idParam }),
        body: speedMatchBody,
        response: { 200: speedMatchView, 409: conflict },
      },
      preHandler: app.requireSession,
    },
    async (request) => {
      const context = await findRaceWithEvent(app.db, await findMatchRaceId(app.db, request.params.id));
      await assertMayScore(app, request, context);
      return writeSpeedMatch(app.db, context.race, {
        matchId: request.params.id,
        racerA: request.body.racerA,
        racerB: request.body.racerB,
        expectedVersion: request.body.version,
        author: authorOf(request),
      });
    },
  );
};
