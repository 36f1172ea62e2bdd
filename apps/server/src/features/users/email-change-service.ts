import type { FastifyInstance } from 'fastify';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { DomainError } from '@climbing/domain';
import { emailChanges, passwordResets, users, type User } from '../../db/schema/index.ts';
import { sqlStateOf } from '../../lib/postgres-errors.ts';
import { randomToken, sha256Hex } from '../../lib/secure-token.ts';
import { queueMail } from '../mail/mail-service.ts';
import { EMAIL_CHANGE_CONFIRM_MAIL, EMAIL_CHANGE_NOTICE_MAIL } from '../mail/mail-templates.ts';
import { assertCurrentPassword } from './current-password.ts';
import { assertEmailFree } from './user-repository.ts';

export const EMAIL_CHANGE_VALID_HOURS = 24;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether PUT /api/user asks for another mailbox (a change of letter case only is not one). */
export const isEmailChange = (user: User, email: string | undefined): email is string => email !== undefined && !sameAddress(user.email, email);

/**
 * PUT /api/user with another e-mail (issue 11, item 13): the current password is required; the
 * address must be free; the account keeps its e-mail until the link sent to the new address is
 * opened, and the old address is told at once, so a stolen session cannot quietly move the account
 * (and its password resets) to an attacker's mailbox. Limited per account (MAIL_LIMITS).
 */
export async function requestEmailChange(app: FastifyInstance, user: User, newEmail: string, currentPassword: string | undefined): Promise<void> {
  await assertCurrentPassword(app, user, currentPassword);
  await assertEmailFree(app.db, newEmail, user.id);
  app.abuseLimits.mail(['email-change', user.id]);
  const token = randomToken();
  const expiresAt = new Date(Date.now() + EMAIL_CHANGE_VALID_HOURS * 60 * 60_000);
  const link = `${app.config.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
  const to = newEmail.trim();
  const mailIds = await app.db.transaction(async (tx) => {
    await tx.insert(emailChanges).values({ userId: user.id, newEmail: to, tokenHash: sha256Hex(token), expiresAt });
    const data = { name: user.name, newEmail: to, validHours: EMAIL_CHANGE_VALID_HOURS };
    return [
      await queueMail(tx, { kind: 'EMAIL_CHANGE', to, language: user.language, ...EMAIL_CHANGE_CONFIRM_MAIL[user.language]({ ...data, link }) }),
      await queueMail(tx, { kind: 'EMAIL_CHANGE', to: user.email, language: user.language, ...EMAIL_CHANGE_NOTICE_MAIL[user.language](data) }),
    ];
  });
  await app.mail.deliver(mailIds);
}

/**
 * POST /api/user/email-change/confirm: the token is the proof (the link may be opened on another
 * device, logged out). Single use; every other open change of the account dies with it, and so do
 * open password-reset links, which went to the old address. The address must still be free.
 */
export async function confirmEmailChange(app: FastifyInstance, token: string): Promise<{ email: string }> {
  const [change] = await app.db
    .select({ id: emailChanges.id, userId: emailChanges.userId, newEmail: emailChanges.newEmail, active: users.active, deleted: users.deleted })
    .from(emailChanges)
    .innerJoin(users, eq(users.id, emailChanges.userId))
    .where(and(eq(emailChanges.tokenHash, sha256Hex(token)), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, new Date())));
  if (!change || change.deleted || !change.active) throw new DomainError('EMAIL_CHANGE_TOKEN_INVALID');
  try {
    await app.db.transaction(async (tx) => {
      await assertEmailFree(tx, change.newEmail, change.userId);
      const now = new Date();
      const [used] = await tx
        .update(emailChanges)
        .set({ usedAt: now })
        .where(and(eq(emailChanges.id, change.id), isNull(emailChanges.usedAt)))
        .returning({ id: emailChanges.id });
      if (!used) throw new DomainError('EMAIL_CHANGE_TOKEN_INVALID');
      await tx.update(emailChanges).set({ usedAt: now }).where(and(eq(emailChanges.userId, change.userId), isNull(emailChanges.usedAt)));
      await tx.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, change.userId), isNull(passwordResets.usedAt)));
      await tx.update(users).set({ email: change.newEmail }).where(eq(users.id, change.userId));
    });
  } catch (error) {
    // Someone registered the address between the check and the update.
    if (sqlStateOf(error) === '23505') throw new DomainError('EMAIL_ALREADY_IN_USE');
    throw error;
  }
  return { email: change.newEmail };
}
