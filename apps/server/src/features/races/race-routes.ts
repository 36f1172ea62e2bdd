import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { LEAD_STYLES, QUALIFICATION_GROUP_STATES, STARTING_NUMBER_ORDERS } from '@climbing/domain';
import { races } from '../../db/schema/index.ts';
import { fileNameSlug, sendCsv, toCsv } from '../../lib/csv.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { eventResource, findEvent } from '../events/event-access.ts';
import { idParam } from '../users/user-schemas.ts';
import { findGroup, changeGroupState } from './group-state-service.ts';
import { managedRace, readableRace } from './race-access.ts';
import { presentRace } from './race-presenter.ts';
import { ageCategoryQuery } from '../registrations/registration-schemas.ts';
import { createRaceBody, groupStateBody, raceSchema, raceStateBody, updateRaceBody } from './race-schemas.ts';
import { changeRaceState, createRace, deleteRace, duplicateRace, newStartingListSeed, updateRace } from './race-service.ts';
import { raceStartingList, stageStartingList } from './starting-list-service.ts';
import { groupStepPreviewSchema, previewGroupStep, previewRaceStep, raceStepPreviewSchema } from '../scoring/stage-preview.ts';

const params = z.object({ id: idParam });
const secured = { security: [{ bearerAuth: [] }] };
const tags = ['race'];

const startingListSchema = z.object({
  raceId: z.number().int(),
  raceName: z.string(),
  startingNumberOrder: z.enum(STARTING_NUMBER_ORDERS),
  seed: z.number().int(),
  /** Lead races: the style of the qualification (FLASH or ON_SIGHT); null for the other disciplines. */
  leadStyle: z.enum(LEAD_STYLES).nullable(),
  /** A registration is marked present: only the present racers climb (the others are listed, unnumbered). */
  checkInStarted: z.boolean(),
  groups: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      state: z.enum(QUALIFICATION_GROUP_STATES),
      fixed: z.boolean(),
      racers: z.array(
        z.object({
          /** Null for a racer not checked in once check-in started. */
          startingNumber: z.number().int().nullable(),
          registrationId: z.number().int(),
          racerId: z.number().int().nullable(),
          racerNumber: z.number().int(),
          fullName: z.string(),
          birthYear: z.number().int().nullable(),
          sex: z.enum(['M', 'F']).nullable(),
          country: z.string().nullable(),
          club: z.string().nullable(),
          ageCategory: z.object({ id: z.number().int(), name: z.string() }).nullable(),
          present: z.boolean(),
        }),
      ),
    }),
  ),
});

const startingListEntrySchema = startingListSchema.shape.groups.element.shape.racers.element;

const stageStartingListSchema = z.object({
  raceId: z.number().int(),
  raceName: z.string(),
  stage: z.enum(['SEMIFINAL', 'FINAL']),
  /** Lead races: the style the stage is climbed in; null for the other disciplines. */
  leadStyle: z.enum(LEAD_STYLES).nullable(),
  /** One list per ranking: F and M when a MIXED race ranks the sexes apart, else one with `sex` null. */
  rankings: z.array(z.object({ sex: z.enum(['M', 'F']).nullable(), racers: z.array(startingListEntrySchema) })),
});

const stageStartingListQuery = ageCategoryQuery.extend({ stage: z.enum(['SEMIFINAL', 'FINAL']) });

const CSV_HEADERS = {
  en: ['Group', 'Starting number', 'Racer number', 'Name', 'Birth year', 'Sex', 'Age category', 'Country', 'Club', 'Present'],
  sk: ['Skupina', 'Štartové poradie', 'Štartové číslo', 'Meno', 'Rok narodenia', 'Pohlavie', 'Veková kategória', 'Krajina', 'Klub', 'Prítomný'],
};
const PRESENT_MARK = { en: 'yes', sk: 'áno' };

