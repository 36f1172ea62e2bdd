import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError, USER_SEARCH_MIN_LENGTH } from '@climbing/domain';
import { principalOf } from '../auth/authenticate.ts';
import { readUploadedImage } from '../files/file-upload.ts';
import { findUserById, presentUser, userSchema } from './user-presenter.ts';
import { membershipOrganizationIds, searchUsers, sharedProfileFor } from './user-repository.ts';
import { changePassword, registerUser, replaceProfilePhoto, setUserActive, softDeleteUser, updateOwnProfile } from './user-service.ts';
import { changePasswordBody, idParam, registerBody, sharedProfileSchema, updateProfileBody, userSearchItemSchema } from './user-schemas.ts';

const idParams = z.object({ id: idParam });
const searchQuery = z.object({ queryParameter: z.string().max(200).optional() });

/** A search needs USER_SEARCH_MIN_LENGTH characters: listing everybody by "@" or "a" is not a search. */
function searchText(query: string | undefined): string {
  const text = query?.trim() ?? '';
  if (text.length < USER_SEARCH_MIN_LENGTH) throw new DomainError('SEARCH_TOO_SHORT', { fields: { 'querystring.queryParameter': 'SEARCH_TOO_SHORT' } });
  return text;
}
const idsQuery = z.object({
  ids: z
    .string()
    .max(2000)
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'validation.invalid')
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .refine((ids) => ids.length <= 100, { error: 'validation.tooManyItems', params: { count: 100 } }),
});
const nonMembersQuery = searchQuery.extend({ organizationId: idParam.optional() });
const userList = z.array(userSearchItemSchema);

/**
 * The saved profile and the registrations a new birth date or sex did not reach (in the
 * qualification already, a race past its roster) or no longer fit: the racer tells the organiser.
 */
const updatedProfileSchema = userSchema.extend({
  registrationsToCheck: z.array(
    z.object({
      registrationId: z.number().int(),
      raceId: z.number().int(),
      raceName: z.string(),
      eventId: z.number().int(),
      eventName: z.string(),
      ageCategoryName: z.string().nullable(),
      reason: z.enum(['KEPT', 'NO_LONGER_FITS']),
    }),
  ),
});
const secured = { security: [{ bearerAuth: [] }] };

