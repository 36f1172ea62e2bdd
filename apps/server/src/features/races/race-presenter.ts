import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  allowedRaceActions,
  climbsInQualification,
  effectiveGroupState,
  groupActionsInRace,
  groupTransition,
  raceTransition,
  type QualificationGroupState,
  type RaceFormat,
  type RaceState,
} from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { ageCategories, qualificationGroups, raceAgeCategories, raceRegistrations, racers, races, type Race } from '../../db/schema/index.ts';
import { findRaceWithEvent } from '../events/event-access.ts';
import type { RaceView } from './race-schemas.ts';

/** The states PUT /api/race/{id}/state accepts from `state`. */
export const allowedRaceStates = (state: RaceState, format: RaceFormat): RaceState[] => [
  ...new Set(allowedRaceActions(state, format).map((action) => raceTransition(state, action, format))),
];

/** The group states PUT /api/qualification-group/{id}/state accepts now: none once the race is past the roster (issue 10). */
export const allowedGroupStates = (state: QualificationGroupState, raceState: RaceState): QualificationGroupState[] => [
  ...new Set(groupActionsInRace(state, raceState).map((action) => groupTransition(state, action, { hasResults: false }))),
];

/** Races with their groups, age categories and registration counts, in a few queries for any number of races. */
export async function presentRaces(db: Executor, rows: readonly Race[]): Promise<RaceView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((race) => race.id);
  const groups = await db.select().from(qualificationGroups).where(inArray(qualificationGroups.raceId, ids)).orderBy(asc(qualificationGroups.position), asc(qualificationGroups.id));
  const byState = await db
    .select({ raceId: raceRegistrations.raceId, groupId: raceRegistrations.qualificationGroupId, state: raceRegistrations.state, total: count() })
    .from(raceRegistrations)
    .where(inArray(raceRegistrations.raceId, ids))
    .groupBy(raceRegistrations.raceId, raceRegistrations.qualificationGroupId, raceRegistrations.state);
  const inStartingOrder = await db
    .select({ groupId: racers.qualificationGroupId, total: count() })
    .from(racers)
    .where(inArray(racers.raceId, ids))
    .groupBy(racers.qualificationGroupId);
  const checkInStarted = new Set(byState.filter((row) => row.state === 'PRESENT').map((row) => row.raceId));
  /** Who climbs in a group: its starting order once it has one, else the registrations that would climb now. */
  const climbingIn = (race: Race, group: { id: number; state: QualificationGroupState }): number =>
    group.state === 'OPEN_REGISTRATION'
      ? byState
          .filter((row) => row.raceId === race.id && row.groupId === group.id && climbsInQualification(row.state, checkInStarted.has(race.id)))
          .reduce((total, row) => total + row.total, 0)
      : (inStartingOrder.find((row) => row.groupId === group.id)?.total ?? 0);
  const categories = await db
    .select({ raceId: raceAgeCategories.raceId, id: ageCategories.id, name: ageCategories.name, fromAge: ageCategories.fromAge, toAge: ageCategories.toAge })
    .from(raceAgeCategories)
    .innerJoin(ageCategories, eq(ageCategories.id, raceAgeCategories.ageCategoryId))
    .where(inArray(raceAgeCategories.raceId, ids))
    .orderBy(asc(ageCategories.fromAge), asc(ageCategories.id));
  return rows.map((race) => ({
    id: race.id,
    eventId: race.eventId,
    name: race.name,
    description: race.description,
    raceGender: race.raceGender,
    mixedRanking: race.mixedRanking,
    discipline: race.discipline,
    raceFormat: race.raceFormat,
    bouldering: race.boulderingSettings,
    lead: race.leadSettings,
    speed: race.speedSettings,
    state: race.state,
    allowedActions: allowedRaceActions(race.state, race.raceFormat),
    allowedStates: allowedRaceStates(race.state, race.raceFormat),
    openingRegistrationDate: race.openingRegistrationDate,
    closingRegistrationDate: race.closingRegistrationDate,
    startingDate: race.startingDate,
    endDate: race.endDate,
    maxRacersCount: race.maxRacersCount,
    racersCount: byState.filter((row) => row.raceId === race.id).reduce((total, row) => total + row.total, 0),
    location: race.location,
    racerNumberSequence: race.racerNumberSequence,
    seasonYear: race.seasonYear,
    startingNumberOrder: race.startingNumberOrder,
    selfCheckInDays: race.selfCheckInDays,
    qualificationGroups: groups
      .filter((group) => group.raceId === race.id)
      .map((group) => ({
        id: group.id,
        name: group.name,
        // A group follows the race: closed once the race is past its qualification, also for races stored before issue 10.
        state: effectiveGroupState(group.state, race.state),
        gender: group.gender,
        internal: group.internal,
        position: group.position,
        racersCount: byState.filter((row) => row.raceId === race.id && row.groupId === group.id).reduce((total, row) => total + row.total, 0),
        climbingCount: climbingIn(race, { id: group.id, state: effectiveGroupState(group.state, race.state) }),
        allowedStates: allowedGroupStates(effectiveGroupState(group.state, race.state), race.state),
      })),
    ageCategories: categories.filter((category) => category.raceId === race.id).map(({ raceId: _raceId, ...category }) => category),
  }));
}

export async function presentRace(db: Executor, raceId: number): Promise<RaceView> {
  const { race } = await findRaceWithEvent(db, raceId);
  const [view] = await presentRaces(db, [race]);
  if (!view) throw new Error('presentRaces lost a race');
  return view;
}

export async function racesOfEvents(db: Executor, eventIds: readonly number[]): Promise<Race[]> {
  if (eventIds.length === 0) return [];
  return db.select().from(races).where(inArray(races.eventId, eventIds)).orderBy(asc(races.startingDate), asc(races.id));
}

export async function findGroupOfRace(db: Executor, raceId: number, groupId: number) {
  const [group] = await db.select().from(qualificationGroups).where(and(eq(qualificationGroups.id, groupId), eq(qualificationGroups.raceId, raceId)));
  return group ?? null;
}