/** Races, their state machine, qualification groups and starting lists (docs/events-and-registration.md). */
export const raceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/race',
    { schema: { tags, summary: 'Create a race in an event (defaults: spec 9 and the organization\'s global race settings)', ...secured, body: createRaceBody, response: { 201: raceSchema } }, preHandler: app.requireUser },
    async (request, reply) => {
      const event = await findEvent(app.db, request.body.eventId);
      await app.authorize(request, 'race:manage', eventResource(event));
      const id = await createRace(app, event, request.body);
      return reply.status(201).send(await presentRace(app.db, id));
    },
  );

  app.get(
    '/api/race/:id',
    { schema: { tags, summary: 'A race with its settings, qualification groups and age categories', params, response: { 200: raceSchema } }, preHandler: app.optionalSession },
    async (request) => {
      const { race } = await readableRace(app, request, request.params.id);
      return presentRace(app.db, race.id);
    },
  );

  app.put(
    '/api/race/:id',
    { schema: { tags, summary: 'Update a race (absent fields unchanged; a new discipline resets its settings)', ...secured, params, body: updateRaceBody, response: { 200: raceSchema } }, preHandler: app.requireUser },
    async (request) => {
      await managedRace(app, request, request.params.id);
      await updateRace(app, request.params.id, request.body);
      return presentRace(app.db, request.params.id);
    },
  );

  app.delete(
    '/api/race/:id',
    { schema: { tags, summary: 'Delete a race (not while ongoing or finished, not the last race of its event)', ...secured, params, response: { 204: z.null() } }, preHandler: app.requireUser },
    async (request, reply) => {
      await managedRace(app, request, request.params.id);
      await deleteRace(app, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/race/:id/duplicate',
    { schema: { tags, summary: 'Copy a race (new ids, groups and age categories copied, hidden, no registrations)', ...secured, params, response: { 201: raceSchema } }, preHandler: app.requireUser },
    async (request, reply) => {
      await managedRace(app, request, request.params.id);
      return reply.status(201).send(await presentRace(app.db, await duplicateRace(app, request.params.id)));
    },
  );

  app.put(
    '/api/race/:id/state',
    { schema: { tags, summary: 'Change the race state (publish, open/close/reopen registration, start race, start semifinal/final, end race); see allowedStates', ...secured, params, body: raceStateBody, response: { 200: raceSchema } }, preHandler: app.requireUser },
    async (request) => {
      await managedRace(app, request, request.params.id);
      await changeRaceState(app, request.params.id, request.body.state, { userId: request.principal?.kind === 'USER' ? request.principal.userId : null, judgeAccountId: null });
      return presentRace(app.db, request.params.id);
    },
  );

  app.get(
    '/api/race/:id/state-preview',
    {
      schema: {
        tags,
        summary:
          'What PUT /api/race/{id}/state with this state would do now, changing nothing: the stage it closes with its unfinished rounds per group, the judges\' devices with unsent entries (refused once the stage is closed), who advances into the semifinal or final (ties at the cut-off included) or the speed brackets, and for the start of the qualification the registered racers who do not climb',
        ...secured,
        params,
        querystring: raceStateBody,
        response: { 200: raceStepPreviewSchema },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const { race } = await managedRace(app, request, request.params.id);
      return previewRaceStep(app.db, race, request.query.state);
    },
  );

  app.put(
    '/api/qualification-group/:id/state',
    {
      schema: {
        tags,
        summary: 'Change a qualification group state: READY_FOR_QUALIFICATION moves its PRESENT racers into qualification (racers and rounds), QUALIFICATION starts, QUALIFICATION_CLOSED closes, OPEN_REGISTRATION reopens (no results allowed); answers the race',
        ...secured,
        params,
        body: groupStateBody,
        response: { 200: raceSchema },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const group = await findGroup(app.db, request.params.id);
      await managedRace(app, request, group.raceId);
      await changeGroupState(app, group.id, request.body.state);
      return presentRace(app.db, group.raceId);
    },
  );

  app.get(
    '/api/qualification-group/:id/state-preview',
    {
      schema: {
        tags,
        summary:
          'What PUT /api/qualification-group/{id}/state with this state would do now, changing nothing: moving the group to the qualification or starting it names its registered racers who are not in its starting order (not checked in, withdrawn); closing it counts its unfinished rounds',
        ...secured,
        params,
        querystring: groupStateBody,
        response: { 200: groupStepPreviewSchema },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const group = await findGroup(app.db, request.params.id);
      const { race } = await managedRace(app, request, group.raceId);
      return previewGroupStep(app.db, race, group, request.query.state);
    },
  );

  app.get(
    '/api/race/:id/starting-list',
    {
      schema: {
        tags,
        summary: 'Starting list per qualification group (PRESENT registrations; RANDOM with the stored seed or BY_RACER_NUMBER); `ageCategoryId` keeps one age category',
        params,
        querystring: ageCategoryQuery,
        response: { 200: startingListSchema },
      },
      preHandler: app.optionalSession,
    },
    async (request) => {
      const { race } = await readableRace(app, request, request.params.id);
      return raceStartingList(app.db, race, request.query.ageCategoryId);
    },
  );

  app.get(
    '/api/race/:id/stage-starting-list',
    {
      schema: {
        tags,
        summary: "Starting order of a semifinal or final, from its rounds (the previous stage's ranking reversed), per ranking; empty before the stage's rounds exist",
        params,
        querystring: stageStartingListQuery,
        response: { 200: stageStartingListSchema },
      },
      preHandler: app.optionalSession,
    },
    async (request) => {
      const { race } = await readableRace(app, request, request.params.id);
      return stageStartingList(app.db, race, request.query.stage, request.query.ageCategoryId);
    },
  );

  app.post(
    '/api/race/:id/starting-list',
    {
      schema: {
        tags,
        summary: 'Generate the starting list again: a new RANDOM seed (groups already in qualification keep theirs), optionally another order',
        ...secured,
        params,
        body: z.object({ startingNumberOrder: z.enum(STARTING_NUMBER_ORDERS).optional() }).optional(),
        response: { 200: startingListSchema },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const { race } = await managedRace(app, request, request.params.id);
      const [updated] = await app.db
        .update(races)
        .set({ startingListSeed: newStartingListSeed(), startingNumberOrder: request.body?.startingNumberOrder ?? race.startingNumberOrder })
        .where(eq(races.id, race.id))
        .returning();
      return raceStartingList(app.db, updated ?? race);
    },
  );

  app.get(
    '/api/race/:id/starting-list/csv',
    {
      schema: {
        tags,
        summary: 'The starting list as CSV (UTF-8 with BOM, semicolon separated; headers in the Accept-Language); `ageCategoryId` keeps one age category',
        params,
        querystring: ageCategoryQuery,
        produces: ['text/csv'],
      },
      preHandler: app.optionalSession,
    },
    async (request, reply) => {
      const { race } = await readableRace(app, request, request.params.id);
      const list = await raceStartingList(app.db, race, request.query.ageCategoryId);
      const language = requestLanguage(request);
      // The presence column is filled once check-in started (before it nobody is marked, and everybody climbs).
      const presence = (present: boolean) => (list.checkInStarted && present ? PRESENT_MARK[language] : null);
      const rows = list.groups.flatMap((group) =>
        group.racers.map((racer) => [group.name, racer.startingNumber, racer.racerNumber, racer.fullName, racer.birthYear, racer.sex, racer.ageCategory?.name ?? null, racer.country, racer.club, presence(racer.present)]),
      );
      return sendCsv(reply, `starting-list-${fileNameSlug(race.name)}-${race.id}.csv`, toCsv(CSV_HEADERS[language], rows));
    },
  );
};

