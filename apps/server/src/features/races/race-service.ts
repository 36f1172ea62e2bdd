import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { DomainError, SELF_CHECK_IN_DAYS_DEFAULT, compareDates, racerAge, validateRaceStateChange, type RaceState } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { events, qualificationGroups, raceAgeCategories, races, rounds, speedMatches, type EventRow, type Organization, type Race } from '../../db/schema/index.ts';
import { findRaceWithEvent } from '../events/event-access.ts';
import { findOrganization } from '../organizations/organization-presenter.ts';
import { replaceRaceAgeCategories } from '../registrations/age-category-placement.ts';
import { raceHasRacers, saveGroups, saveRaceAgeCategories } from './race-groups.ts';
import type { RaceInput, UpdateRaceInput } from './race-schemas.ts';
import { resolveRaceSettings } from './race-settings-resolver.ts';
import { assertSettingsKeepScores } from './race-scores-guard.ts';
import { applyStageChange } from '../scoring/round-state-service.ts';
import type { ScoreAuthor } from '../scoring/score-service.ts';
import { groupsFollowRace } from './group-state-service.ts';

/** A fresh seed for the RANDOM starting order; stored on the race so a reprint gives the same list. */
export const newStartingListSeed = (): number => crypto.randomInt(1, 2_147_483_647);

/** Spec 5: start not after end, opening of registration not after its closing. */
function assertRaceDates(race: Pick<Race, 'startingDate' | 'endDate' | 'openingRegistrationDate' | 'closingRegistrationDate'>): void {
  const fields: Record<string, string> = {};
  if (compareDates(race.startingDate, race.endDate) > 0) fields.endDate = 'validation.startAfterEnd';
  if (race.openingRegistrationDate && race.closingRegistrationDate && compareDates(race.openingRegistrationDate, race.closingRegistrationDate) > 0) {
    fields.closingRegistrationDate = 'validation.startAfterEnd';
  }
  if (Object.keys(fields).length > 0) throw new DomainError('VALIDATION_FAILED', { fields });
}

/** The season a date belongs to (the organization's season start month may push it to the next year). */
const seasonOf = (date: string, organization: Organization): number => racerAge(0, date, organization.seasonStartMonth);

/** Inserts one race with its settings, groups and age categories (inside the caller's transaction). */
export async function insertRace(tx: Executor, event: EventRow, organization: Organization, input: RaceInput): Promise<Race> {
  const global = organization.raceSettings;
  const discipline = input.discipline ?? 'BOULDERING';
  const settings = resolveRaceSettings(global, discipline, input);
  const values = {
    eventId: event.id,
    name: input.name,
    description: input.description ?? null,
    raceGender: input.raceGender ?? global.raceGender ?? 'MIXED',
    mixedRanking: input.mixedRanking ?? 'SEPARATE',
    discipline,
    state: 'HIDDEN' as const,
    ...settings,
    openingRegistrationDate: input.openingRegistrationDate ?? null,
    closingRegistrationDate: input.closingRegistrationDate ?? null,
    startingDate: input.startingDate,
    endDate: input.endDate,
    maxRacersCount: input.maxRacersCount ?? global.maxRacersCount ?? 0,
    location: input.location ?? null,
    seasonYear: input.seasonYear ?? seasonOf(input.startingDate, organization),
    startingNumberOrder: input.startingNumberOrder ?? global.startingNumberOrder ?? 'RANDOM',
    selfCheckInDays: input.selfCheckInDays === undefined ? SELF_CHECK_IN_DAYS_DEFAULT : input.selfCheckInDays,
    startingListSeed: newStartingListSeed(),
  };
  assertRaceDates(values);
  const [race] = await tx.insert(races).values(values).returning();
  if (!race) throw new DomainError('RACE_CANNOT_BE_CREATED');
  await saveGroups(tx, race.id, race.raceGender, input.qualificationGroups, true);
  await saveRaceAgeCategories(tx, race, event.organizationId, input.ageCategories);
  return race;
}

/** POST /api/race: a new race of an existing event. */
export async function createRace(app: FastifyInstance, event: EventRow, input: RaceInput): Promise<number> {
  return app.db.transaction(async (tx) => {
    const organization = await findOrganization(tx, event.organizationId);
    return (await insertRace(tx, event, organization, input)).id;
  });
}

/**
 * PUT /api/race/{id}. A finished race is not edited (RACE_ALREADY_FINISHED); once racers exist
 * (a group moved to qualification) the discipline stays, since their rounds were made for it.
 */
