import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, type ErrorCode } from '@climbing/domain';
import { createAccessTokenSigner, type AccessTokenClaims, type AccessTokenSigner } from './access-token.ts';
import { findActiveSession, type ActiveSession } from './session-repository.ts';
import { loadUserActor } from './actor-repository.ts';
import { ANONYMOUS, authorize, can, type Action, type Actor, type Resource } from './policy.ts';
import { csrfHolds, csrfTokenFor, readCookie, SESSION_COOKIE, wantsCookieSession } from './session-cookie.ts';

export interface UserPrincipal {
  kind: 'USER';
  userId: number;
  sessionId: string;
}

/** A judge account may only score its one event (docs/permissions.md). */
export interface JudgeAccountPrincipal {
  kind: 'JUDGE_ACCOUNT';
  judgeAccountId: number;
  eventId: number;
  sessionId: string;
}

export type AuthenticatedPrincipal = UserPrincipal | JudgeAccountPrincipal;

declare module 'fastify' {
  interface FastifyInstance {
    tokens: AccessTokenSigner;
    /** preHandler for routes that need a logged-in user account (not a judge account). */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** preHandler for routes that any session may call (a user or a judge account). */
    requireSession: (request: FastifyRequest) => Promise<void>;
    /** preHandler for public routes that answer more to a logged-in caller; a bad token still fails. */
    optionalSession: (request: FastifyRequest) => Promise<void>;
    /** The policy check of a handler: loads the caller's rights once per request and asks policy.ts. */
    authorize: (request: FastifyRequest, action: Action, resource?: Resource, deniedCode?: ErrorCode) => Promise<void>;
    /** The CSRF token of a cookie session (session-cookie.ts). */
    csrfTokenFor: (sessionId: string) => string;
    /** The same question without throwing, for answers that show more to some callers. */
    can: (request: FastifyRequest, action: Action, resource?: Resource) => Promise<boolean>;
  }
  interface FastifyRequest {
    principal: AuthenticatedPrincipal | null;
    actor: Actor | null;
  }
}

interface Credential {
  token: string;
  /** The cookie is sent by the browser on its own, so calls that change state need the CSRF token too. */
  via: 'bearer' | 'cookie';
}

/** The bearer token of API clients, else the web app's session cookie; an Authorization header that is not a bearer token counts as none. */
function credentialOf(request: FastifyRequest): Credential | null {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    return match?.[1] ? { token: match[1], via: 'bearer' } : null;
  }
  const cookie = readCookie(request, SESSION_COOKIE);
  return cookie === null ? null : { token: cookie, via: 'cookie' };
}

/** Failures that mean the credential is dead, not that the caller may not do something. */
const DEAD_CREDENTIAL = new Set(['INVALID_OR_EXPIRED_TOKEN', 'INVALID_TOKEN_SIGNATURE', 'ACCOUNT_DEACTIVATED', 'ACCOUNT_DELETED']);

/**
 * The session behind verified claims. A revoked or expired session, a deactivated or deleted
 * account or a revoked judge account stop working at once because the session row is checked on
 * every request.
 */
async function sessionOfClaims(app: FastifyInstance, claims: AccessTokenClaims): Promise<{ principal: AuthenticatedPrincipal; session: ActiveSession }> {
  const session = await findActiveSession(app.db, claims.sessionId, app.clock());
  if (!session) throw new DomainError('INVALID_OR_EXPIRED_TOKEN');
  if (claims.subject.kind === 'USER') {
    if (session.userId !== claims.subject.userId) throw new DomainError('INVALID_OR_EXPIRED_TOKEN');
    if (session.userDeleted) throw new DomainError('ACCOUNT_DELETED');
    if (!session.userActive) throw new DomainError('ACCOUNT_DEACTIVATED');
    return { principal: { kind: 'USER', userId: claims.subject.userId, sessionId: session.id }, session };
  }
  if (session.judgeAccountId !== claims.subject.judgeAccountId || session.judgeEventId === null || session.judgeRevoked) {
    throw new DomainError('INVALID_OR_EXPIRED_TOKEN');
  }
  return { principal: { kind: 'JUDGE_ACCOUNT', judgeAccountId: session.judgeAccountId, eventId: session.judgeEventId, sessionId: session.id }, session };
}

/**
 * Whether the session of a principal still lets it in: not revoked or expired, the account usable,
 * the judge login not revoked. Long-lived connections (live streams) ask again while open; the
 * token they started with may have run out meanwhile, the session is what counts.
 */
export async function principalStillValid(app: FastifyInstance, principal: AuthenticatedPrincipal): Promise<boolean> {
  const session = await findActiveSession(app.db, principal.sessionId, app.clock());
  if (!session) return false;
  if (principal.kind === 'USER') return session.userId === principal.userId && session.userActive === true && !session.userDeleted;
  return session.judgeAccountId === principal.judgeAccountId && session.judgeEventId !== null && !session.judgeRevoked;
}

