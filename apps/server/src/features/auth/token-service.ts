import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { DomainError } from '@climbing/domain';
import { events, judgeAccounts, users } from '../../db/schema/index.ts';
import type { AuthenticatedPrincipal } from './authenticate.ts';
import type { ActiveSession } from './session-repository.ts';
import { eventEndsAt } from './session-lifetime.ts';
import type { TokenSubject } from './access-token.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';
import { createSession, extendSession, revokeSession } from './session-repository.ts';
import type { Executor } from '../../db/database.ts';

// Verifying against a throwaway hash keeps the answer time the same whether the login exists or not.
const timingDecoy = hashPassword('timing-decoy-password-1');

export interface IssuedToken {
  token: string;
  expiresAt: Date;
  subject: TokenSubject;
  /** The event of a judge account: the only one it may score. */
  eventId: number | null;
  /** The session the token speaks for (the CSRF token of a cookie session is derived from it). */
  sessionId: string;
}

async function userSubject(app: FastifyInstance, email: string, password: string): Promise<IssuedToken['subject']> {
  const [user] = await app.db
    .select({ id: users.id, passwordHash: users.passwordHash, active: users.active, deleted: users.deleted })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await timingDecoy), password);
  if (!user || !user.passwordHash || !passwordOk) throw new DomainError('BAD_CREDENTIALS');
  // Only after the password is proven, so the state of an account is not told to strangers.
  if (user.deleted) throw new DomainError('ACCOUNT_DELETED');
  if (!user.active) throw new DomainError('ACCOUNT_DEACTIVATED');
  return { kind: 'USER', userId: user.id };
}

async function judgeSubject(app: FastifyInstance, login: string, password: string): Promise<{ subject: TokenSubject; eventId: number; eventEndsAt: Date }> {
  const [account] = await app.db
    .select({ id: judgeAccounts.id, eventId: judgeAccounts.eventId, passwordHash: judgeAccounts.passwordHash, closingDate: events.closingDate })
    .from(judgeAccounts)
    .innerJoin(events, eq(events.id, judgeAccounts.eventId))
    .where(and(sql`lower(${judgeAccounts.login}) = lower(${login})`, isNull(judgeAccounts.revokedAt)));
  const passwordOk = await verifyPassword(account?.passwordHash ?? (await timingDecoy), password);
  if (!account || !passwordOk) throw new DomainError('BAD_CREDENTIALS');
  return { subject: { kind: 'JUDGE_ACCOUNT', judgeAccountId: account.id }, eventId: account.eventId, eventEndsAt: eventEndsAt(account.closingDate) };
}

/**
 * POST /api/token/create. The login box takes an e-mail or an event's judge login; judge logins
 * cannot contain '@' (a database check), so the two never collide.
 */
export async function createToken(
  app: FastifyInstance,
  credentials: { email: string; password: string },
  client: { userAgent: string | null; ip: string | null },
): Promise<IssuedToken> {
  const isJudgeLogin = !credentials.email.includes('@');
  const { subject, eventId, eventEndsAt: judgeEventEndsAt } = isJudgeLogin
    ? await judgeSubject(app, credentials.email, credentials.password)
    : { subject: await userSubject(app, credentials.email, credentials.password), eventId: null, eventEndsAt: null };
  const sessionId = await createSession(app.db, { subject, ...client, judgeEventEndsAt }, app.clock(), app.config.session);
  return { ...(await app.tokens.sign({ subject, sessionId })), subject, eventId, sessionId };
}

function subjectOf(principal: AuthenticatedPrincipal): TokenSubject {
  return principal.kind === 'USER' ? { kind: 'USER', userId: principal.userId } : { kind: 'JUDGE_ACCOUNT', judgeAccountId: principal.judgeAccountId };
}

/** PUT /api/token/renew: slides the session on and signs a fresh token for it. */
export async function renewToken(app: FastifyInstance, principal: AuthenticatedPrincipal, session: ActiveSession): Promise<IssuedToken> {
  if (!(await extendSession(app.db, session, app.clock(), app.config.session))) throw new DomainError('INVALID_OR_EXPIRED_TOKEN');
  const subject = subjectOf(principal);
  const signed = await app.tokens.sign({ subject, sessionId: principal.sessionId });
  return { ...signed, subject, eventId: principal.kind === 'JUDGE_ACCOUNT' ? principal.eventId : null, sessionId: principal.sessionId };
}

export async function revokeToken(db: Executor, principal: AuthenticatedPrincipal): Promise<void> {
  await revokeSession(db, principal.sessionId, new Date());
}
