import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import {
  DomainError,
  allowedGroupActions,
  canEditRoster,
  groupActionsInRace,
  groupTransition,
  isStageClosed,
  type GroupAction,
  type QualificationGroupState,
  type RaceState,
} from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { qualificationGroups, raceRegistrations, racers, races, rounds, type QualificationGroup, type Race } from '../../db/schema/index.ts';
import { findRaceWithEvent } from '../events/event-access.ts';
import { registrationsOfRace } from '../registrations/registration-repository.ts';
import { checkInStarted, orderGroup } from './starting-list-service.ts';
import { createQualificationRacers } from './qualification-racers.ts';
import { roundsHaveResults } from './racer-results.ts';

export async function findGroup(db: Executor, groupId: number): Promise<QualificationGroup> {
  const [group] = await db.select().from(qualificationGroups).where(eq(qualificationGroups.id, groupId));
  if (!group) throw new DomainError('QUALIFICATION_GROUP_NOT_FOUND');
  return group;
}

/** Results of a group: any entered attempt, hold, time, fall or false start on its rounds (empty score rows are not results). */
export const groupHasResults = (db: Executor, groupId: number): Promise<boolean> =>
  roundsHaveResults(db, db.select({ id: rounds.id }).from(rounds).where(eq(rounds.qualificationGroupId, groupId)));

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

/**
 * The actions of a group step the race allows now (`actionsTowards`); groups change only while the
 * roster may, after that they follow the race (issue 10). Used by the step and by its preview.
 */
export function groupStepActions(from: QualificationGroupState, to: QualificationGroupState, raceState: RaceState): GroupAction[] {
  const actions = actionsTowards(from, to);
  let state = from;
  for (const action of actions) {
    if (!groupActionsInRace(state, raceState).includes(action)) throw new DomainError('INVALID_RACE_STATE_UPDATE', { details: { groupState: state, raceState, action } });
    state = groupTransition(state, action, { hasResults: false });
  }
  return actions;
}

/** The racer snapshots and QUALIFICATION rounds (with empty score rows) of the group's climbing registrations (`climbsInQualification`), in starting-list order. */
async function moveToQualification(tx: Executor, race: Race, organizationId: number, group: QualificationGroup): Promise<void> {
  if (!canEditRoster(race.state)) throw new DomainError('INVALID_RACE_STATE_UPDATE', { details: { raceState: race.state } });
  const records = await registrationsOfRace(tx, race.id, eq(raceRegistrations.qualificationGroupId, group.id));
  const ordered = orderGroup(race, group.id, records, await checkInStarted(tx, race.id));
  await createQualificationRacers(
    tx,
    race,
    organizationId,
    group.id,
    ordered.map(({ record }) => record),
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
    for (const action of groupStepActions(group.state, target, race.state)) {
      const hasResults = action === 'REOPEN' ? await groupHasResults(tx, group.id) : false;
      const next = groupTransition(state, action, { hasResults });
      if (action === 'MOVE_TO_QUALIFICATION') await moveToQualification(tx, race, event.organizationId, group);
      if (next === 'OPEN_REGISTRATION') await removeGroupRacers(tx, group.id);
      state = next;
    }
    await tx.update(qualificationGroups).set({ state }).where(eq(qualificationGroups.id, group.id));
  });
}


/**
 * Groups follow the race (issue 10): starting the race (qualification ongoing) moves every group
 * that is not climbing yet into a running qualification, so the organiser presses one button, not
 * one per group; going back to the qualification (reopening it) runs its closed groups again.
 * Closing them when the qualification ends is `closeWhatTheRaceLeft` (scoring). Called in the race
 * state change's transaction, with the race as it was before.
 */
export async function groupsFollowRace(tx: Executor, race: Race, organizationId: number, nextState: RaceState): Promise<void> {
  if (nextState !== 'QUALIFICATION_ONGOING') return;
  const reopening = isStageClosed(race.state, 'QUALIFICATION');
  const groups = await tx.select().from(qualificationGroups).where(eq(qualificationGroups.raceId, race.id));
  for (const group of groups) {
    if (reopening && group.state !== 'QUALIFICATION_CLOSED') continue;
    if (!reopening && group.state !== 'OPEN_REGISTRATION' && group.state !== 'READY_FOR_QUALIFICATION') continue;
    if (group.state === 'OPEN_REGISTRATION') await moveToQualification(tx, race, organizationId, group);
    await tx.update(qualificationGroups).set({ state: 'QUALIFICATION' }).where(eq(qualificationGroups.id, group.id));
  }
}
