import type { FastifyInstance } from 'fastify';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { DomainError, type LanguageCode } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { passwordResets, users } from '../../db/schema/index.ts';
import { randomToken, sha256Hex } from '../../lib/secure-token.ts';
import { hashPassword } from '../auth/password-hashing.ts';
import { revokeUserSessions } from '../auth/session-repository.ts';
import { queueMail } from '../mail/mail-service.ts';
import { PASSWORD_RESET_MAIL, SET_PASSWORD_MAIL } from '../mail/mail-templates.ts';
import { findUserByEmail } from './user-repository.ts';

export const PASSWORD_RESET_VALID_MINUTES = 60;
/** A member account created by an admin: its owner may not read the e-mail the same day. */
export const SET_PASSWORD_VALID_DAYS = 7;

/** A new single-use link token for the account; only its hash is stored. */
async function insertPasswordLink(tx: Executor, userId: number, expiresAt: Date): Promise<string> {
  const token = randomToken();
  await tx.insert(passwordResets).values({ userId, tokenHash: sha256Hex(token), expiresAt });
  return token;
}

/**
 * Queues the "set your password" e-mail for an account an organization's admin created, inside the
 * caller's transaction; the caller delivers the returned outbox id after the commit. The link is
 * the reset mechanism's (single use, every open link dies with the first use) with its own page and
 * a longer life. Earlier set-password links of the account stay valid until they expire or one is used.
 */
export async function queueSetPasswordMail(
  app: FastifyInstance,
  tx: Executor,
  user: { id: number; name: string; email: string; language: LanguageCode },
  organizationName: string,
): Promise<number> {
  const expiresAt = new Date(Date.now() + SET_PASSWORD_VALID_DAYS * 24 * 60 * 60_000);
  const token = await insertPasswordLink(tx, user.id, expiresAt);
  const link = `${app.config.publicUrl}/set-password?token=${encodeURIComponent(token)}`;
  const content = SET_PASSWORD_MAIL[user.language]({ name: user.name, organizationName, email: user.email, link, expiresAt });
  return queueMail(tx, { kind: 'SET_PASSWORD', to: user.email, language: user.language, ...content });
}

/**
 * POST /api/user/forgot-password-reset. Unknown, deleted and deactivated addresses get the
 * catalogue's own answers: registration tells whether an e-mail is taken anyway, so hiding it here
 * would protect nothing, and the per-e-mail rate limit stops anyone from mailing a victim in bulk.
 */
export async function requestPasswordReset(app: FastifyInstance, email: string): Promise<void> {
  const user = await findUserByEmail(app.db, email);
  // The same answer whether or not the address has a (usable) account: the form must not tell
  // strangers who is registered (docs/security.md). Nothing is sent then.
  if (!user || user.deleted || !user.active) return;
  const expiresAt = new Date(Date.now() + PASSWORD_RESET_VALID_MINUTES * 60_000);
  const mailId = await app.db.transaction(async (tx) => {
    const token = await insertPasswordLink(tx, user.id, expiresAt);
    const link = `${app.config.publicUrl}/password-reset?token=${encodeURIComponent(token)}`;
    const content = PASSWORD_RESET_MAIL[user.language]({ name: user.name, link, validMinutes: PASSWORD_RESET_VALID_MINUTES });
    return queueMail(tx, { kind: 'PASSWORD_RESET', to: user.email, language: user.language, ...content });
  });
  // Not awaited: waiting for the SMTP hand-over would make a known address answer measurably later.
  app.mail.deliverInBackground([mailId]);
}

async function findOpenReset(db: Executor, token: string) {
  const [row] = await db
    .select({ id: passwordResets.id, userId: users.id, email: users.email, active: users.active, deleted: users.deleted })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.tokenHash, sha256Hex(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())));
  return row && !row.deleted && row.active ? row : null;
}

/** GET /api/user/password-reset: whether the link still works, and for which account (spec: email, userId). */
export async function passwordResetInfo(db: Executor, token: string): Promise<{ valid: boolean; email: string | null; userId: number | null }> {
  const reset = await findOpenReset(db, token);
  return reset ? { valid: true, email: reset.email, userId: reset.userId } : { valid: false, email: null, userId: null };
}

/** POST /api/user/password-reset: single use; every other open link of the user dies with it, and every session ends. */
export async function resetPassword(app: FastifyInstance, token: string, password: string): Promise<void> {
  const reset = await findOpenReset(app.db, token);
  if (!reset) throw new DomainError('PASSWORD_RESET_TOKEN_INVALID');
  const passwordHash = await hashPassword(password);
  await app.db.transaction(async (tx) => {
    const now = new Date();
    // The conditional update is the single-use guarantee when two requests race with one link.
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (!used) throw new DomainError('PASSWORD_RESET_TOKEN_INVALID');
    await tx.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    await tx.update(users).set({ passwordHash }).where(eq(users.id, reset.userId));
    await revokeUserSessions(tx, reset.userId, now);
  });
}
