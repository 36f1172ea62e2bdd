import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { RANKING_ORDER, climbsInQualification, groupSeed, leadStyleOf, ranksSexesApart, startingOrder, type LeadStyle, type QualificationGroupState, type Sex, type StartingNumberOrder } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { ageCategories, qualificationGroups, raceAgeCategories, raceRegistrations, racers, rounds, type QualificationGroup, type Race } from '../../db/schema/index.ts';
import { personOf, registrationsOfRace, type RegisteredPerson, type RegistrationRecord } from '../registrations/registration-repository.ts';

export interface StartingListEntry {
  /** Null for a racer not checked in after check-in started: listed, but without a place in the order. */
  startingNumber: number | null;
  registrationId: number;
  racerId: number | null;
  racerNumber: number;
  fullName: string;
  birthYear: number | null;
  sex: Sex | null;
  country: string | null;
  club: string | null;
  /** The racer's age category in the race (issue 9), or null. */
  ageCategory: { id: number; name: string } | null;
  /** Checked in (PRESENT). Every racer of a fixed list (in qualification) climbs, so is present. */
  present: boolean;
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
  /** Lead races: the style the qualification is climbed in (flash or on-sight); null otherwise. */
  leadStyle: LeadStyle | null;
  /** A registration of the race is marked present: from now on only the present ones climb (`climbsInQualification`). */
  checkInStarted: boolean;
  groups: GroupStartingList[];
}

/** The seed of a race's RANDOM order (races created before seeds were stored fall back to their id). */
export const raceSeed = (race: Pick<Race, 'id' | 'startingListSeed'>): number => race.startingListSeed ?? race.id;

/** Check-in has started once a registration of the race is marked present (the desk or the racer did it). */
export async function checkInStarted(db: Executor, raceId: number): Promise<boolean> {
  const [present] = await db
    .select({ id: raceRegistrations.id })
    .from(raceRegistrations)
    .where(and(eq(raceRegistrations.raceId, raceId), eq(raceRegistrations.state, 'PRESENT')))
    .limit(1);
  return present !== undefined;
}

/**
 * The registrations of one group that climb (`climbsInQualification`: all registered before
 * check-in, the present ones after it) in starting order: RANDOM with the race's stored seed, or
 * BY_RACER_NUMBER. The order of the climbing racers does not depend on the others.
 */
export function orderGroup(race: Race, groupId: number, records: readonly RegistrationRecord[], checkIn: boolean): { record: RegistrationRecord; person: RegisteredPerson }[] {
  const entries = records
    .filter((record) => record.registration.qualificationGroupId === groupId && climbsInQualification(record.registration.state, checkIn))
    .map((record) => ({ id: record.registration.id, racerNumber: record.registration.racerNumber, record }));
  return startingOrder(entries, race.startingNumberOrder, groupSeed(raceSeed(race), groupId)).map(({ record }) => ({ record, person: personOf(record) }));
}

async function fixedList(db: Executor, group: QualificationGroup, categoryName: (id: number | null) => StartingListEntry['ageCategory']): Promise<StartingListEntry[]> {
  const rows = await db
    .select({ round: rounds, racer: racers })
    .from(rounds)
    .innerJoin(racers, eq(racers.id, rounds.racerId))
    .where(and(eq(rounds.qualificationGroupId, group.id), eq(rounds.stage, 'QUALIFICATION')))
    .orderBy(asc(rounds.startingNumber), asc(rounds.id));
  return rows.map(({ round, racer }, index) => entryOfRound(round, racer, index, categoryName));
}

/** A racer of a stage's rounds (the qualification of a group in qualification, or a later stage): present, numbered by the round. */
function entryOfRound(
  round: typeof rounds.$inferSelect,
  racer: typeof racers.$inferSelect,
  index: number,
  categoryName: (id: number | null) => StartingListEntry['ageCategory'],
): StartingListEntry {
  return {
    startingNumber: round.startingNumber ?? index + 1,
    registrationId: racer.registrationId,
    racerId: racer.id,
    racerNumber: racer.racerNumber,
    fullName: racer.fullName,
    birthYear: racer.birthYear,
    sex: racer.sex,
    country: racer.country,
    club: racer.club,
    ageCategory: categoryName(racer.ageCategoryId),
    present: true,
  };
}

/**
 * GET /api/race/{id}/starting-list: per qualification group. Before a group moves to
 * qualification the list is computed from its registrations (every registered racer, withdrawn
 * ones aside: the climbing ones in starting order first, then, once check-in started, those not
 * checked in yet, unnumbered and marked; the same seed gives the same list on every call);
 * afterwards it is read from the racers' qualification rounds. With `ageCategoryId` only that
 * category's racers are listed, with their starting numbers unchanged.
 */
