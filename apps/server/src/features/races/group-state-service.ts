import type { FastifyInstance } from 'fastify';
import { and, eq, gt, inArray, isNotNull, or } from 'drizzle-orm';
import {
  DomainError,
  allowedGroupActions,
  canEditRoster,
  groupTransition,
  type GroupAction,
  type QualificationGroupState,
} from '@climbing/domain';
import { createProblemRows } from '../scoring/round-view.ts';
import type { Executor } from '../../db/database.ts';
import {
  boulderScores,
  leadRoutes,
  organizationMemberships,
  qualificationGroups,
  raceRegistrations,
  racers,
  races,
  rounds,
  speedRoutes,
  type QualificationGroup,
  type Race,
} from '../../db/schema/index.ts';
import { findRaceWithEvent } from '../events/event-access.ts';
import { registrationsOfRace } from '../registrations/registration-repository.ts';
import { orderGroup } from './starting-list-service.ts';

export async function findGroup(db: Executor, groupId: number): Promise<QualificationGroup> {
  const [group] = await db.select().from(qualificationGroups).where(eq(qualificationGroups.id, groupId));
  if (!group) throw new DomainError('QUALIFICATION_GROUP_NOT_FOUND');
  return group;
}

/** Results of a group: any entered attempt, hold, time, fall or false start on its rounds (empty score rows are not results). */
export async function groupHasResults(db: Executor, groupId: number): Promise<boolean> {
  const groupRounds = db.select({ id: rounds.id }).from(rounds).where(eq(rounds.qualificationGroupId, groupId));
  const [boulder] = await db
    .select({ id: boulderScores.id })
    .from(boulderScores)
    .where(and(inArray(boulderScores.roundId, groupRounds), or(isNotNull(boulderScores.topAttempts), isNotNull(boulderScores.zoneAttempts), gt(boulderScores.currentAttempt, 0))))
    .limit(1);
  const [lead] = await db
    .select({ id: leadRoutes.id })
    .from(leadRoutes)
    .where(and(inArray(leadRoutes.roundId, groupRounds), or(isNotNull(leadRoutes.hold), eq(leadRoutes.top, true), isNotNull(leadRoutes.timeMs))))
    .limit(1);
  const [speed] = await db
    .select({ id: speedRoutes.id })
    .from(speedRoutes)
    .where(and(inArray(speedRoutes.roundId, groupRounds), or(isNotNull(speedRoutes.timeMs), eq(speedRoutes.fall, true), eq(speedRoutes.falseStart, true))))
    .limit(1);
  return Boolean(boulder ?? lead ?? speed);
}

/**
 * The actions that lead from one group state to another. A target one action away is that action;
 * OPEN_REGISTRATION straight to QUALIFICATION is "move to qualification, then start" (the one
 * button of the management screen). Anything else is INVALID_RACE_STATE_UPDATE.
 */
function actionsTowards(from: QualificationGroupState, to: QualificationGroupState): GroupAction[] {
  const direct = allowedGroupActions(from).find((action) => groupTransition(from, action) === to);
  if (direct) return [direct];
  if (from === 'OPEN_REGISTRATION' && to === 'QUALIFICATION') return ['MOVE_TO_QUALIFICATION', 'START'];
  throw new DomainError('INVALID_RACE_STATE_UPDATE', { details: { from, to } });
}

/** The racer snapshots and QUALIFICATION rounds (with empty score rows) of the group's PRESENT registrations, in starting-list order. */
async function moveToQualification(tx: Executor, race: Race, organizationId: number, group: QualificationGroup): Promise<void> {
  if (!canEditRoster(race.state)) throw new DomainError('INVALID_RACE_STATE_UPDATE', { details: { raceState: race.state } });
  const records = await registrationsOfRace(tx, race.id, eq(raceRegistrations.qualificationGroupId, group.id));
  const ordered = orderGroup(race, group.id, records);
  if (ordered.length === 0) return;
  const memberRows = await tx
    .select({ userId: organizationMemberships.userId })
    .from(organizationMemberships)
    .where(and(eq(organizationMemberships.organizationId, organizationId), eq(organizationMemberships.state, 'ACTIVE'), eq(organizationMemberships.blocked, false)));
  const members = new Set(memberRows.map((row) => row.userId));
  const fallbackSex = race.raceGender === 'WOMEN' ? 'F' : 'M';
  const racerRows = await tx
    .insert(racers)
    .values(
      ordered.map(({ record, person }) => ({
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
        qualificationGroupId: group.id,
        ageCategoryId: record.registration.ageCategoryId,
      })),
    )
    .returning({ id: racers.id, registrationId: racers.registrationId });
  const racerIdOf = new Map(racerRows.map((row) => [row.registrationId, row.id]));
  const roundRows = await tx
    .insert(rounds)
    .values(
      ordered.map(({ record }, index) => ({
        raceId: race.id,
        racerId: racerIdOf.get(record.registration.id) ?? -1,
        stage: 'QUALIFICATION' as const,
        startingNumber: index + 1,
        qualificationGroupId: group.id,
      })),
    )
    .returning({ id: rounds.id });
  await createProblemRows(
    tx,
    race,
    roundRows.map((round) => ({ id: round.id, stage: 'QUALIFICATION' as const })),
  );
}

/** Reopening registration of a group takes its racers and their empty rounds away again. */
async function removeGroupRacers(tx: Executor, groupId: number): Promise<void> {
  const groupRacers = tx.select({ id: racers.id }).from(racers).where(eq(racers.qualificationGroupId, groupId));
  await tx.delete(rounds).where(inArray(rounds.racerId, groupRacers));
  await tx.delete(racers).where(eq(racers.qualificationGroupId, groupId));
}

/**
 * PUT /api/qualification-group/{id}/state. Moving to qualification (READY_FOR_QUALIFICATION)
 * creates the racers and their rounds; reopening registration (OPEN_REGISTRATION) removes them
 * and is refused while results exist (GROUP_HAS_RESULTS).
 */
export async function changeGroupState(app: FastifyInstance, groupId: number, target: QualificationGroupState): Promise<void> {
  await app.db.transaction(async (tx) => {
    const group = await findGroup(tx, groupId);
    if (group.state === target) return;
    const { race, event } = await findRaceWithEvent(tx, group.raceId);
    // Serialises state changes and registrations of one race.
    await tx.select({ id: races.id }).from(races).where(eq(races.id, race.id)).for('update');
    let state = group.state;
    for (const action of actionsTowards(group.state, target)) {
      const hasResults = action === 'REOPEN' ? await groupHasResults(tx, group.id) : false;
      const next = groupTransition(state, action, { hasResults });
      if (action === 'MOVE_TO_QUALIFICATION') await moveToQualification(tx, race, event.organizationId, group);
      if (next === 'OPEN_REGISTRATION') await removeGroupRacers(tx, group.id);
      state = next;
    }
    await tx.update(qualificationGroups).set({ state }).where(eq(qualificationGroups.id, group.id));
  });
}

