import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { DomainError } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { organizationMemberships, organizations, users, type OrganizationMembership } from '../../db/schema/index.ts';
import { revokeUserSessions } from '../auth/session-repository.ts';
import { queueMail } from '../mail/mail-service.ts';
import { MEMBERSHIP_OFFER_MAIL } from '../mail/mail-templates.ts';
import { findOrganization } from '../organizations/organization-presenter.ts';
import { findUserById } from '../users/user-presenter.ts';
import { assertEmailFree } from '../users/user-repository.ts';
import { insertUserAccount } from '../users/user-service.ts';
import { queueSetPasswordMail } from '../users/password-reset-service.ts';
import { assertKeepsAnAdmin, findMemberView, findMembership, requireMembership } from './member-repository.ts';
import type { MemberCreateInput, MemberRolesInput, MemberView } from './member-schemas.ts';

const memberView = (db: Executor, membership: OrganizationMembership): Promise<MemberView> => findMemberView(db, membership.id);

/** A member without a primary organization gets this one, so their profile shows it. */
async function adoptPrimaryOrganization(tx: Executor, userId: number, organizationId: number): Promise<void> {
  const user = await findUserById(tx, userId);
  if (user && user.organizationId === null) await tx.update(users).set({ organizationId }).where(eq(users.id, userId));
}

/** Leaving an organization clears it as the primary one. */
async function dropPrimaryOrganization(tx: Executor, userId: number, organizationId: number): Promise<void> {
  await tx.update(users).set({ organizationId: null }).where(and(eq(users.id, userId), eq(users.organizationId, organizationId)));
}

/** Admits an existing account: a pending application becomes ACTIVE; an active member is MEMBER_ALREADY_EXISTS. */
export async function admitUser(tx: Executor, organizationId: number, userId: number, roles: MemberRolesInput = {}): Promise<OrganizationMembership> {
  const existing = await findMembership(tx, organizationId, userId);
  if (existing?.state === 'ACTIVE') throw new DomainError('MEMBER_ALREADY_EXISTS');
  const values = { state: 'ACTIVE' as const, orgAdmin: roles.orgAdmin ?? false, judge: roles.judge ?? false, coach: roles.coach ?? false };
  const [membership] = existing
    ? await tx.update(organizationMemberships).set(values).where(eq(organizationMemberships.id, existing.id)).returning()
    : await tx.insert(organizationMemberships).values({ userId, organizationId, ...values }).returning();
  if (!membership) throw new DomainError('CONFLICT');
  await adoptPrimaryOrganization(tx, userId, organizationId);
  return membership;
}

/**
 * Adding an existing account needs its owner's consent: it becomes an INVITED membership (with the
 * roles it will have) that the user accepts on their board, told by e-mail. Someone who applied has
 * consented already and is admitted at once. Until accepted it gives no rights and shows the
 * organization only the name.
 */
async function inviteExistingUser(app: FastifyInstance, organizationId: number, senderId: number, userId: number, roles: MemberRolesInput): Promise<MemberView> {
  const user = await findUserById(app.db, userId);
  if (!user || user.deleted) throw new DomainError('USER_NOT_FOUND');
  const organization = await findOrganization(app.db, organizationId);
  const { view, mailId } = await app.db.transaction(async (tx) => {
    const existing = await findMembership(tx, organizationId, user.id);
    if (existing?.state === 'APPLIED') return { view: await memberView(tx, await admitUser(tx, organizationId, user.id, roles)), mailId: null };
    if (existing) throw new DomainError('MEMBER_ALREADY_EXISTS');
    app.abuseLimits.mail(['invitation-organization', organizationId], ['invitation-sender', senderId]);
    const [membership] = await tx
      .insert(organizationMemberships)
      .values({ userId: user.id, organizationId, state: 'INVITED', orgAdmin: roles.orgAdmin ?? false, judge: roles.judge ?? false, coach: roles.coach ?? false })
      .returning();
    if (!membership) throw new DomainError('CONFLICT');
    const content = MEMBERSHIP_OFFER_MAIL[user.language]({ organizationName: organization.name, link: `${app.config.publicUrl}/my-board` });
    return { view: await memberView(tx, membership), mailId: await queueMail(tx, { kind: 'INVITATION', to: user.email, language: user.language, ...content }) };
  });
  if (mailId !== null) await app.mail.deliver([mailId]);
  return view;
}

/**
 * Member create: invite an existing account by id, or create a new account without a password;
 * its owner gets an e-mail with a link to set one (in the account's language).
 */
export async function createMember(app: FastifyInstance, organizationId: number, senderId: number, input: MemberCreateInput): Promise<MemberView> {
  const roles = { orgAdmin: input.orgAdmin, judge: input.judge, coach: input.coach };
  if (input.userId !== undefined) return inviteExistingUser(app, organizationId, senderId, input.userId, roles);
  const { email, name, surname } = input;
  if (!email || !name || !surname) throw new DomainError('VALIDATION_FAILED');
  await assertEmailFree(app.db, email);
  const organization = await findOrganization(app.db, organizationId);
  app.abuseLimits.mail(['invitation-organization', organizationId], ['invitation-sender', senderId]);
  const { view, mailId } = await app.db.transaction(async (tx) => {
    const user = await insertUserAccount(tx, { ...input, email, name, surname }, { passwordHash: null, organizationId });
    const created = await memberView(tx, await admitUser(tx, organizationId, user.id, roles));
    return { view: created, mailId: await queueSetPasswordMail(app, tx, user, organization.name) };
  });
  await app.mail.deliver([mailId]);
  return view;
}

/**
 * "Send password link again" (members page): only for a member of this organization whose account
 * has no password yet, so an admin can neither mail a person who did not come through them nor
 * reset anyone's working password. Limited per member (MAIL_LIMITS) against mail bombing.
 */
