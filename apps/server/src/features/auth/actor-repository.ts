import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { organizationMemberships, users } from '../../db/schema/index.ts';
import type { Actor, MembershipRights } from './policy.ts';

/**
 * The actor behind a user session, as the policy needs it: only ACTIVE, unblocked memberships
 * give rights, so a blocked admin or a pending applicant has none in that organization.
 */
export async function loadUserActor(db: Executor, userId: number): Promise<Actor> {
  // One statement: the user and its memberships (every authenticated request pays for it).
  const rows = await db
    .select({
      superAdmin: users.superAdmin,
      organizationId: organizationMemberships.organizationId,
      orgAdmin: organizationMemberships.orgAdmin,
      judge: organizationMemberships.judge,
      coach: organizationMemberships.coach,
    })
    .from(users)
    .leftJoin(
      organizationMemberships,
      and(eq(organizationMemberships.userId, users.id), eq(organizationMemberships.state, 'ACTIVE'), eq(organizationMemberships.blocked, false)),
    )
    .where(eq(users.id, userId));
  const memberships = new Map<number, MembershipRights>();
  for (const { organizationId, orgAdmin, judge, coach } of rows) {
    if (organizationId !== null && orgAdmin !== null && judge !== null && coach !== null) memberships.set(organizationId, { orgAdmin, judge, coach });
  }
  return { kind: 'USER', userId, superAdmin: rows[0]?.superAdmin ?? false, memberships };
}
