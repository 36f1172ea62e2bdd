import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../auth/authenticate.ts';
import { idParam } from '../users/user-schemas.ts';
import { acceptInvitation, cancelInvitation, invitationInfo, inviteMember, listOpenInvitations, presentInvitation } from './invitation-service.ts';
import { acceptInvitationBody, acceptedInvitationSchema, invitationBody, invitationInfoSchema, invitationSchema, tokenInput } from './invitation-schemas.ts';

const params = z.object({ id: idParam });
const secured = { security: [{ bearerAuth: [] }] };
const tags = ['invitation'];

/** Invitations: the admin side under the organization, the invitee side under /api/invitation. */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/organization/:id/invitation',
    { schema: { tags, summary: 'Invite an e-mail into the organization (mails a 7-day, single-use link)', ...secured, params, body: invitationBody, response: { 201: invitationSchema } }, preHandler: app.requireUser },
    async (request, reply) => {
      await app.authorize(request, 'invitation:manage', { organization: request.params.id });
      const invitation = await inviteMember(app, request.params.id, principalOf(request).userId, request.body);
      return reply.status(201).send(presentInvitation(invitation));
    },
  );

  app.get(
    '/api/organization/:id/invitation',
    { schema: { tags, summary: 'Invitations not yet accepted', ...secured, params, response: { 200: z.array(invitationSchema) } }, preHandler: app.requireUser },
    async (request) => {
      await app.authorize(request, 'invitation:manage', { organization: request.params.id });
      return (await listOpenInvitations(app.db, request.params.id)).map(presentInvitation);
    },
  );

  app.delete(
    '/api/organization/:id/invitation/:invitationId',
    { schema: { tags, summary: 'Cancel an invitation', ...secured, params: params.extend({ invitationId: idParam }), response: { 204: z.null() } }, preHandler: app.requireUser },
    async (request, reply) => {
      await app.authorize(request, 'invitation:manage', { organization: request.params.id });
      await cancelInvitation(app.db, request.params.id, request.params.invitationId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/invitation',
    { schema: { tags, summary: 'The invitation behind a token (for the acceptance page)', querystring: z.object({ token: tokenInput }), response: { 200: invitationInfoSchema } } },
    async (request) => {
      await app.authorize(request, 'invitation:accept');
      return invitationInfo(app.db, request.query.token);
    },
  );

  app.post(
    '/api/invitation/accept',
    { schema: { tags, summary: 'Accept an invitation: join with the existing account or create the member account', body: acceptInvitationBody, response: { 200: acceptedInvitationSchema } } },
    async (request) => {
      app.abuseLimits.perIp(request, 'register');
      await app.authorize(request, 'invitation:accept');
      return acceptInvitation(app, request.body);
    },
  );
};
