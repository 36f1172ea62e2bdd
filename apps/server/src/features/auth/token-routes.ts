import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '@climbing/domain';
import { z } from 'zod';
import { authenticateForRenewal, sessionPrincipalOf } from './authenticate.ts';
import { createToken, renewToken, revokeToken, type IssuedToken } from './token-service.ts';

const principalKind = z.enum(['USER', 'JUDGE_ACCOUNT']).describe('USER for a person; JUDGE_ACCOUNT for an event judge login, which may only score that event');

const tokenResponse = z.object({
  token: z.string().describe('JWT bearer token for the Authorization header'),
  expiresAt: z.string().describe('When this token stops working; renew before then'),
  kind: principalKind,
  userId: z.number().int().nullable(),
  judgeAccountId: z.number().int().nullable(),
  eventId: z.number().int().nullable().describe('The event a judge account may score'),
});

const principalResponse = tokenResponse.omit({ token: true, expiresAt: true });

const credentials = z.object({
  email: z.string().trim().min(1).max(254).describe('E-mail of a user, or the login of an event judge account'),
  password: z.string().min(1).max(1024),
});

function present(issued: IssuedToken): z.infer<typeof tokenResponse> {
  return {
    token: issued.token,
    expiresAt: issued.expiresAt.toISOString(),
    kind: issued.subject.kind,
    userId: issued.subject.kind === 'USER' ? issued.subject.userId : null,
    judgeAccountId: issued.subject.kind === 'JUDGE_ACCOUNT' ? issued.subject.judgeAccountId : null,
    eventId: issued.eventId,
  };
}

/** Token calls of spec section 7: create (log in), renew, delete (log out); GET tells who the token is. */
export const tokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/token/create',
    { schema: { tags: ['token'], summary: 'Log in with e-mail (or judge login) and password', body: credentials, response: { 200: tokenResponse } } },
    async (request) => {
      app.abuseLimits.perIp(request, 'login');
      app.abuseLimits.assertLoginAllowed(request, request.body.email);
      try {
        const token = present(await createToken(app, request.body, { userAgent: request.headers['user-agent'] ?? null, ip: request.ip }));
        app.abuseLimits.loginSucceeded(request, request.body.email);
        return token;
      } catch (error) {
        // Only failed attempts count, per account and address: a stranger's guesses never lock the owner out elsewhere.
        if (error instanceof DomainError && error.code === 'BAD_CREDENTIALS') app.abuseLimits.loginFailed(request, request.body.email);
        throw error;
      }
    },
  );

  app.get(
    '/api/token',
    { schema: { tags: ['token'], summary: 'Who the current token speaks for', security: [{ bearerAuth: [] }], response: { 200: principalResponse } }, preHandler: app.requireSession },
    async (request) => {
      const principal = sessionPrincipalOf(request);
      return {
        kind: principal.kind,
        userId: principal.kind === 'USER' ? principal.userId : null,
        judgeAccountId: principal.kind === 'JUDGE_ACCOUNT' ? principal.judgeAccountId : null,
        eventId: principal.kind === 'JUDGE_ACCOUNT' ? principal.eventId : null,
      };
    },
  );

  app.put(
    '/api/token/renew',
    {
      schema: {
        tags: ['token'],
        summary: 'Renew the current token',
        description:
          'Answers a new token and moves the session end on (sliding expiry). A token that has expired is still accepted while its session lives; a revoked or expired session answers 401 INVALID_OR_EXPIRED_TOKEN.',
        security: [{ bearerAuth: [] }],
        response: { 200: tokenResponse },
      },
    },
    async (request) => {
      const { principal, session } = await authenticateForRenewal(app, request);
      return present(await renewToken(app, principal, session));
    },
  );

  app.delete(
    '/api/token',
    { schema: { tags: ['token'], summary: 'Log out: revoke the current session', security: [{ bearerAuth: [] }], response: { 204: z.null() } }, preHandler: app.requireSession },
    async (request, reply) => {
      await revokeToken(app.db, sessionPrincipalOf(request));
      return reply.status(204).send(null);
    },
  );
};