export async function resendSetPasswordLink(app: FastifyInstance, organizationId: number, userId: number): Promise<void> {
  const membership = await requireMembership(app.db, organizationId, userId);
  if (membership.state !== 'ACTIVE') throw new DomainError('MEMBER_NOT_FOUND');
  const user = await findUserById(app.db, userId);
  if (!user || user.deleted) throw new DomainError('MEMBER_NOT_FOUND');
  if (user.passwordHash !== null) throw new DomainError('MEMBER_PASSWORD_ALREADY_SET');
  if (!user.active) throw new DomainError('ACCOUNT_DEACTIVATED');
  app.abuseLimits.mail(['set-password-link', `${organizationId}:${userId}`]);
  const organization = await findOrganization(app.db, organizationId);
  const mailId = await app.db.transaction((tx) => queueSetPasswordMail(app, tx, user, organization.name));
  await app.mail.deliver([mailId]);
}

export async function updateMemberRoles(app: FastifyInstance, organizationId: number, userId: number, roles: MemberRolesInput): Promise<MemberView> {
  return app.db.transaction(async (tx) => {
    const membership = await requireMembership(tx, organizationId, userId);
    const next = { orgAdmin: roles.orgAdmin ?? membership.orgAdmin, judge: roles.judge ?? membership.judge, coach: roles.coach ?? membership.coach };
    await assertKeepsAnAdmin(tx, membership, { ...membership, ...next });
    const [updated] = await tx.update(organizationMemberships).set(next).where(eq(organizationMemberships.id, membership.id)).returning();
    if (!updated) throw new DomainError('MEMBER_NOT_FOUND');
    return memberView(tx, updated);
  });
}

/**
 * A blocked member keeps the row but loses the organization's rights; their sessions end at once.
 * Only people who joined or applied can be blocked: an open invitation is withdrawn by removing it.
 */
export async function setMemberBlocked(app: FastifyInstance, organizationId: number, userId: number, blocked: boolean): Promise<MemberView> {
  return app.db.transaction(async (tx) => {
    const membership = await requireMembership(tx, organizationId, userId);
    if (membership.state === 'INVITED') throw new DomainError('MEMBER_NOT_FOUND');
    await assertKeepsAnAdmin(tx, membership, { ...membership, blocked });
    const [updated] = await tx.update(organizationMemberships).set({ blocked }).where(eq(organizationMemberships.id, membership.id)).returning();
    if (!updated) throw new DomainError('MEMBER_NOT_FOUND');
    if (blocked) await revokeUserSessions(tx, userId, new Date());
    return memberView(tx, updated);
  });
}

/** An admin accepts a pending application (never an invitation: that is the invited user's to accept). */
export async function acceptApplication(app: FastifyInstance, organizationId: number, userId: number): Promise<MemberView> {
  return app.db.transaction(async (tx) => {
    const membership = await requireMembership(tx, organizationId, userId);
    if (membership.state === 'ACTIVE') return memberView(tx, membership);
    if (membership.state === 'INVITED') throw new DomainError('MEMBER_NOT_FOUND');
    return memberView(tx, await admitUser(tx, organizationId, userId));
  });
}

/** The invited user accepts an organization's offer: the membership becomes ACTIVE with the offered roles. */
export async function acceptMembershipOffer(app: FastifyInstance, organizationId: number, userId: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const membership = await findMembership(tx, organizationId, userId);
    if (!membership || membership.state !== 'INVITED') throw new DomainError('MEMBER_NOT_FOUND');
    await assertActiveOrganization(tx, organizationId);
    await tx.update(organizationMemberships).set({ state: 'ACTIVE' }).where(eq(organizationMemberships.id, membership.id));
    await adoptPrimaryOrganization(tx, userId, organizationId);
  });
}

/** The member decides whether this organization sees their e-mail and phone number. */
export async function setContactShared(app: FastifyInstance, organizationId: number, userId: number, contactShared: boolean): Promise<void> {
  const [row] = await app.db
    .update(organizationMemberships)
    .set({ contactShared })
    .where(and(eq(organizationMemberships.organizationId, organizationId), eq(organizationMemberships.userId, userId)))
    .returning({ id: organizationMemberships.id });
  if (!row) throw new DomainError('MEMBER_NOT_FOUND');
}

/** Removing a member, or a member leaving: the membership row goes, the account stays. */
export async function removeMember(app: FastifyInstance, organizationId: number, userId: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const membership = await requireMembership(tx, organizationId, userId);
    await assertKeepsAnAdmin(tx, membership, null);
    await tx.delete(organizationMemberships).where(eq(organizationMemberships.id, membership.id));
    await dropPrimaryOrganization(tx, userId, organizationId);
  });
}

async function assertActiveOrganization(db: Executor, organizationId: number): Promise<void> {
  const [organization] = await db.select({ active: organizations.active }).from(organizations).where(eq(organizations.id, organizationId));
  if (!organization) throw new DomainError('ORGANIZATION_NOT_FOUND');
  if (!organization.active) throw new DomainError('ORGANIZATION_INACTIVE');
}

/** POST /api/organization/{id}/apply: a pending membership the organization's admins accept. */
export async function applyForMembership(app: FastifyInstance, organizationId: number, userId: number): Promise<MemberView> {
  await assertActiveOrganization(app.db, organizationId);
  if (await findMembership(app.db, organizationId, userId)) throw new DomainError('MEMBER_ALREADY_EXISTS');
  const [membership] = await app.db.insert(organizationMemberships).values({ userId, organizationId, state: 'APPLIED' }).returning();
  if (!membership) throw new DomainError('CONFLICT');
  return memberView(app.db, membership);
}
