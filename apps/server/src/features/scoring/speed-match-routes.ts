import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RACE_GENDERS, ROUND_STATES, SPEED_STAGES, stagesOf } from '@climbing/domain';
import { z } from 'zod';
import { managedRace } from '../races/race-access.ts';
import { presentRace } from '../races/race-presenter.ts';
import { raceSchema } from '../races/race-schemas.ts';
import { raceFormatOf } from '../results/results-service.ts';
import { emptyBracket, plannedBrackets } from '../results/speed-bracket-store.ts';
import { idParam } from '../users/user-schemas.ts';
import { assertMayScore, assertResultsReadable, findRaceWithEvent } from './race-access.ts';
import { findMatchRaceId, finishOnQualification, previousStageRows, writeSpeedMatch } from './speed-bracket-service.ts';
import { idempotencyScopeOf, markReplay, runIdempotent } from './idempotency.ts';
import { entryOrigin, idempotencyHeaders } from './scoring-schemas.ts';
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
  gender: z.enum(RACE_GENDERS),
  stage: z.enum(SPEED_STAGES),
  stageIndex: z.number().int(),
  state: z.enum(ROUND_STATES),
  version: z.number().int(),
  racerA: matchRacer.nullable(),
  racerB: matchRacer.nullable(),
  winnerRacerId: z.number().int().nullable(),
});

const genderBracketView = z.object({
  gender: z.enum(RACE_GENDERS),
  size: z.number().int(),
  stages: z.array(z.enum(SPEED_STAGES)),
  matches: z.array(speedMatchView),
});

export const speedBracketView = z.object({
  raceId: z.number().int(),
  /** The largest bracket's size and stages and every match of every bracket. */
  size: z.number().int(),
  stages: z.array(z.enum(SPEED_STAGES)),
  matches: z.array(speedMatchView),
  /** One bracket per ranking: per sex when a MIXED race ranks the sexes apart. */
  brackets: z.array(genderBracketView),
  /**
   * Before the finals of a speed race with a final: the bracket each ranking would get now from the
   * stage before (size 0: none, the race can be finished on the qualification ranking); empty otherwise.
   */
  planned: z.array(z.object({ gender: z.enum(RACE_GENDERS), size: z.number().int(), racersWithTime: z.number().int() })),
});

/** One lane of a match: time in milliseconds (null when the racer fell, false-started or need not finish). */
const speedRunBody = z.strictObject({
  time: z.number().int().min(1).max(3_600_000).nullable(),
  fall: z.boolean().default(false),
  falseStart: z.boolean().default(false),
});

export const speedMatchBody = z
  .strictObject({ racerA: speedRunBody, racerB: speedRunBody, version: z.number().int().min(0).optional(), ...entryOrigin })
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
      const { race } = context;
      // Read once per committed change, with the race's results (the live stream sends the same).
      const bracket = (await app.resultsCache.get(app.db, race)).bracket ?? emptyBracket(race.id);
      const beforeFinals = race.discipline === 'SPEED' && bracket.matches.length === 0 && stagesOf(raceFormatOf(race)).includes('FINAL') && race.state !== 'FINISHED';
      const planned = beforeFinals ? plannedBrackets(race, await previousStageRows(app.db, race)) : [];
      return { ...bracket, planned: planned.map(({ gender, size, entrants }) => ({ gender, size, racersWithTime: entrants.length })) };
    },
  );

  app.post(
    '/api/race/:id/finish-on-qualification',
    {
      schema: {
        tags,
        summary:
          'Finish a speed race on its qualification ranking while the qualification runs, when its finals cannot have a bracket (fewer than 4 racers with a valid time, or fewer than 4 racers in the final); answers the race',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: idParam }),
        response: { 200: raceSchema, 409: conflict },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      await managedRace(app, request, request.params.id);
      await finishOnQualification(app.db, request.params.id);
      return presentRace(app.db, request.params.id);
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
        headers: idempotencyHeaders,
        body: speedMatchBody,
        response: { 200: speedMatchView, 409: conflict },
      },
      preHandler: app.requireSession,
    },
    async (request, reply) => {
      const scope = idempotencyScopeOf(request);
      const context = await findRaceWithEvent(app.db, await findMatchRaceId(app.db, request.params.id));
      await assertMayScore(app, request, context);
      const outcome = await runIdempotent(app.db, scope, (tx) =>
        writeSpeedMatch(tx, context.race, {
          matchId: request.params.id,
          racerA: request.body.racerA,
          racerB: request.body.racerB,
          expectedVersion: request.body.version,
          author: authorOf(request, request.body, scope),
        }),
      );
      markReplay(reply, outcome);
      return outcome.body;
    },
  );
};