export async function updateRace(app: FastifyInstance, raceId: number, input: UpdateRaceInput): Promise<void> {
  await app.db.transaction(async (tx) => {
    const { race, event } = await findRaceWithEvent(tx, raceId);
    if (race.state === 'FINISHED') throw new DomainError('RACE_ALREADY_FINISHED');
    const organization = await findOrganization(tx, event.organizationId);
    const discipline = input.discipline ?? race.discipline;
    if (discipline !== race.discipline && (await raceHasRacers(tx, race.id))) {
      throw new DomainError('RACE_CANNOT_BE_UPDATED', { fields: { discipline: 'validation.invalid' } });
    }
    const settings = resolveRaceSettings(organization.raceSettings, discipline, input, race);
    await assertSettingsKeepScores(tx, race, { discipline, ...settings });
    const pick = <Key extends keyof UpdateRaceInput & keyof Race>(key: Key) => (input[key] === undefined ? race[key] : input[key]);
    const values = {
      name: input.name ?? race.name,
      description: pick('description'),
      raceGender: input.raceGender ?? race.raceGender,
      mixedRanking: input.mixedRanking ?? race.mixedRanking,
      discipline,
      ...settings,
      openingRegistrationDate: pick('openingRegistrationDate'),
      closingRegistrationDate: pick('closingRegistrationDate'),
      startingDate: input.startingDate ?? race.startingDate,
      endDate: input.endDate ?? race.endDate,
      maxRacersCount: input.maxRacersCount ?? race.maxRacersCount,
      location: pick('location'),
      seasonYear: input.seasonYear ?? race.seasonYear,
      startingNumberOrder: input.startingNumberOrder ?? race.startingNumberOrder,
      selfCheckInDays: pick('selfCheckInDays'),
    };
    assertRaceDates(values);
    await tx.update(races).set(values).where(eq(races.id, race.id));
    await saveGroups(tx, race.id, values.raceGender, input.qualificationGroups, false);
    await saveRaceAgeCategories(tx, { ...race, startingDate: values.startingDate }, event.organizationId, input.ageCategories);
    // Ages count from the race date: a new date can move racers into another category.
    if (input.ageCategories === undefined && values.startingDate !== race.startingDate) await replaceRaceAgeCategories(tx, { ...race, startingDate: values.startingDate });
  });
}

/** Removes a race's results rows that a cascade must not take (rounds reference racers with NO ACTION). */
export async function deleteRaceResults(tx: Executor, raceIds: readonly number[]): Promise<void> {
  if (raceIds.length === 0) return;
  await tx.delete(speedMatches).where(inArray(speedMatches.raceId, raceIds));
  await tx.delete(rounds).where(inArray(rounds.raceId, raceIds));
}

/**
 * DELETE /api/race/{id}: not while it runs or once finished (its results stay), and not the
 * event's last race (spec 5: an event needs at least one race; delete the event instead).
 */
export async function deleteRace(app: FastifyInstance, raceId: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const { race } = await findRaceWithEvent(tx, raceId);
    if (race.state === 'FINISHED') throw new DomainError('RACE_ALREADY_FINISHED');
    if (race.state.endsWith('_ONGOING')) throw new DomainError('RACE_CANNOT_BE_DELETED', { details: { state: race.state } });
    const siblings = await tx.select({ id: races.id }).from(races).where(and(eq(races.eventId, race.eventId), ne(races.id, race.id)));
    if (siblings.length === 0) throw new DomainError('EVENT_NEEDS_RACE');
    await deleteRaceResults(tx, [race.id]);
    await tx.delete(races).where(eq(races.id, race.id));
  });
}

/** POST /api/race/{id}/duplicate: a hidden copy with new ids, its groups and age categories copied, no registrations. */
export async function duplicateRace(app: FastifyInstance, raceId: number): Promise<number> {
  return app.db.transaction(async (tx) => {
    const { race } = await findRaceWithEvent(tx, raceId);
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...copy } = race;
    const [created] = await tx
      .insert(races)
      .values({ ...copy, state: 'HIDDEN', racerNumberSequence: 1, startingListSeed: newStartingListSeed() })
      .returning({ id: races.id });
    if (!created) throw new DomainError('RACE_CANNOT_BE_CREATED');
    const groups = await tx.select().from(qualificationGroups).where(eq(qualificationGroups.raceId, race.id)).orderBy(asc(qualificationGroups.position));
    if (groups.length > 0) {
      await tx.insert(qualificationGroups).values(groups.map((group) => ({ raceId: created.id, name: group.name, gender: group.gender, internal: group.internal, position: group.position })));
    }
    const categories = await tx.select().from(raceAgeCategories).where(eq(raceAgeCategories.raceId, race.id));
    if (categories.length > 0) await tx.insert(raceAgeCategories).values(categories.map((row) => ({ raceId: created.id, ageCategoryId: row.ageCategoryId })));
    return created.id;
  });
}

/**
 * PUT /api/race/{id}/state: the domain's state machine decides (INVALID_RACE_STATE_UPDATE).
 * A race leaving HIDDEN makes its event visible: a race that is announced or open for registration
 * inside a hidden event could be found by nobody. Starting the semifinal or final creates the
 * rounds of the racers who advance (scoring/round-state-service.ts), in the same transaction.
 * Groups and rounds follow (issue 10): starting the race runs every group, a stage left behind is
 * closed with its groups and rounds.
 */
export async function changeRaceState(app: FastifyInstance, raceId: number, state: RaceState, author?: ScoreAuthor): Promise<void> {
  await app.db.transaction(async (tx) => {
    const { race, event } = await findRaceWithEvent(tx, raceId);
    // Serialises with group changes and registrations of the race.
    await tx.select({ id: races.id }).from(races).where(eq(races.id, race.id)).for('update');
    const action = validateRaceStateChange(race.state, state, race.raceFormat);
    if (action === null) return;
    await tx.update(races).set({ state }).where(eq(races.id, race.id));
    await groupsFollowRace(tx, race, event.organizationId, state);
    await applyStageChange(tx, race, state, author);
    if (state !== 'HIDDEN' && event.isHidden) await tx.update(events).set({ isHidden: false }).where(eq(events.id, event.id));
  });
}
