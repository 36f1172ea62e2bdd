import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ATTACHMENTS_TOTAL_MAX_BYTES } from '@climbing/domain';
import { today } from '../../lib/today.ts';
import { ANONYMOUS, can } from '../auth/policy.ts';
import { createJudgeAccount, revokeJudgeAccount } from '../auth/judge-account-service.ts';
import { principalOf } from '../auth/authenticate.ts';
import { readUploadedDocuments, readUploadedImage } from '../files/file-upload.ts';
import { eventAccess } from '../races/race-access.ts';
import { idParam } from '../users/user-schemas.ts';
import { authorizeEventRead, eventResource, findEvent } from './event-access.ts';
import { presentEvent, presentEventSummaries } from './event-presenter.ts';
import { createEventBody, createdJudgeAccountSchema, eventListQuery, eventSchema, eventSummarySchema, judgeAccountSchema, updateEventBody } from './event-schemas.ts';
import { fileIdSchema } from '../files/file-id.ts';
import {
  addAttachments,
  createEvent,
  deleteEvent,
  findJudgeAccountOfEvent,
  listEvents,
  listJudgeAccounts,
  removeAttachment,
  removePoster,
  replacePoster,
  updateEvent,
} from './event-service.ts';

const params = z.object({ id: idParam });
const fileParams = z.object({ id: idParam, fileId: fileIdSchema });
const judgeParams = z.object({ id: idParam, judgeAccountId: idParam });
const secured = { security: [{ bearerAuth: [] }] };
const tags = ['event'];