export async function raceStartingList(db: Executor, race: Race, ageCategoryId?: number): Promise<RaceStartingList> {
  const groups = await db.select().from(qualificationGroups).where(eq(qualificationGroups.raceId, race.id)).orderBy(asc(qualificationGroups.position), asc(qualificationGroups.id));
  const records = await registrationsOfRace(db, race.id, or(isNull(raceRegistrations.state), inArray(raceRegistrations.state, ['PRESENT'])));
  const checkIn = records.some((record) => record.registration.state === 'PRESENT');
  const categoryRows = await db
    .select({ id: ageCategories.id, name: ageCategories.name })
    .from(raceAgeCategories)
    .innerJoin(ageCategories, eq(ageCategories.id, raceAgeCategories.ageCategoryId))
    .where(eq(raceAgeCategories.raceId, race.id));
  const categoryById = new Map(categoryRows.map((category) => [category.id, category]));
  const categoryName = (id: number | null) => (id === null ? null : (categoryById.get(id) ?? null));
  const wanted = (entry: StartingListEntry) => ageCategoryId === undefined || entry.ageCategory?.id === ageCategoryId;
  const lists: GroupStartingList[] = [];
  for (const group of groups) {
    const fixed = await fixedList(db, group, categoryName);
    if (fixed.length > 0) {
      lists.push({ id: group.id, name: group.name, state: group.state, fixed: true, racers: fixed.filter(wanted) });
      continue;
    }
    const climbing = orderGroup(race, group.id, records, checkIn);
    const climbs = new Set(climbing.map((entry) => entry.record));
    const waiting = records
      .filter((record) => record.registration.qualificationGroupId === group.id && !climbs.has(record))
      .sort((a, b) => a.registration.racerNumber - b.registration.racerNumber)
      .map((record) => ({ record, person: personOf(record) }));
    const entry = ({ record, person }: { record: RegistrationRecord; person: RegisteredPerson }, startingNumber: number | null): StartingListEntry => ({
      startingNumber,
      registrationId: record.registration.id,
      racerId: null,
      racerNumber: record.registration.racerNumber,
      fullName: person.fullName,
      birthYear: person.birthYear,
      sex: person.sex,
      country: person.country,
      club: person.club,
      ageCategory: categoryName(record.registration.ageCategoryId),
      present: record.registration.state === 'PRESENT',
    });
    const racersInOrder = [...climbing.map((item, index) => entry(item, index + 1)), ...waiting.map((item) => entry(item, null))];
    lists.push({ id: group.id, name: group.name, state: group.state, fixed: false, racers: racersInOrder.filter(wanted) });
  }
  const leadStyle = race.discipline === 'LEAD' ? leadStyleOf(race.leadSettings, 'QUALIFICATION') : null;
  return { raceId: race.id, raceName: race.name, startingNumberOrder: race.startingNumberOrder, seed: raceSeed(race), leadStyle, checkInStarted: checkIn, groups: lists };
}

export interface StageStartingList {
  raceId: number;
  raceName: string;
  stage: 'SEMIFINAL' | 'FINAL';
  /** Lead races: the style the stage is climbed in; null otherwise. */
  leadStyle: LeadStyle | null;
  /** One list per ranking: F and M when a MIXED race ranks the sexes apart, else one with `sex` null. */
  rankings: { sex: Sex | null; racers: StartingListEntry[] }[];
}

/**
 * GET /api/race/{id}/stage-starting-list?stage=: the starting order of a semifinal or final, read
 * from its rounds (the reverse of the previous stage's ranking, the best last; createStageRounds),
 * per ranking (none until the stage's rounds exist). With `ageCategoryId` only that category.
 */
export async function stageStartingList(db: Executor, race: Race, stage: StageStartingList['stage'], ageCategoryId?: number): Promise<StageStartingList> {
  const rows = await db
    .select({ round: rounds, racer: racers })
    .from(rounds)
    .innerJoin(racers, eq(racers.id, rounds.racerId))
    .where(and(eq(rounds.raceId, race.id), eq(rounds.stage, stage)))
    .orderBy(asc(rounds.startingNumber), asc(rounds.id));
  const categoryIds = [...new Set(rows.map(({ racer }) => racer.ageCategoryId).filter((id): id is number => id !== null))];
  const categories = categoryIds.length === 0 ? [] : await db.select({ id: ageCategories.id, name: ageCategories.name }).from(ageCategories).where(inArray(ageCategories.id, categoryIds));
  const categoryById = new Map(categories.map((category) => [category.id, category]));
  const categoryName = (id: number | null) => (id === null ? null : (categoryById.get(id) ?? null));
  const entries = rows
    .filter(({ racer }) => ageCategoryId === undefined || racer.ageCategoryId === ageCategoryId)
    .map(({ round, racer }, index) => entryOfRound(round, racer, index, categoryName));
  const rankings = ranksSexesApart(race)
    ? RANKING_ORDER.map((sex) => ({ sex, racers: entries.filter((entry) => entry.sex === sex) })).filter((ranking) => ranking.racers.length > 0)
    : entries.length > 0
      ? [{ sex: null, racers: entries }]
      : [];
  const leadStyle = race.discipline === 'LEAD' ? leadStyleOf(race.leadSettings, stage) : null;
  return { raceId: race.id, raceName: race.name, stage, leadStyle, rankings };
}
