import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { organizationMemberships, users } from '../../db/schema/index.ts';
import type { Actor, MembershipRights } from './policy.ts';

/**
 * The actor behind a user session, as the policy needs it: only ACTIVE, unblocked memberships
 * give rights, so a blocked admin or a pending applicant has none in that organization.
 */
export async function loadUserActor(db: Executor, userId: number): Promise<Actor> {
  const [user] = await db.select({ superAdmin: users.superAdmin }).from(users).where(eq(users.id, userId));
  const rows = await db
    .select({
      organizationId: organizationMemberships.organizationId,
      orgAdmin: organizationMemberships.orgAdmin,
      judge: organizationMemberships.judge,
      coach: organizationMemberships.coach,
    })
    .from(organizationMemberships)
    .where(and(eq(organizationMemberships.userId, userId), eq(organizationMemberships.state, 'ACTIVE'), eq(organizationMemberships.blocked, false)));
  const memberships = new Map<number, MembershipRights>();
  for (const { organizationId, ...rights } of rows) memberships.set(organizationId, rights);
  return { kind: 'USER', userId, superAdmin: user?.superAdmin ?? false, memberships };
}
