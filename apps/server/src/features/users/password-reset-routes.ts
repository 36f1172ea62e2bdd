import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailInput, passwordInput } from './user-schemas.ts';
import { passwordResetInfo, requestPasswordReset, resetPassword } from './password-reset-service.ts';
import { confirmEmailChange } from './email-change-service.ts';

const tokenInput = z.string().trim().min(1).max(200);

/** Forgot and reset password (spec section 7); the link that confirms a new e-mail (issue 11, item 13). */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user/email-change/confirm',
    {
      schema: {
        tags: ['user'],
        summary: 'Confirm a new e-mail with the link sent to it (single use, 24 hours); the account then logs in with the new e-mail',
        body: z.object({ token: tokenInput }),
        response: { 200: z.object({ email: z.string() }) },
      },
    },
    async (request) => {
      app.abuseLimits.perIp(request, 'email-change');
      await app.authorize(request, 'user:confirm-email');
      return confirmEmailChange(app, request.body.token);
    },
  );

  app.post(
    '/api/user/forgot-password-reset',
    { schema: { tags: ['user'], summary: 'E-mail a password reset link', body: z.object({ email: emailInput }), response: { 204: z.null() } } },
    async (request, reply) => {
      app.abuseLimits.perIp(request, 'password-reset');
      app.abuseLimits.perEmail('password-reset', request.body.email);
      await app.authorize(request, 'user:reset-password');
      await requestPasswordReset(app, request.body.email);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/user/password-reset',
    {
      schema: {
        tags: ['user'],
        summary: 'Whether a reset link is valid, and for which account',
        querystring: z.object({ token: tokenInput }),
        response: { 200: z.object({ valid: z.boolean(), email: z.string().nullable(), userId: z.number().int().nullable() }) },
      },
    },
    async (request) => {
      await app.authorize(request, 'user:reset-password');
      return passwordResetInfo(app.db, request.query.token);
    },
  );

  app.post(
    '/api/user/password-reset',
    { schema: { tags: ['user'], summary: 'Set a new password with a reset link (single use)', body: z.object({ token: tokenInput, password: passwordInput }), response: { 204: z.null() } } },
    async (request, reply) => {
      app.abuseLimits.perIp(request, 'password-reset');
      await app.authorize(request, 'user:reset-password');
      await resetPassword(app, request.body.token, request.body.password);
      return reply.status(204).send(null);
    },
  );
};
