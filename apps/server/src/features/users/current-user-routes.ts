import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '@climbing/domain';
import { principalOf } from '../auth/authenticate.ts';
import { findUserById, presentUser, userSchema } from './user-presenter.ts';

/** GET /api/user: the logged-in user (the web app loads it silently at start-up). */
export const currentUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user',
    { schema: { tags: ['user'], summary: 'The current user', security: [{ bearerAuth: [] }], response: { 200: userSchema } }, preHandler: app.requireUser },
    async (request) => {
      const user = await findUserById(app.db, principalOf(request).userId);
      if (!user) throw new DomainError('USER_NOT_FOUND');
      return presentUser(app.db, user);
    },
  );
};
