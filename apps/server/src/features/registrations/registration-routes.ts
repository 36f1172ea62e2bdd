import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { raceRegistrations, type EventRow } from '../../db/schema/index.ts';
import { fileNameSlug, sendCsv, toCsv } from '../../lib/csv.ts';
import { mailLanguageOf, requestLanguage } from '../../lib/request-language.ts';
import { principalOf } from '../auth/authenticate.ts';
import { ANONYMOUS, can } from '../auth/policy.ts';
import { eventResource, findRaceWithEvent } from '../events/event-access.ts';
import { managedRace, readableRace } from '../races/race-access.ts';
import { idParam } from '../users/user-schemas.ts';
import { findRegistration, personOf, selectRegistrations, type RegistrationRecord } from './registration-repository.ts';
import { presentRegistrations } from './registration-presenter.ts';
import { oneTimeRegistrationLimits } from './registration-limits.ts';
import {
  ageCategoryBody,
  ageCategoryQuery,
  groupBody,
  regenerateBody,
  registrationSchema,
  registrationStateParams,
  unregisteredRegistrationBody,
  updateRegistrationBody,
  userRegistrationBody,
} from './registration-schemas.ts';
import {
  listRaceRegistrations,
  moveRegistration,
  regenerateRacerNumbers,
  registerRacer,
  removeRegistration,
  setRegistrationAgeCategory,
  setRegistrationState,
  updateRegistration,
} from './registration-service.ts';

const params = z.object({ id: idParam });
const raceParams = z.object({ raceId: idParam });
const userParams = z.object({ userId: idParam });
const secured = { security: [{ bearerAuth: [] }] };
const tags = ['race-registration'];

const CSV_HEADERS = {
  en: ['Racer number', 'Name', 'Surname', 'Sex', 'Birth year', 'Birthday', 'Age category', 'Country', 'Club', 'E-mail', 'Group', 'State', 'Registered at', 'Account'],
  sk: ['Štartové číslo', 'Meno', 'Priezvisko', 'Pohlavie', 'Rok narodenia', 'Dátum narodenia', 'Veková kategória', 'Krajina', 'Klub', 'E-mail', 'Skupina', 'Stav', 'Registrované', 'Účet'],
};

/** Whether the caller manages registrations of this event (its admins). */
const manages = (request: FastifyRequest, event: EventRow): boolean => can(request.actor ?? ANONYMOUS, 'race-registration:manage', eventResource(event));

/** The one registration view, as the racer or an admin sees it. */
async function view(app: FastifyInstance, id: number) {
  const [registration] = await presentRegistrations(app.db, [await findRegistration(app.db, id)], () => true, app.checkInCodes);
  if (!registration) throw new Error('registration vanished');
  return registration;
}

/** Registrations carry check-in codes beside names racers chose: never compressed (plugins/compression.ts, BREACH). */
const NOT_COMPRESSED = { compress: false } as const;

