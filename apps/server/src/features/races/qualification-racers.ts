import { and, eq, max } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { organizationMemberships, racers, rounds, type Race } from '../../db/schema/index.ts';
import { personOf, type RegistrationRecord } from '../registrations/registration-repository.ts';
import { createProblemRows } from '../scoring/round-view.ts';

/**
 * Racer snapshots and READY QUALIFICATION rounds (with empty score rows) for registrations of one
 * group, numbered on from `firstStartingNumber` in the given order. Used when a group moves to
 * qualification (the whole starting list) and when a racer joins a group that already has its
 * starting order (a late entry or a late check-in: the end of the order, issue 10).
 */
export async function createQualificationRacers(tx: Executor, race: Race, organizationId: number, groupId: number, records: readonly RegistrationRecord[], firstStartingNumber = 1): Promise<void> {
  if (records.length === 0) return;
  const memberRows = await tx
    .select({ userId: organizationMemberships.userId })
    .from(organizationMemberships)
    .where(and(eq(organizationMemberships.organizationId, organizationId), eq(organizationMemberships.state, 'ACTIVE'), eq(organizationMemberships.blocked, false)));
  const members = new Set(memberRows.map((row) => row.userId));
  const fallbackSex = race.raceGender === 'WOMEN' ? 'F' : 'M';
  const racerRows = await tx
    .insert(racers)
    .values(
      records.map((record) => {
        const person = personOf(record);
        return {
          raceId: race.id,
          registrationId: record.registration.id,
          racerNumber: record.registration.racerNumber,
          fullName: person.fullName,
          birthYear: person.birthYear,
          // Registration requires a sex for gendered races; a profile edited since then falls back to the race's gender.
          sex: person.sex ?? fallbackSex,
          country: person.country,
          club: person.club,
          member: record.user !== null && members.has(record.user.id),
          qualificationGroupId: groupId,
          ageCategoryId: record.registration.ageCategoryId,
        };
      }),
    )
    .returning({ id: racers.id, registrationId: racers.registrationId });
  const racerIdOf = new Map(racerRows.map((row) => [row.registrationId, row.id]));
  const roundRows = await tx
    .insert(rounds)
    .values(
      records.map((record, index) => ({
        raceId: race.id,
        racerId: racerIdOf.get(record.registration.id) ?? -1,
        stage: 'QUALIFICATION' as const,
        startingNumber: firstStartingNumber + index,
        qualificationGroupId: groupId,
      })),
    )
    .returning({ id: rounds.id });
  await createProblemRows(
    tx,
    race,
    roundRows.map((round) => ({ id: round.id, stage: 'QUALIFICATION' as const })),
  );
}

/** The racer joins a group that already has its starting order: the next starting number, a READY round. */
export async function appendToStartingOrder(tx: Executor, race: Race, organizationId: number, groupId: number, record: RegistrationRecord): Promise<void> {
  const [row] = await tx
    .select({ last: max(rounds.startingNumber) })
    .from(rounds)
    .where(and(eq(rounds.raceId, race.id), eq(rounds.qualificationGroupId, groupId), eq(rounds.stage, 'QUALIFICATION')));
  await createQualificationRacers(tx, race, organizationId, groupId, [record], (row?.last ?? 0) + 1);
}