/** Events: create with races, read, list with filters, edit, delete, poster, attachments, judge accounts. */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/event',
    {
      schema: {
        tags,
        summary: 'Public event summaries the caller may see; period=actual|history|planned|open-registration, q, organizationId, country, mine=true, month=YYYY-MM',
        querystring: eventListQuery,
        response: { 200: z.array(eventSummarySchema) },
      },
      preHandler: app.optionalSession,
    },
    async (request) => {
      await app.authorize(request, 'event:read-public');
      const actor = request.actor ?? ANONYMOUS;
      const rows = await listEvents(app.db, actor, request.query, today());
      return presentEventSummaries(app.db, rows, (organization) => can(actor, 'race:manage', { organization }));
    },
  );

  app.post(
    '/api/event',
    { schema: { tags, summary: 'Create an event with its races (at least one)', ...secured, body: createEventBody, response: { 201: eventSchema } }, preHandler: app.requireUser },
    async (request, reply) => {
      await app.authorize(request, 'event:manage', { organization: request.body.organizationId });
      const event = await createEvent(app, request.body);
      return reply.status(201).send(await presentEvent(app.db, event, await eventAccess(app, request, event, true)));
    },
  );

  app.get(
    '/api/event/:id',
    { schema: { tags, summary: 'An event with its races (internal events to members, hidden ones to admins)', params, response: { 200: eventSchema } }, preHandler: app.optionalSession },
    async (request) => {
      const event = await findEvent(app.db, request.params.id);
      await authorizeEventRead(app, request, event);
      return presentEvent(app.db, event, await eventAccess(app, request, event));
    },
  );

  app.put(
    '/api/event/:id',
    { schema: { tags, summary: 'Update an event (absent fields unchanged; races through /api/race)', ...secured, params, body: updateEventBody, response: { 200: eventSchema } }, preHandler: app.requireUser },
    async (request) => {
      await app.authorize(request, 'event:manage', eventResource(await findEvent(app.db, request.params.id)));
      const event = await updateEvent(app, request.params.id, request.body);
      return presentEvent(app.db, event, await eventAccess(app, request, event, true));
    },
  );

  app.delete(
    '/api/event/:id',
    { schema: { tags, summary: 'Delete an event (not with an ongoing or finished race)', ...secured, params, response: { 204: z.null() } }, preHandler: app.requireUser },
    async (request, reply) => {
      await app.authorize(request, 'event:manage', eventResource(await findEvent(app.db, request.params.id)));
      await deleteEvent(app, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/event/:id/poster',
    { schema: { tags, summary: 'Upload the poster (multipart field multipartFile, an image up to 5 MB)', consumes: ['multipart/form-data'], ...secured, params, response: { 200: eventSchema } }, preHandler: app.requireUser },
    async (request) => {
      await app.authorize(request, 'event:manage', eventResource(await findEvent(app.db, request.params.id)));
      await replacePoster(app, request.params.id, await readUploadedImage(request, 'VALIDATION_FAILED'));
      const event = await findEvent(app.db, request.params.id);
      return presentEvent(app.db, event, await eventAccess(app, request, event, true));
    },
  );

  app.delete(
    '/api/event/:id/poster',
    { schema: { tags, summary: 'Remove the poster', ...secured, params, response: { 200: eventSchema } }, preHandler: app.requireUser },
    async (request) => {
      await app.authorize(request, 'event:manage', eventResource(await findEvent(app.db, request.params.id)));
      await removePoster(app, request.params.id);
      const event = await findEvent(app.db, request.params.id);
      return presentEvent(app.db, event, await eventAccess(app, request, event, true));
    },
  );

  app.post(
    '/api/event/:id/attachment',
    {
      schema: { tags, summary: 'Add attachments (multipart field multipartFile, repeated; images or PDF, 20 MB together with the kept ones)', consumes: ['multipart/form-data'], ...secured, params, response: { 200: eventSchema } },
      preHandler: app.requireUser,
    },
    async (request) => {
      await app.authorize(request, 'event:manage', eventResource(await findEvent(app.db, request.params.id)));
      await addAttachments(app, request.params.id, await readUploadedDocuments(request, ATTACHMENTS_TOTAL_MAX_BYTES));
      const event = await findEvent(app.db, request.params.id);
      return presentEvent(app.db, event, await eventAccess(app, request, event, true));
    },
  );

  app.delete(
    '/api/event/:id/attachment/:fileId',
    {
      schema: { tags, summary: 'Delete an attachment', ...secured, params: fileParams, response: { 200: eventSchema } },
      config: { textIdParams: ['fileId'] },
      preHandler: app.requireUser,
    },
    async (request) => {
      await app.authorize(request, 'event:manage', eventResource(await findEvent(app.db, request.params.id)));
      await removeAttachment(app, request.params.id, request.params.fileId);
      const event = await findEvent(app.db, request.params.id);
      return presentEvent(app.db, event, await eventAccess(app, request, event, true));
    },
  );

  app.get(
    '/api/event/:id/judge-account',
    { schema: { tags, summary: "The event's judge accounts (never their passwords)", ...secured, params, response: { 200: z.array(judgeAccountSchema) } }, preHandler: app.requireUser },
    async (request) => {
      await app.authorize(request, 'judge-account:manage', eventResource(await findEvent(app.db, request.params.id)));
      return listJudgeAccounts(app.db, request.params.id);
    },
  );

  app.post(
    '/api/event/:id/judge-account',
    { schema: { tags, summary: 'Create a judge login for this event; the password is shown only in this answer', ...secured, params, response: { 201: createdJudgeAccountSchema } }, preHandler: app.requireUser },
    async (request, reply) => {
      await app.authorize(request, 'judge-account:manage', eventResource(await findEvent(app.db, request.params.id)));
      return reply.status(201).send(await createJudgeAccount(app.db, { eventId: request.params.id, createdById: principalOf(request).userId }));
    },
  );

  app.delete(
    '/api/event/:id/judge-account/:judgeAccountId',
    { schema: { tags, summary: 'Revoke a judge account (its judges are logged out at once)', ...secured, params: judgeParams, response: { 204: z.null() } }, preHandler: app.requireUser },
    async (request, reply) => {
      await app.authorize(request, 'judge-account:manage', eventResource(await findEvent(app.db, request.params.id)));
      await findJudgeAccountOfEvent(app.db, request.params.id, request.params.judgeAccountId);
      await revokeJudgeAccount(app.db, request.params.judgeAccountId);
      return reply.status(204).send(null);
    },
  );
};
