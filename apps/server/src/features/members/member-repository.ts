import { and, asc, eq, ne } from 'drizzle-orm';
import { DomainError } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { addresses, organizationMemberships, users, type OrganizationMembership, type User } from '../../db/schema/index.ts';
import { toSharedProfile } from '../users/user-repository.ts';
import type { MemberView } from './member-schemas.ts';

const memberRows = (db: Executor) =>
  db
    .select({ membership: organizationMemberships, user: users, country: addresses.country })
    .from(organizationMemberships)
    .innerJoin(users, eq(users.id, organizationMemberships.userId))
    .leftJoin(addresses, eq(addresses.id, users.addressId));

export async function listMembers(db: Executor, organizationId: number): Promise<MemberView[]> {
  const rows = await memberRows(db)
    .where(and(eq(organizationMemberships.organizationId, organizationId), eq(users.deleted, false)))
    .orderBy(asc(users.surname), asc(users.name), asc(users.id));
  return rows.map(({ membership, user, country }) => presentMember(membership, user, country));
}

/** One membership as the organization's admins see it. */
export async function findMemberView(db: Executor, membershipId: number): Promise<MemberView> {
  const [row] = await memberRows(db).where(eq(organizationMemberships.id, membershipId));
  if (!row) throw new DomainError('MEMBER_NOT_FOUND');
  return presentMember(row.membership, row.user, row.country);
}

/** An open invitation shows the name the admin searched for; members and applicants their shared profile. */
export const presentMember = (membership: OrganizationMembership, user: User, country: string | null): MemberView => ({
  id: membership.id,
  userId: membership.userId,
  organizationId: membership.organizationId,
  user: toSharedProfile(user, country, membership.state === 'INVITED' ? 'names' : 'shared', membership.contactShared),
  state: membership.state,
  orgAdmin: membership.orgAdmin,
  judge: membership.judge,
  coach: membership.coach,
  blocked: membership.blocked,
  passwordPending: membership.state !== 'INVITED' && user.passwordHash === null,
});

export async function findMembership(db: Executor, organizationId: number, userId: number): Promise<OrganizationMembership | null> {
  const [row] = await db
    .select()
    .from(organizationMemberships)
    .where(and(eq(organizationMemberships.organizationId, organizationId), eq(organizationMemberships.userId, userId)));
  return row ?? null;
}

export async function requireMembership(db: Executor, organizationId: number, userId: number): Promise<OrganizationMembership> {
  const membership = await findMembership(db, organizationId, userId);
  if (!membership) throw new DomainError('MEMBER_NOT_FOUND');
  return membership;
}

const isEffectiveAdmin = (membership: Pick<OrganizationMembership, 'orgAdmin' | 'state' | 'blocked'>) =>
  membership.orgAdmin && membership.state === 'ACTIVE' && !membership.blocked;

/**
 * An organization never loses its last working admin: demoting, blocking, removing or the leaving
 * of that admin is refused, because nobody else could manage the organization afterwards.
 */
export async function assertKeepsAnAdmin(
  db: Executor,
  membership: OrganizationMembership,
  after: Pick<OrganizationMembership, 'orgAdmin' | 'state' | 'blocked'> | null,
): Promise<void> {
  if (!isEffectiveAdmin(membership) || (after && isEffectiveAdmin(after))) return;
  const others = await db
    .select({ id: organizationMemberships.id })
    .from(organizationMemberships)
    .innerJoin(users, eq(users.id, organizationMemberships.userId))
    .where(
      and(
        eq(organizationMemberships.organizationId, membership.organizationId),
        ne(organizationMemberships.id, membership.id),
        eq(organizationMemberships.orgAdmin, true),
        eq(organizationMemberships.state, 'ACTIVE'),
        eq(organizationMemberships.blocked, false),
        eq(users.active, true),
        eq(users.deleted, false),
      ),
    )
    .limit(1);
  if (others.length === 0) throw new DomainError('LAST_ORGANIZATION_ADMIN');
}