/** Reads the bearer token: MISSING_TOKEN, INVALID_TOKEN_SIGNATURE or INVALID_OR_EXPIRED_TOKEN when it is not usable. */
async function resolvePrincipal(app: FastifyInstance, token: string): Promise<{ principal: AuthenticatedPrincipal; session: ActiveSession }> {
  return sessionOfClaims(app, await app.tokens.verify(token));
}

/**
 * PUT /api/token/renew: the token's own expiry does not count, only its signature and its
 * session (alive, not revoked, account usable), so a client whose token ran out while the
 * session lives gets a new one.
 */
export async function authenticateForRenewal(app: FastifyInstance, request: FastifyRequest): Promise<{ principal: AuthenticatedPrincipal; session: ActiveSession }> {
  // No CSRF token needed: a renewal changes nothing a forged request could use, and a cross-site
  // PUT does not carry the SameSite=Lax cookie anyway.
  const credential = credentialOf(request);
  if (!credential) throw new DomainError('MISSING_TOKEN');
  const resolved = await sessionOfClaims(app, await app.tokens.verifyForRenewal(credential.token));
  request.principal = resolved.principal;
  return resolved;
}

export async function registerAuthentication(app: FastifyInstance, secret: string): Promise<void> {
  app.decorate('tokens', createAccessTokenSigner(secret, { ttlSeconds: app.config.session.accessTokenTtlSeconds, now: () => app.clock() }));
  app.decorate('csrfTokenFor', (sessionId: string) => csrfTokenFor(secret, sessionId));
  app.decorateRequest('principal', null);
  app.decorateRequest('actor', null);

  const requireSession = async (request: FastifyRequest) => {
    const credential = credentialOf(request);
    if (!credential) throw new DomainError('MISSING_TOKEN');
    const { principal, session } = await resolvePrincipal(app, credential.token);
    if (credential.via === 'cookie' && !csrfHolds(request, secret, principal.sessionId)) throw new DomainError('CSRF_TOKEN_INVALID');
    request.principal = principal;
    // The user's rights came with the session (one statement): the policy asks no more.
    if (principal.kind === 'USER') request.actor = { kind: 'USER', userId: principal.userId, ...session.userRights };
  };
  app.decorate('requireSession', requireSession);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    await requireSession(request);
    // A judge account has no person behind it: it must never reach account or organization calls.
    if (request.principal?.kind !== 'USER') throw new DomainError('NO_RIGHTS');
  });
  app.decorate('optionalSession', async (request: FastifyRequest) => {
    if (request.headers.authorization !== undefined) return requireSession(request);
    if (readCookie(request, SESSION_COOKIE) === null) return;
    // The web app's own client says so (it renews or ends the session on a 401); an <img> or an
    // EventSource cannot, so a run-out cookie there reads as anonymous instead of failing.
    if (wantsCookieSession(request)) return requireSession(request);
    try {
      await requireSession(request);
    } catch (error) {
      if (!(error instanceof DomainError) || !DEAD_CREDENTIAL.has(error.code)) throw error;
      request.principal = null;
    }
  });
  app.decorate('authorize', async (request: FastifyRequest, action: Action, resource: Resource = {}, deniedCode: ErrorCode = 'NO_RIGHTS') => {
    authorize(await actorOf(app, request), action, resource, deniedCode);
  });
  app.decorate('can', async (request: FastifyRequest, action: Action, resource: Resource = {}) => can(await actorOf(app, request), action, resource));
}

async function actorOf(app: FastifyInstance, request: FastifyRequest): Promise<Actor> {
  if (request.actor) return request.actor;
  const principal = request.principal;
  let actor: Actor = ANONYMOUS;
  if (principal?.kind === 'USER') actor = await loadUserActor(app.db, principal.userId);
  if (principal?.kind === 'JUDGE_ACCOUNT') actor = { kind: 'JUDGE_ACCOUNT', judgeAccountId: principal.judgeAccountId, eventId: principal.eventId };
  request.actor = actor;
  return actor;
}

/** The principal of a route guarded by requireUser. */
export function principalOf(request: FastifyRequest): UserPrincipal {
  if (!request.principal) throw new DomainError('MISSING_TOKEN');
  if (request.principal.kind !== 'USER') throw new DomainError('NO_RIGHTS');
  return request.principal;
}

/** The principal of a route guarded by requireSession (a user or a judge account). */
export function sessionPrincipalOf(request: FastifyRequest): AuthenticatedPrincipal {
  if (!request.principal) throw new DomainError('MISSING_TOKEN');
  return request.principal;
}
