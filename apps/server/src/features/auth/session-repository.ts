import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { preparedOnce } from '../../db/prepared-query.ts';
import { events, judgeAccounts, organizationMemberships, sessions, users } from '../../db/schema/index.ts';
import type { TokenSubject } from './access-token.ts';
import type { MembershipRights } from './policy.ts';
import { eventEndsAt, sessionExpiresAt, type SessionLifetime } from './session-lifetime.ts';

export interface ActiveSession {
  id: string;
  userId: number | null;
  userActive: boolean | null;
  userDeleted: boolean | null;
  judgeAccountId: number | null;
  /** The one event a judge-account session may score. */
  judgeEventId: number | null;
  judgeRevoked: boolean;
  createdAt: Date;
  /** When the judge account's event is over (its sessions last at least that long). */
  judgeEventEndsAt: Date | null;
  /** A user session's rights, read with it (policy's actor): super admin, and the organizations where the membership is active and not blocked. */
  userRights: { superAdmin: boolean; memberships: Map<number, MembershipRights> };
}

export async function createSession(
  db: Executor,
  values: { subject: TokenSubject; userAgent: string | null; ip: string | null; judgeEventEndsAt: Date | null },
  now: Date,
  lifetime: SessionLifetime,
): Promise<string> {
  const owner = values.subject.kind === 'USER' ? { userId: values.subject.userId } : { judgeAccountId: values.subject.judgeAccountId };
  const [row] = await db
    .insert(sessions)
    .values({
      ...owner,
      userAgent: values.userAgent?.slice(0, 500) ?? null,
      ipAddress: values.ip,
      lastRenewedAt: now,
      createdAt: now,
      expiresAt: sessionExpiresAt({ createdAt: now, now, lifetime, judgeEventEndsAt: values.judgeEventEndsAt }),
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned no row');
  return row.id;
}

const activeSession = preparedOnce((db) =>
  db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      userActive: users.active,
      userDeleted: users.deleted,
      superAdmin: users.superAdmin,
      judgeAccountId: sessions.judgeAccountId,
      judgeEventId: judgeAccounts.eventId,
      judgeRevokedAt: judgeAccounts.revokedAt,
      createdAt: sessions.createdAt,
      judgeEventClosingDate: events.closingDate,
      organizationId: organizationMemberships.organizationId,
      orgAdmin: organizationMemberships.orgAdmin,
      judge: organizationMemberships.judge,
      coach: organizationMemberships.coach,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(judgeAccounts, eq(judgeAccounts.id, sessions.judgeAccountId))
    .leftJoin(events, eq(events.id, judgeAccounts.eventId))
    .leftJoin(
      organizationMemberships,
      and(eq(organizationMemberships.userId, sessions.userId), eq(organizationMemberships.state, 'ACTIVE'), eq(organizationMemberships.blocked, false)),
    )
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare('active_session'),
);

/**
 * The session if it is alive, with what authenticating needs of its owner, in one statement (every
 * authenticated request pays for it, so it is built once: preparedOnce): the user's state and
 * rights (one row per active, unblocked membership), or the judge account's event and revocation.
 */
export async function findActiveSession(db: Executor, sessionId: string, now: Date): Promise<ActiveSession | null> {
  const rows = await activeSession(db).execute({ sessionId, now: now.toISOString() });
  const [row] = rows;
  if (!row) return null;
  const memberships = new Map<number, MembershipRights>();
  for (const { organizationId, orgAdmin, judge, coach } of rows) {
    if (organizationId !== null && orgAdmin !== null && judge !== null && coach !== null) memberships.set(organizationId, { orgAdmin, judge, coach });
  }
  return {
    id: row.id,
    userId: row.userId,
    userActive: row.userActive,
    userDeleted: row.userDeleted,
    judgeAccountId: row.judgeAccountId,
    judgeEventId: row.judgeEventId,
    judgeRevoked: row.judgeRevokedAt !== null,
    createdAt: row.createdAt,
    judgeEventEndsAt: row.judgeEventClosingDate === null ? null : eventEndsAt(row.judgeEventClosingDate),
    userRights: { superAdmin: row.superAdmin ?? false, memberships },
  };
}

/**
 * Sliding expiry: a renewal moves the end of an alive session on (idle time from now, within the
 * maximum since the login; a judge login at least to the end of its event, which may have moved).
 * The revoked and expiry conditions are repeated so a session revoked meanwhile stays revoked.
 */
export async function extendSession(db: Executor, session: ActiveSession, now: Date, lifetime: SessionLifetime): Promise<boolean> {
  const expiresAt = sessionExpiresAt({ createdAt: session.createdAt, now, lifetime, judgeEventEndsAt: session.judgeEventEndsAt });
  const updated = await db
    .update(sessions)
    .set({ lastRenewedAt: now, expiresAt })
    .where(and(eq(sessions.id, session.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .returning({ id: sessions.id });
  return updated.length > 0;
}

export async function revokeSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/** Deactivating, blocking or deleting a user ends every open session at once. */
export async function revokeUserSessions(db: Executor, userId: number, now: Date, options: { exceptSessionId?: string } = {}): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  // Changing one's own password keeps the session that did it and ends the others.
  if (options.exceptSessionId) conditions.push(ne(sessions.id, options.exceptSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...conditions));
}

/** Revoking a judge account logs its judges out at once. */
export async function revokeJudgeAccountSessions(db: Executor, judgeAccountId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.judgeAccountId, judgeAccountId), isNull(sessions.revokedAt)));
}
