import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { DomainError } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { invitations, organizationMemberships, type Invitation } from '../../db/schema/index.ts';
import { randomToken, sha256Hex } from '../../lib/secure-token.ts';
import { hashPassword } from '../auth/password-hashing.ts';
import { queueMail } from '../mail/mail-service.ts';
import { INVITATION_MAIL } from '../mail/mail-templates.ts';
import { admitUser } from '../members/member-service.ts';
import { findOrganization } from '../organizations/organization-presenter.ts';
import { findUserByEmail } from '../users/user-repository.ts';
import { insertUserAccount } from '../users/user-service.ts';
import type { AcceptInvitationInput } from './invitation-schemas.ts';

export const INVITATION_VALID_DAYS = 7;

export const presentInvitation = (invitation: Invitation) => ({
  id: invitation.id,
  email: invitation.email,
  organizationId: invitation.organizationId,
  userId: invitation.invitedUserId,
  language: invitation.language,
  expiresAt: invitation.expiresAt.toISOString(),
  acceptedAt: invitation.acceptedAt?.toISOString() ?? null,
  createdAt: invitation.createdAt.toISOString(),
});

/**
 * Invites an e-mail: a single-use token (only its SHA-256 is stored) valid for 7 days, mailed in the
 * invitation's language with the acceptance link; the row and its e-mail are one transaction.
 */
export async function inviteMember(app: FastifyInstance, organizationId: number, createdById: number, input: { email: string; language: 'SK' | 'EN' }): Promise<Invitation> {
  const organization = await findOrganization(app.db, organizationId);
  const existingUser = await findUserByEmail(app.db, input.email);
  if (existingUser?.deleted) throw new DomainError('ACCOUNT_DELETED');
  if (existingUser) {
    const [membership] = await app.db
      .select({ state: organizationMemberships.state })
      .from(organizationMemberships)
      .where(and(eq(organizationMemberships.organizationId, organizationId), eq(organizationMemberships.userId, existingUser.id)));
    if (membership?.state === 'ACTIVE') throw new DomainError('MEMBER_ALREADY_EXISTS');
  }
  app.abuseLimits.mail(['invitation-organization', organizationId], ['invitation-sender', createdById]);
  const token = randomToken();
  const expiresAt = new Date(Date.now() + INVITATION_VALID_DAYS * 24 * 60 * 60 * 1000);
  const { invitation, mailId } = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(invitations)
      .values({ email: input.email, organizationId, invitedUserId: existingUser?.id ?? null, language: input.language, tokenHash: sha256Hex(token), expiresAt, createdById })
      .returning();
    if (!row) throw new DomainError('CONFLICT');
    const link = `${app.config.publicUrl}/invitation/accept?token=${encodeURIComponent(token)}`;
    const content = INVITATION_MAIL[input.language]({ organizationName: organization.name, link, expiresAt });
    return { invitation: row, mailId: await queueMail(tx, { kind: 'INVITATION', to: input.email, language: input.language, ...content }) };
  });
  await app.mail.deliver([mailId]);
  return invitation;
}

/** Invitations not yet accepted, newest first (expired ones too, so the admin sees to resend them). */
export const listOpenInvitations = (db: Executor, organizationId: number): Promise<Invitation[]> =>
  db.select().from(invitations).where(and(eq(invitations.organizationId, organizationId), isNull(invitations.acceptedAt))).orderBy(desc(invitations.createdAt), desc(invitations.id));

export async function cancelInvitation(db: Executor, organizationId: number, invitationId: number): Promise<void> {
  const [row] = await db
    .delete(invitations)
    .where(and(eq(invitations.id, invitationId), eq(invitations.organizationId, organizationId), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  if (!row) throw new DomainError('INVITATION_NOT_FOUND');
}

/** A token that is unknown, used or expired is INVITATION_TOKEN_INVALID, the catalogue's one answer for all three. */
async function findOpenInvitation(db: Executor, token: string): Promise<Invitation> {
  const [invitation] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.tokenHash, sha256Hex(token)), isNull(invitations.acceptedAt), gt(invitations.expiresAt, new Date())));
  if (!invitation) throw new DomainError('INVITATION_TOKEN_INVALID');
  return invitation;
}

export async function invitationInfo(db: Executor, token: string) {
  const invitation = await findOpenInvitation(db, token);
  const organization = await findOrganization(db, invitation.organizationId);
  const user = await findUserByEmail(db, invitation.email);
  return {
    email: invitation.email,
    organizationId: organization.id,
    organizationName: organization.name,
    userId: user?.id ?? null,
    userExists: user !== null,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * POST /api/invitation/accept. The token proves the invitee owns the e-mail, so an existing account
 * simply joins; otherwise the member account is created from the given details. Marking the
 * invitation accepted is a conditional update: of two racing requests only one succeeds.
 */
export async function acceptInvitation(app: FastifyInstance, input: AcceptInvitationInput): Promise<{ organizationId: number; userId: number; accountCreated: boolean }> {
  const invitation = await findOpenInvitation(app.db, input.token);
  if (invitation.organizationId !== input.organizationId) throw new DomainError('INVITATION_TOKEN_INVALID');
  const organization = await findOrganization(app.db, invitation.organizationId);
  if (!organization.active) throw new DomainError('ORGANIZATION_INACTIVE');
  const existing = await findUserByEmail(app.db, invitation.email);
  if (existing?.deleted) throw new DomainError('ACCOUNT_DELETED');
  if (existing && input.userId && input.userId !== existing.id) throw new DomainError('INVITATION_TOKEN_INVALID');
  let passwordHash: string | null = null;
  if (!existing) {
    const missing = (['name', 'surname', 'password'] as const).filter((field) => !input[field]);
    if (missing.length > 0) throw new DomainError('VALIDATION_FAILED', { fields: Object.fromEntries(missing.map((field) => [`body.${field}`, 'validation.required'])) });
    passwordHash = await hashPassword(input.password ?? '');
  }
  return app.db.transaction(async (tx) => {
    const [accepted] = await tx
      .update(invitations)
      .set({ acceptedAt: new Date() })
      .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)))
      .returning({ id: invitations.id });
    if (!accepted) throw new DomainError('INVITATION_TOKEN_INVALID');
    const user =
      existing ??
      (await insertUserAccount(
        tx,
        { ...input, email: invitation.email, name: input.name ?? '', surname: input.surname ?? '', language: input.language ?? invitation.language },
        { passwordHash, organizationId: organization.id },
      ));
    const membership = await tx
      .select({ state: organizationMemberships.state })
      .from(organizationMemberships)
      .where(and(eq(organizationMemberships.organizationId, organization.id), eq(organizationMemberships.userId, user.id)));
    // Accepting twice-invited membership is harmless: an active member stays as they are.
    if (membership[0]?.state !== 'ACTIVE') await admitUser(tx, organization.id, user.id);
    return { organizationId: organization.id, userId: user.id, accountCreated: !existing };
  });
}
