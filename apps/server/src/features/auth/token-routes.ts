import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '@climbing/domain';
import { z } from 'zod';
import { authenticateForRenewal, sessionPrincipalOf } from './authenticate.ts';
import { createToken, renewToken, revokeToken, type IssuedToken } from './token-service.ts';
import { clearSessionCookie, setSessionCookie, wantsCookieSession } from './session-cookie.ts';

const principalKind = z.enum(['USER', 'JUDGE_ACCOUNT']).describe('USER for a person; JUDGE_ACCOUNT for an event judge login, which may only score that event');

const tokenResponse = z.object({
  token: z
    .string()
    .nullable()
    .describe('JWT bearer token for the Authorization header; null when the call asked for a cookie session (header X-Session-Transport: cookie)'),
  csrfToken: z
    .string()
    .nullable()
    .describe('Of a cookie session only: send it in X-CSRF-Token with every call that changes something'),
  issuedAt: z.string().describe('When this token was signed (with expiresAt: its lifetime, whatever the client clock says)'),
  expiresAt: z.string().describe('When this token stops working; renew before then'),
  kind: principalKind,
  userId: z.number().int().nullable(),
  judgeAccountId: z.number().int().nullable(),
  eventId: z.number().int().nullable().describe('The event a judge account may score'),
});

const principalResponse = tokenResponse.omit({ token: true, csrfToken: true, issuedAt: true, expiresAt: true });

const credentials = z.object({
  email: z.string().trim().min(1).max(254).describe('E-mail of a user, or the login of an event judge account'),
  password: z.string().min(1).max(1024),
});

const SESSION_TRANSPORT_DOC =
  ' With the header `X-Session-Transport: cookie` (the web app) the token goes into an HttpOnly, SameSite=Lax cookie instead of the body, and the body carries the session\'s CSRF token.';

/**
 * The answer of a login or renewal: the token in the body for API clients, or, for the web app,
 * in the HttpOnly cookie with the CSRF token in the body (docs/security.md).
 */
function present(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, issued: IssuedToken): z.infer<typeof tokenResponse> {
  const cookie = wantsCookieSession(request);
  // The cookie outlives the token: an expired token in it is still good for a renewal while the session lives.
  if (cookie) setSessionCookie(request, reply, issued.token, Math.ceil(app.config.session.maxMs / 1000));
  return {
    token: cookie ? null : issued.token,
    csrfToken: cookie ? app.csrfTokenFor(issued.sessionId) : null,
    issuedAt: new Date(issued.expiresAt.getTime() - app.config.session.accessTokenTtlSeconds * 1000).toISOString(),
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
    {
      schema: {
        tags: ['token'],
        summary: 'Log in with e-mail (or judge login) and password',
        description: `Answers a bearer token.${SESSION_TRANSPORT_DOC}`,
        body: credentials,
        response: { 200: tokenResponse },
      },
    },
    async (request, reply) => {
      app.abuseLimits.perIp(request, 'login');
      app.abuseLimits.assertLoginAllowed(request, request.body.email);
      try {
        const token = present(app, request, reply, await createToken(app, request.body, { userAgent: request.headers['user-agent'] ?? null, ip: request.ip }));
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
          'Answers a new token and moves the session end on (sliding expiry). A token that has expired is still accepted while its session lives; a revoked or expired session answers 401 INVALID_OR_EXPIRED_TOKEN (and clears the session cookie).' +
          SESSION_TRANSPORT_DOC,
        security: [{ bearerAuth: [] }],
        response: { 200: tokenResponse },
      },
    },
    async (request, reply) => {
      try {
        const { principal, session } = await authenticateForRenewal(app, request);
        return present(app, request, reply, await renewToken(app, principal, session));
      } catch (error) {
        // A session that is over takes its cookie with it, so the browser stops sending a dead one.
        if (wantsCookieSession(request)) clearSessionCookie(request, reply);
        throw error;
      }
    },
  );

  app.delete(
    '/api/token',
    { schema: { tags: ['token'], summary: 'Log out: revoke the current session (and clear the session cookie)', security: [{ bearerAuth: [] }], response: { 204: z.null() } } },
    async (request, reply) => {
      // Cleared even when the session is already over, so a logout always leaves no cookie behind.
      if (request.headers.cookie !== undefined) clearSessionCookie(request, reply);
      await app.requireSession(request);
      await revokeToken(app.db, sessionPrincipalOf(request));
      return reply.status(204).send(null);
    },
  );
};
