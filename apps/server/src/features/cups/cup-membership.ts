import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { events, organizationMemberships, raceRegistrations, racers, races, type Cup } from '../../db/schema/index.ts';

/**
 * Who is ranked in a closed cup (openCup false): the members of the cup's organization on the
 * race's date (issue 9). For a race of the cup's own organization that is the racer's `member`
 * flag, taken from the memberships when the racers moved into qualification; for a race of another
 * organization (a federation cup counting club races) a membership of the cup's organization that
 * is ACTIVE, not blocked and existed on the race's first day. A one-time registration without an
 * account is never a member. Answers the racer ids that count.
 */
export async function closedCupMembers(db: Executor, cup: Pick<Cup, 'organizationId'>, racerIds: readonly number[]): Promise<Set<number>> {
  const counted = new Set<number>();
  if (racerIds.length === 0) return counted;
  const rows = await db
    .select({ racerId: racers.id, member: racers.member, userId: raceRegistrations.userId, organizationId: events.organizationId, raceDate: races.startingDate })
    .from(racers)
    .innerJoin(raceRegistrations, and(eq(raceRegistrations.id, racers.registrationId), eq(raceRegistrations.raceId, racers.raceId)))
    .innerJoin(races, eq(races.id, racers.raceId))
    .innerJoin(events, eq(events.id, races.eventId))
    .where(inArray(racers.id, [...racerIds]));
  const userIds = [...new Set(rows.map((row) => row.userId).filter((id): id is number => id !== null))];
  const memberships =
    userIds.length === 0
      ? []
      : await db
          .select({ userId: organizationMemberships.userId, since: organizationMemberships.createdAt })
          .from(organizationMemberships)
          .where(
            and(
              eq(organizationMemberships.organizationId, cup.organizationId),
              eq(organizationMemberships.state, 'ACTIVE'),
              eq(organizationMemberships.blocked, false),
              inArray(organizationMemberships.userId, userIds),
            ),
          );
  const memberSince = new Map(memberships.map((row) => [row.userId, row.since.toISOString().slice(0, 10)]));
  for (const row of rows) {
    if (row.userId === null) continue;
    const since = memberSince.get(row.userId);
    const ownRace = row.organizationId === cup.organizationId;
    if (ownRace ? row.member : since !== undefined && since <= row.raceDate) counted.add(row.racerId);
  }
  return counted;
}