/** Race registration: every call of spec section 7, exactly as written. */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const oneTimeLimits = oneTimeRegistrationLimits(app.config);
  /** Loads the registration and checks the caller may act on it as `action` (its racer or the event's admins). */
  async function authorizeOn(request: FastifyRequest, id: number, action: 'race-registration:read-own' | 'race-registration:unregister-own' | 'race-registration:confirm-own' | 'race-registration:manage') {
    const record = await findRegistration(app.db, id);
    const { event } = await findRaceWithEvent(app.db, record.registration.raceId);
    await app.authorize(request, action, { ...eventResource(event), userId: record.registration.userId ?? undefined }, 'REGISTRATION_NOT_FOUND');
    return { record, event, privileged: manages(request, event) };
  }

  const unregisteredSchema = {
    tags,
    summary: 'One-time registration without an account (only where the event allows unregistered users)',
    params: raceParams,
    body: unregisteredRegistrationBody,
    response: { 201: registrationSchema },
  };
  for (const path of ['/api/race-registration/:raceId/register-unregistered-user/', '/api/race-registration/:raceId/register-unregistered-user']) {
    app.post(path, { schema: { ...unregisteredSchema, hide: !path.endsWith('/') }, preHandler: app.optionalSession }, async (request, reply) => {
      const { event } = await readableRace(app, request, request.params.raceId);
      await app.authorize(request, 'race-registration:register-unregistered', eventResource(event));
      const privileged = manages(request, event);
      if (!privileged) oneTimeLimits.hit(request, request.params.raceId);
      const id = await registerRacer(app, request.params.raceId, {
        kind: 'UNREGISTERED',
        privileged,
        callerIsMember: can(request.actor ?? ANONYMOUS, 'event:read-internal', eventResource(event)),
        unregistered: request.body,
        qualificationGroupId: request.body.qualificationGroupId,
        present: request.body.present,
        language: mailLanguageOf(request),
      });
      return reply.status(201).send(await view(app, id));
    });
  }

  app.post(
    '/api/race-registration/:raceId/user',
    { schema: { tags, summary: 'Register a user: the logged-in racer with their own userId (an admin or coach may name a member)', ...secured, params: raceParams, body: userRegistrationBody, response: { 201: registrationSchema } }, preHandler: app.requireUser },
    async (request, reply) => {
      const { event } = await readableRace(app, request, request.params.raceId);
      const self = request.body.userId === principalOf(request).userId;
      await app.authorize(request, self ? 'race-registration:register-self' : 'race-registration:register-member', eventResource(event));
      const id = await registerRacer(app, request.params.raceId, {
        kind: self ? 'SELF' : 'MEMBER',
        privileged: manages(request, event),
        callerIsMember: can(request.actor ?? ANONYMOUS, 'event:read-internal', eventResource(event)),
        userId: request.body.userId,
        qualificationGroupId: request.body.qualificationGroupId,
        present: request.body.present,
      });
      return reply.status(201).send(await view(app, id));
    },
  );

  app.post(
    '/api/race-registration/:raceId/register-member',
    { schema: { tags, summary: "An organization's admin (or coach) registers one of its members", ...secured, params: raceParams, body: userRegistrationBody, response: { 201: registrationSchema } }, preHandler: app.requireUser },
    async (request, reply) => {
      const { event } = await findRaceWithEvent(app.db, request.params.raceId);
      await app.authorize(request, 'race-registration:register-member', eventResource(event));
      const id = await registerRacer(app, request.params.raceId, {
        kind: 'MEMBER',
        privileged: manages(request, event),
        callerIsMember: true,
        userId: request.body.userId,
        qualificationGroupId: request.body.qualificationGroupId,
        present: request.body.present,
      });
      return reply.status(201).send(await view(app, id));
    },
  );

  app.delete(
    '/api/race-registration/:id',
    { schema: { tags, summary: 'Remove a registration (the racer or an admin; not after the registration period)', ...secured, params, response: { 204: z.null() } }, preHandler: app.requireUser },
    async (request, reply) => {
      const { privileged } = await authorizeOn(request, request.params.id, 'race-registration:unregister-own');
      await removeRegistration(app, request.params.id, privileged);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/race-registration/:id',
    { schema: { tags, summary: 'One registration (its racer or the admins)', ...secured, params, response: { 200: registrationSchema } }, preHandler: app.requireUser, config: NOT_COMPRESSED },
    async (request) => {
      await authorizeOn(request, request.params.id, 'race-registration:read-own');
      return view(app, request.params.id);
    },
  );

  app.get(
    '/api/race-registration/race/:raceId',
    {
      schema: {
        tags,
        summary: "A race's registrations (birthdays and e-mails only to its admins); `ageCategoryId` keeps one age category",
        params: raceParams,
        querystring: ageCategoryQuery,
        response: { 200: z.array(registrationSchema) },
      },
      preHandler: app.optionalSession,
      config: NOT_COMPRESSED,
    },
    async (request) => {
      const { manager } = await readableRace(app, request, request.params.raceId);
      const userId = request.principal?.kind === 'USER' ? request.principal.userId : null;
      const records = await listRaceRegistrations(app.db, request.params.raceId, request.query.ageCategoryId);
      return presentRegistrations(app.db, records, (record) => manager || (userId !== null && record.registration.userId === userId), app.checkInCodes);
    },
  );

  app.get(
    '/api/race-registration/user/:userId',
    { schema: { tags, summary: "A user's registrations (the user themself; an admin sees those in their organizations' events)", ...secured, params: userParams, response: { 200: z.array(registrationSchema) } }, preHandler: app.requireUser, config: NOT_COMPRESSED },
    async (request) => {
      const { userId } = request.params;
      await app.authorize(request, 'race-registration:read-own', { userId, organization: 'ANY' });
      const actor = request.actor ?? ANONYMOUS;
      const records = await selectRegistrations(app.db, eq(raceRegistrations.userId, userId));
      const visible: RegistrationRecord[] = [];
      for (const record of records) {
        const { event } = await findRaceWithEvent(app.db, record.registration.raceId);
        if (can(actor, 'race-registration:read-own', { ...eventResource(event), userId })) visible.push(record);
      }
      return presentRegistrations(app.db, visible, () => true, app.checkInCodes);
    },
  );

  app.post(
    '/api/race-registration/race/:raceId/regenerate-racer-numbers',
    { schema: { tags, summary: 'Number the registrations offset, offset+1, ... in registration order; answers the registrations', ...secured, params: raceParams, body: regenerateBody, response: { 200: z.array(registrationSchema) } }, preHandler: app.requireUser },
    async (request) => {
      const { event } = await findRaceWithEvent(app.db, request.params.raceId);
      await app.authorize(request, 'race-registration:manage', eventResource(event));
      await regenerateRacerNumbers(app, request.params.raceId, request.body.offset);
      return presentRegistrations(app.db, await listRaceRegistrations(app.db, request.params.raceId), () => true);
    },
  );

  app.get(
    '/api/race-registration/race/:raceId/csv',
    {
      schema: { tags, summary: 'Registrations as CSV (UTF-8 with BOM, semicolon separated; admins); `ageCategoryId` keeps one age category', ...secured, params: raceParams, querystring: ageCategoryQuery, produces: ['text/csv'] },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const { race } = await managedRace(app, request, request.params.raceId);
      const records = await listRaceRegistrations(app.db, race.id, request.query.ageCategoryId);
      const views = await presentRegistrations(app.db, records, () => true);
      const rows = records.map((record, index) => {
        const person = personOf(record);
        const shown = views[index];
        return [
          record.registration.racerNumber,
          person.name,
          person.surname,
          person.sex,
          person.birthYear,
          person.birthday,
          shown?.ageCategory?.name ?? null,
          person.country,
          person.club,
          person.email,
          shown?.qualificationGroupName ?? null,
          record.registration.state,
          record.registration.date.toISOString(),
          record.user ? 'Y' : 'N',
        ];
      });
      return sendCsv(reply, `registrations-${fileNameSlug(race.name)}-${race.id}.csv`, toCsv(CSV_HEADERS[requestLanguage(request)], rows));
    },
  );

  app.put(
    '/api/race-registration/:id/group',
    { schema: { tags, summary: 'Move a registration to another qualification group of its race (admins); no response body', ...secured, params, body: groupBody, response: { 204: z.null() } }, preHandler: app.requireUser },
    async (request, reply) => {
      await authorizeOn(request, request.params.id, 'race-registration:manage');
      await moveRegistration(app, request.params.id, request.body.qualificationGroupId);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/race-registration/:id/age-category',
    {
      schema: {
        tags,
        summary: "Move a racer to another age category of the race, one the racer's age fits (admins; until the race is finished)",
        ...secured,
        params,
        body: ageCategoryBody,
        response: { 200: registrationSchema },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      await authorizeOn(request, request.params.id, 'race-registration:manage');
      await setRegistrationAgeCategory(app, request.params.id, request.body.ageCategoryId);
      return view(app, request.params.id);
    },
  );

  app.put(
    '/api/race-registration/:id',
    { schema: { tags, summary: 'Edit the racer number and the person of a one-time registration (admins)', ...secured, params, body: updateRegistrationBody, response: { 200: registrationSchema } }, preHandler: app.requireUser },
    async (request) => {
      await authorizeOn(request, request.params.id, 'race-registration:manage');
      await updateRegistration(app, request.params.id, request.body);
      return view(app, request.params.id);
    },
  );

  app.put(
    '/api/race-registration/:id/:state',
    { schema: { tags, summary: 'Confirm participation (PRESENT) or withdraw it (NOT_PRESENT): the racer before the race, the admins until qualification closes', ...secured, params: registrationStateParams, response: { 200: registrationSchema } }, preHandler: app.requireUser },
    async (request) => {
      const { privileged } = await authorizeOn(request, request.params.id, 'race-registration:confirm-own');
      await setRegistrationState(app, request.params.id, request.params.state, privileged);
      return view(app, request.params.id);
    },
  );
};