/** User calls of spec section 7 (GET /api/user itself is in current-user-routes.ts). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user/register',
    { schema: { tags: ['user'], summary: 'Sign up', body: registerBody, response: { 201: userSchema } } },
    async (request, reply) => {
      app.abuseLimits.perIp(request, 'register');
      app.abuseLimits.perEmail('register', request.body.email);
      await app.authorize(request, 'user:register');
      const user = await registerUser(app, request.body);
      return reply.status(201).send(await presentUser(app.db, user));
    },
  );

  app.put(
    '/api/user',
    { schema: { tags: ['user'], summary: 'Update the own profile', ...secured, body: updateProfileBody, response: { 200: updatedProfileSchema } }, preHandler: app.requireUser },
    async (request) => {
      await app.authorize(request, 'user:update-own');
      const { user, registrationsToCheck } = await updateOwnProfile(app, principalOf(request).userId, request.body);
      return { ...(await presentUser(app.db, user)), registrationsToCheck };
    },
  );

  app.put(
    '/api/user/password',
    { schema: { tags: ['user'], summary: 'Change the own password', ...secured, body: changePasswordBody, response: { 204: z.null() } }, preHandler: app.requireUser },
    async (request, reply) => {
      await app.authorize(request, 'user:update-own');
      await changePassword(app, principalOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/user/profile-photo',
    {
      schema: { tags: ['user'], summary: 'Upload the own profile photo (multipart field multipartFile, an image up to 5 MB)', consumes: ['multipart/form-data'], ...secured, response: { 200: userSchema } },
      preHandler: app.requireUser,
    },
    async (request) => {
      await app.authorize(request, 'user:update-own');
      const image = await readUploadedImage(request, 'VALIDATION_FAILED');
      return presentUser(app.db, await replaceProfilePhoto(app, principalOf(request).userId, image));
    },
  );

  app.get(
    '/api/user/list',
    {
      schema: { tags: ['user'], summary: 'Search users by name (at least 3 characters) or whole e-mail (admins); names and ids only, at most 50', ...secured, querystring: searchQuery, response: { 200: userList } },
      preHandler: app.requireUser,
    },
    async (request) => {
      await app.authorize(request, 'user:search', { organization: 'ANY' });
      app.abuseLimits.perUser(principalOf(request).userId, 'user-search');
      return searchUsers(app.db, { query: searchText(request.query.queryParameter) });
    },
  );

  app.get(
    '/api/user/users/id',
    { schema: { tags: ['user'], summary: 'Names of users by ids (ids=1,2,3)', ...secured, querystring: idsQuery, response: { 200: userList } }, preHandler: app.requireUser },
    async (request) => {
      await app.authorize(request, 'user:search', { organization: 'ANY' });
      app.abuseLimits.perUser(principalOf(request).userId, 'user-search');
      return searchUsers(app.db, { ids: request.query.ids });
    },
  );

  app.get(
    '/api/user/non-members',
    {
      schema: {
        tags: ['user'],
        summary: "Users who are not members of the admin's organization, by name (at least 3 characters) or whole e-mail, to invite them; names and ids only. organizationId defaults to the caller's primary organization",
        ...secured,
        querystring: nonMembersQuery,
        response: { 200: userList },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const caller = await findUserById(app.db, principalOf(request).userId);
      const organizationId = request.query.organizationId ?? caller?.organizationId;
      if (!organizationId) throw new DomainError('REQUIRED_PARAMETER_MISSING', { fields: { 'querystring.organizationId': 'validation.required' } });
      await app.authorize(request, 'user:list-non-members', { organization: organizationId });
      app.abuseLimits.perUser(principalOf(request).userId, 'user-search');
      return searchUsers(app.db, { query: searchText(request.query.queryParameter), notInOrganizationId: organizationId });
    },
  );

  app.get(
    '/api/user/:id',
    {
      schema: {
        tags: ['user'],
        summary: "A user: the whole account to its owner and a super admin; the profile shared with an organization to that organization's admins (members and applicants)",
        ...secured,
        params: idParams,
        response: { 200: z.union([userSchema, sharedProfileSchema]) },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const { id } = request.params;
      // An invitation not yet accepted shares nothing: only members and applicants are readable.
      const organization = await membershipOrganizationIds(app.db, id, ['APPLIED', 'ACTIVE']);
      await app.authorize(request, 'user:read', { userId: id, organization }, 'USER_NO_RIGHTS_TO_GET');
      const user = await findUserById(app.db, id);
      if (!user) throw new DomainError('USER_NOT_FOUND');
      if (await app.can(request, 'user:read-private', { userId: id })) return presentUser(app.db, user);
      const readableThrough: number[] = [];
      for (const organizationId of organization) if (await app.can(request, 'user:read', { organization: organizationId })) readableThrough.push(organizationId);
      return sharedProfileFor(app.db, user, readableThrough);
    },
  );

  for (const [path, active] of [['/api/user/activate/:id', true], ['/api/user/deactivate/:id', false]] as const) {
    app.post(
      path,
      {
        schema: { tags: ['user'], summary: active ? 'Activate an account (super admin)' : 'Deactivate an account (its owner or a super admin; logs it out at once)', ...secured, params: idParams, response: { 200: userSchema } },
        preHandler: app.requireUser,
      },
      async (request) => {
        const { id } = request.params;
        await app.authorize(request, active ? 'user:activate' : 'user:deactivate', { userId: id });
        return presentUser(app.db, await setUserActive(app, id, active));
      },
    );
  }

  app.delete(
    '/api/user/:id',
    { schema: { tags: ['user'], summary: 'Delete an account (soft delete; self or a super admin)', ...secured, params: idParams, response: { 204: z.null() } }, preHandler: app.requireUser },
    async (request, reply) => {
      const { id } = request.params;
      await app.authorize(request, 'user:delete', { userId: id }, 'USER_NO_RIGHTS_TO_DELETE');
      await softDeleteUser(app, id);
      return reply.status(204).send(null);
    },
  );
};
