import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../auth/authenticate.ts';
import { findOrganization } from '../organizations/organization-presenter.ts';
import { idParam } from '../users/user-schemas.ts';
import { listMembers } from './member-repository.ts';
import { memberCreateBody, memberRolesBody, memberSchema } from './member-schemas.ts';
import { acceptApplication, applyForMembership, createMember, removeMember, resendSetPasswordLink, setMemberBlocked, updateMemberRoles } from './member-service.ts';

const params = z.object({ id: idParam });
const memberParams = z.object({ id: idParam, userId: idParam });
const secured = { security: [{ bearerAuth: [] }] };
const tags = ['member'];

/** Members of an organization: list, create, roles, block, (de)activate, remove; apply and leave. */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/organization/:id/member',
    { schema: { tags, summary: 'Members (admins and coaches)', ...secured, params, response: { 200: z.array(memberSchema) } }, preHandler: app.requireUser },
    async (request) => {
      await app.authorize(request, 'member:list', { organization: request.params.id });
      await findOrganization(app.db, request.params.id);
      return listMembers(app.db, request.params.id);
    },
  );

  app.post(
    '/api/organization/:id/member',
    { schema: { tags, summary: 'Add an existing user (userId) or create a member account (user fields)', ...secured, params, body: memberCreateBody, response: { 201: memberSchema } }, preHandler: app.requireUser },
    async (request, reply) => {
      await app.authorize(request, 'member:manage', { organization: request.params.id });
      await findOrganization(app.db, request.params.id);
      return reply.status(201).send(await createMember(app, request.params.id, principalOf(request).userId, request.body));
    },
  );

  app.put(
    '/api/organization/:id/member/:userId',
    { schema: { tags, summary: 'Edit the role flags of a member', ...secured, params: memberParams, body: memberRolesBody, response: { 200: memberSchema } }, preHandler: app.requireUser },
    async (request) => {
      await app.authorize(request, 'member:manage', { organization: request.params.id });
      return updateMemberRoles(app, request.params.id, request.params.userId, request.body);
    },
  );

  app.delete(
    '/api/organization/:id/member/:userId',
    { schema: { tags, summary: 'Remove a member (the account stays)', ...secured, params: memberParams, response: { 204: z.null() } }, preHandler: app.requireUser },
    async (request, reply) => {
      await app.authorize(request, 'member:manage', { organization: request.params.id });
      await removeMember(app, request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  // Spec 6 also names "deactivate" and "activate" among what admins do to members. An organization
  // may not switch off a person's account (only its owner or a super admin may, docs/security.md),
  // so under those names it suspends and restores the membership: the same as block and unblock.
  const blockActions = [
    ['block', true],
    ['unblock', false],
    ['deactivate', true],
    ['activate', false],
  ] as const;
  for (const [action, blocked] of blockActions) {
    app.post(
      `/api/organization/:id/member/:userId/${action}`,
      {
        schema: { tags, summary: blocked ? `${action}: suspend the membership (the member loses this organization's rights and is logged out)` : `${action}: restore a suspended membership`, ...secured, params: memberParams, response: { 200: memberSchema } },
        preHandler: app.requireUser,
      },
      async (request) => {
        await app.authorize(request, 'member:manage', { organization: request.params.id });
        return setMemberBlocked(app, request.params.id, request.params.userId, blocked);
      },
    );
  }

  app.post(
    '/api/organization/:id/member/:userId/password-link',
    {
      schema: {
        tags,
        summary: 'Send the member the e-mail with a link to set their password again (accounts without a password only; at most 3 per member and hour)',
        ...secured,
        params: memberParams,
        response: { 204: z.null() },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      await app.authorize(request, 'member:manage', { organization: request.params.id });
      await resendSetPasswordLink(app, request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/organization/:id/member/:userId/accept',
    { schema: { tags, summary: 'Accept an application', ...secured, params: memberParams, response: { 200: memberSchema } }, preHandler: app.requireUser },
    async (request) => {
      await app.authorize(request, 'member:manage', { organization: request.params.id });
      return acceptApplication(app, request.params.id, request.params.userId);
    },
  );

  app.post(
    '/api/organization/:id/apply',
    { schema: { tags, summary: 'Apply for membership', ...secured, params, response: { 201: memberSchema } }, preHandler: app.requireUser },
    async (request, reply) => {
      await app.authorize(request, 'organization:apply', { organization: request.params.id });
      return reply.status(201).send(await applyForMembership(app, request.params.id, principalOf(request).userId));
    },
  );

  app.post(
    '/api/organization/:id/leave',
    { schema: { tags, summary: 'Leave the organization (or withdraw an application)', ...secured, params, response: { 204: z.null() } }, preHandler: app.requireUser },
    async (request, reply) => {
      await app.authorize(request, 'organization:leave', { organization: request.params.id });
      await removeMember(app, request.params.id, principalOf(request).userId);
      return reply.status(204).send(null);
    },
  );
};
