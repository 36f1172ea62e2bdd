import { and, asc, eq, inArray } from 'drizzle-orm';
import { groupSeed, startingOrder, type QualificationGroupState, type Sex, type StartingNumberOrder } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { qualificationGroups, raceRegistrations, racers, rounds, type QualificationGroup, type Race } from '../../db/schema/index.ts';
import { personOf, registrationsOfRace, type RegisteredPerson, type RegistrationRecord } from '../registrations/registration-repository.ts';

export interface StartingListEntry {
  startingNumber: number;
  registrationId: number;
  racerId: number | null;
  racerNumber: number;
  fullName: string;
  birthYear: number | null;
  sex: Sex | null;
  country: string | null;
  club: string | null;
}

export interface GroupStartingList {
  id: number;
  name: string;
  state: QualificationGroupState;
  /** True once the group moved to qualification: the list is the racers' rounds and no longer changes with registrations. */
  fixed: boolean;
  racers: StartingListEntry[];
}

export interface RaceStartingList {
  raceId: number;
  raceName: string;
  startingNumberOrder: StartingNumberOrder;
  seed: number;
  groups: GroupStartingList[];
}

/** The seed of a race's RANDOM order (races created before seeds were stored fall back to their id). */
export const raceSeed = (race: Pick<Race, 'id' | 'startingListSeed'>): number => race.startingListSeed ?? race.id;

/** PRESENT registrations of one group in starting order: RANDOM with the race's stored seed, or BY_RACER_NUMBER. */
export function orderGroup(race: Race, groupId: number, records: readonly RegistrationRecord[]): { record: RegistrationRecord; person: RegisteredPerson }[] {
  const entries = records
    .filter((record) => record.registration.qualificationGroupId === groupId && record.registration.state === 'PRESENT')
    .map((record) => ({ id: record.registration.id, racerNumber: record.registration.racerNumber, record }));
  return startingOrder(entries, race.startingNumberOrder, groupSeed(raceSeed(race), groupId)).map(({ record }) => ({ record, person: personOf(record) }));
}

async function fixedList(db: Executor, group: QualificationGroup): Promise<StartingListEntry[]> {
  const rows = await db
    .select({ round: rounds, racer: racers })
    .from(rounds)
    .innerJoin(racers, eq(racers.id, rounds.racerId))
    .where(and(eq(rounds.qualificationGroupId, group.id), eq(rounds.stage, 'QUALIFICATION')))
    .orderBy(asc(rounds.startingNumber), asc(rounds.id));
  return rows.map(({ round, racer }, index) => ({
    startingNumber: round.startingNumber ?? index + 1,
    registrationId: racer.registrationId,
    racerId: racer.id,
    racerNumber: racer.racerNumber,
    fullName: racer.fullName,
    birthYear: racer.birthYear,
    sex: racer.sex,
    country: racer.country,
    club: racer.club,
  }));
}

/**
 * GET /api/race/{id}/starting-list: per qualification group. Before a group moves to
 * qualification the list is computed from its PRESENT registrations (the same seed gives the same
 * list on every call); afterwards it is read from the racers' qualification rounds.
 */
export async function raceStartingList(db: Executor, race: Race): Promise<RaceStartingList> {
  const groups = await db.select().from(qualificationGroups).where(eq(qualificationGroups.raceId, race.id)).orderBy(asc(qualificationGroups.position), asc(qualificationGroups.id));
  const records = await registrationsOfRace(db, race.id, inArray(raceRegistrations.state, ['PRESENT']));
  const lists: GroupStartingList[] = [];
  for (const group of groups) {
    const fixed = await fixedList(db, group);
    if (fixed.length > 0) {
      lists.push({ id: group.id, name: group.name, state: group.state, fixed: true, racers: fixed });
      continue;
    }
    const racersInOrder = orderGroup(race, group.id, records).map(({ record, person }, index) => ({
      startingNumber: index + 1,
      registrationId: record.registration.id,
      racerId: null,
      racerNumber: record.registration.racerNumber,
      fullName: person.fullName,
      birthYear: person.birthYear,
      sex: person.sex,
      country: person.country,
      club: person.club,
    }));
    lists.push({ id: group.id, name: group.name, state: group.state, fixed: false, racers: racersInOrder });
  }
  return { raceId: race.id, raceName: race.name, startingNumberOrder: race.startingNumberOrder, seed: raceSeed(race), groups: lists };
}
