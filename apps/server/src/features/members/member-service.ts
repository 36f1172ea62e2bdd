import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { DomainError } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { organizationMemberships, organizations, users, type OrganizationMembership } from '../../db/schema/index.ts';
import { revokeUserSessions } from '../auth/session-repository.ts';
import { findUserById } from '../users/user-presenter.ts';
import { assertEmailFree, toListItem } from '../users/user-repository.ts';
import { insertUserAccount, setUserActive } from '../users/user-service.ts';
import { assertKeepsAnAdmin, findMembership, presentMember, requireMembership } from './member-repository.ts';
import type { MemberCreateInput, MemberRolesInput, MemberView } from './member-schemas.ts';

async function memberView(db: Executor, membership: OrganizationMembership): Promise<MemberView> {
  const user = await findUserById(db, membership.userId);
  if (!user) throw new DomainError('USER_NOT_FOUND');
  return presentMember(membership, toListItem(user));
}

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

/** Member create: add an existing account by id, or create a new account without a password. */
export async function createMember(app: FastifyInstance, organizationId: number, input: MemberCreateInput): Promise<MemberView> {
  const roles = { orgAdmin: input.orgAdmin, judge: input.judge, coach: input.coach };
  if (input.userId !== undefined) {
    const user = await findUserById(app.db, input.userId);
    if (!user || user.deleted) throw new DomainError('USER_NOT_FOUND');
    return app.db.transaction(async (tx) => memberView(tx, await admitUser(tx, organizationId, user.id, roles)));
  }
  const { email, name, surname } = input;
  if (!email || !name || !surname) throw new DomainError('VALIDATION_FAILED');
  await assertEmailFree(app.db, email);
  return app.db.transaction(async (tx) => {
    const user = await insertUserAccount(tx, { ...input, email, name, surname }, { passwordHash: null, organizationId });
    return memberView(tx, await admitUser(tx, organizationId, user.id, roles));
  });
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

/** A blocked member keeps the row but loses the organization's rights; their sessions end at once. */
export async function setMemberBlocked(app: FastifyInstance, organizationId: number, userId: number, blocked: boolean): Promise<MemberView> {
  return app.db.transaction(async (tx) => {
    const membership = await requireMembership(tx, organizationId, userId);
    await assertKeepsAnAdmin(tx, membership, { ...membership, blocked });
    const [updated] = await tx.update(organizationMemberships).set({ blocked }).where(eq(organizationMemberships.id, membership.id)).returning();
    if (!updated) throw new DomainError('MEMBER_NOT_FOUND');
    if (blocked) await revokeUserSessions(tx, userId, new Date());
    return memberView(tx, updated);
  });
}

/** An admin accepts a pending application. */
export async function acceptApplication(app: FastifyInstance, organizationId: number, userId: number): Promise<MemberView> {
  return app.db.transaction(async (tx) => {
    const membership = await requireMembership(tx, organizationId, userId);
    if (membership.state === 'ACTIVE') return memberView(tx, membership);
    return memberView(tx, await admitUser(tx, organizationId, userId));
  });
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

/** POST /api/organization/{id}/apply: a pending membership the organization's admins accept. */
export async function applyForMembership(app: FastifyInstance, organizationId: number, userId: number): Promise<MemberView> {
  const [organization] = await app.db.select({ active: organizations.active }).from(organizations).where(eq(organizations.id, organizationId));
  if (!organization) throw new DomainError('ORGANIZATION_NOT_FOUND');
  if (!organization.active) throw new DomainError('ORGANIZATION_INACTIVE');
  if (await findMembership(app.db, organizationId, userId)) throw new DomainError('MEMBER_ALREADY_EXISTS');
  const [membership] = await app.db.insert(organizationMemberships).values({ userId, organizationId, state: 'APPLIED' }).returning();
  if (!membership) throw new DomainError('CONFLICT');
  return memberView(app.db, membership);
}

/** An admin (de)activates the account of one of their active members; deactivation logs the member out. */
export async function setMemberAccountActive(app: FastifyInstance, organizationId: number, userId: number, active: boolean): Promise<void> {
  const membership = await requireMembership(app.db, organizationId, userId);
  if (membership.state !== 'ACTIVE') throw new DomainError('MEMBER_NOT_FOUND');
  if (!active) await assertKeepsAnAdmin(app.db, membership, null);
  await setUserActive(app, userId, active);
}
