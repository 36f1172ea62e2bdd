import { newRaceDefaults, type QualificationGroupState, type RaceState, type RoundState, type ScoringType, type Stage } from '@climbing/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { addresses, boulderScores, events, qualificationGroups, raceAgeCategories, raceRegistrations, racers, races, rounds, scoreAuditLog } from '../db/schema/index.ts';
import { replaceRaceAgeCategories } from '../features/registrations/age-category-placement.ts';
import type { DemoBoulderAttempts } from './demo-scores.ts';
import type { DemoRacerPerson } from './demo-people.ts';

export interface DemoEventInput {
  organizationId: number;
  name: string;
  displayName: string;
  description: string;
  startingDate: string;
  closingDate: string;
  address: { street: string; streetNumber: string; city: string; zipcode: string };
}

/** A public, visible event that also takes one-time registrations (spec 9 defaults, but not hidden). */
export async function createDemoEvent(tx: Executor, input: DemoEventInput): Promise<number> {
  const [address] = await tx.insert(addresses).values({ ...input.address, country: 'SVK' }).returning({ id: addresses.id });
  const [event] = await tx
    .insert(events)
    .values({
      organizationId: input.organizationId,
      name: input.name,
      displayName: input.displayName,
      description: input.description,
      addressId: address?.id,
      startingDate: input.startingDate,
      closingDate: input.closingDate,
      allowedUnregisteredUsers: true,
      onlineRegistration: true,
      isPublic: true,
      isHidden: false,
      sendUpdateInfo: false,
    })
    .returning({ id: events.id });
  if (!event) throw new Error(`The demo event ${input.name} was not created`);
  return event.id;
}

export interface DemoRaceInput {
  eventId: number;
  name: string;
  description: string;
  state: RaceState;
  scoringType: ScoringType;
  startingDate: string;
  endDate: string;
  openingRegistrationDate: string;
  closingRegistrationDate: string;
  location: string;
  racerNumberSequence: number;
  startingListSeed: number;
  ageCategoryIds: readonly number[];
  groups: readonly { name: string; state: QualificationGroupState }[];
}

/** Final quota of both demo races: 8 finalists, the IFSC number and the domain default. */
export const DEMO_FINAL_RACERS = 8;

/** A men's bouldering race, qualification (5 boulders, in groups) and final (4 boulders, 8 racers). */
export async function createDemoBoulderRace(tx: Executor, input: DemoRaceInput): Promise<{ raceId: number; groupIds: number[] }> {
  const defaults = newRaceDefaults(input.startingDate);
  if (!defaults.bouldering) throw new Error('The domain gives no bouldering defaults');
  const [race] = await tx
    .insert(races)
    .values({
      eventId: input.eventId,
      name: input.name,
      description: input.description,
      raceGender: 'MEN',
      discipline: defaults.discipline,
      state: input.state,
      raceFormat: 'QUALIFICATION_FINAL',
      boulderingSettings: {
        ...defaults.bouldering,
        numberOfQualificationBoulders: 5,
        numberOfFinalBoulders: 4,
        numberOfFinalRacers: DEMO_FINAL_RACERS,
        raceFormat: 'QUALIFICATION_FINAL',
        scoringType: input.scoringType,
      },
      leadSettings: null,
      speedSettings: null,
      openingRegistrationDate: input.openingRegistrationDate,
      closingRegistrationDate: input.closingRegistrationDate,
      startingDate: input.startingDate,
      endDate: input.endDate,
      maxRacersCount: 60,
      location: input.location,
      racerNumberSequence: input.racerNumberSequence,
      seasonYear: defaults.seasonYear,
      startingNumberOrder: 'RANDOM',
      startingListSeed: input.startingListSeed,
    })
    .returning({ id: races.id });
  if (!race) throw new Error(`The demo race ${input.name} was not created`);
  await tx.insert(raceAgeCategories).values(input.ageCategoryIds.map((ageCategoryId) => ({ raceId: race.id, ageCategoryId })));
  const groupRows = await tx
    .insert(qualificationGroups)
    .values(input.groups.map((group, position) => ({ raceId: race.id, name: group.name, state: group.state, gender: 'MEN' as const, position })))
    .returning({ id: qualificationGroups.id, name: qualificationGroups.name });
  const groupIds = input.groups.map((group) => {
    const row = groupRows.find((candidate) => candidate.name === group.name);
    if (!row) throw new Error(`Group ${group.name} was not created`);
    return row.id;
  });
  return { raceId: race.id, groupIds };
}

export interface DemoEntrantInput {
  person: DemoRacerPerson;
  racerNumber: number;
  groupId: number;
  registeredAt: Date;
}

export interface DemoEntrant extends DemoEntrantInput {
  racerId: number;
  member: boolean;
}

/**
 * Confirmed (PRESENT) registrations and their racer snapshots. Account holders register with their
 * user; the others as one-time registrations with the unregistered* columns (spec 3).
 */
export async function registerDemoRacers(
  tx: Executor,
  raceId: number,
  entrants: readonly DemoEntrantInput[],
  userIdByEmail: ReadonlyMap<string, number>,
): Promise<DemoEntrant[]> {
  const registrationRows = await tx
    .insert(raceRegistrations)
    .values(
      entrants.map(({ person, racerNumber, groupId, registeredAt }) => {
        const common = { raceId, state: 'PRESENT' as const, racerNumber, qualificationGroupId: groupId, date: registeredAt };
        const userId = userIdByEmail.get(person.email);
        if (person.kind !== 'UNREGISTERED' && userId !== undefined) return { ...common, userId };
        return {
          ...common,
          unregisteredName: person.name,
          unregisteredSurname: person.surname,
          unregisteredEmail: person.email,
          unregisteredClub: person.club,
          unregisteredSex: 'M' as const,
          unregisteredCountry: person.country,
          unregisteredBirthday: person.birthday,
          unregisteredBirthYear: person.birthYear,
        };
      }),
    )
    .returning({ id: raceRegistrations.id, racerNumber: raceRegistrations.racerNumber });
  const registrationIdByNumber = new Map(registrationRows.map((row) => [row.racerNumber, row.id]));

  const racerRows = await tx
    .insert(racers)
    .values(
      entrants.map(({ person, racerNumber, groupId }) => ({
        raceId,
        registrationId: registrationIdByNumber.get(racerNumber) ?? -1,
        racerNumber,
        fullName: `${person.name} ${person.surname}`,
        birthYear: person.birthYear,
        sex: 'M' as const,
        country: person.country,
        club: person.club,
        member: person.kind === 'MEMBER',
        qualificationGroupId: groupId,
      })),
    )
    .returning({ id: racers.id, racerNumber: racers.racerNumber });
  const racerIdByNumber = new Map(racerRows.map((row) => [row.racerNumber, row.id]));
  // Each racer in the race's age category, as registration places them.
  const [race] = await tx.select().from(races).where(eq(races.id, raceId));
  if (race) await replaceRaceAgeCategories(tx, race);
  return entrants.map((entrant) => ({
    ...entrant,
    racerId: racerIdByNumber.get(entrant.racerNumber) ?? -1,
    member: entrant.person.kind === 'MEMBER',
  }));
}

export interface DemoRoundInput {
  racerId: number;
  startingNumber: number;
  state: RoundState;
  /** Set for qualification rounds only. */
  groupId: number | null;
  /** One entry per boulder; null = not climbed yet (the row exists with empty attempts). */
  boulders: readonly (DemoBoulderAttempts | null)[];
}

/**
 * Rounds of one stage with a score row for every boulder, as the scorecards expect, and one audit
 * entry per scored round at `scoredAt` (the live results' "last score" and the rounds page's
 * audit trail read them; a judge's writes make one per tap).
 */
export async function insertDemoRounds(tx: Executor, raceId: number, stage: Stage, inputs: readonly DemoRoundInput[], scoredAt: Date): Promise<void> {
  if (inputs.length === 0) return;
  const roundRows = await tx
    .insert(rounds)
    .values(
      inputs.map((input) => ({
        raceId,
        racerId: input.racerId,
        stage,
        startingNumber: input.startingNumber,
        state: input.state,
        // Each judge's write bumps the version; one write per climbed boulder is a fair stand-in.
        version: input.boulders.filter((boulder) => boulder !== null).length,
        qualificationGroupId: input.groupId,
      })),
    )
    .returning({ id: rounds.id, racerId: rounds.racerId });
  const roundIdByRacer = new Map(roundRows.map((row) => [row.racerId, row.id]));
  await tx.insert(boulderScores).values(
    inputs.flatMap((input) =>
      input.boulders.map((boulder, boulderIndex) => ({
        roundId: roundIdByRacer.get(input.racerId) ?? -1,
        boulderIndex,
        topAttempts: boulder?.topAttempts ?? null,
        zoneAttempts: boulder?.zoneAttempts ?? null,
        currentAttempt: boulder?.currentAttempt ?? 0,
      })),
    ),
  );
  const scored = inputs.filter((input) => input.boulders.some((boulder) => boulder !== null));
  if (scored.length === 0) return;
  const marks = (input: DemoRoundInput, climbed: boolean) =>
    input.boulders.map((boulder, boulderIndex) => ({
      boulderIndex,
      topAttempts: climbed ? (boulder?.topAttempts ?? null) : null,
      zoneAttempts: climbed ? (boulder?.zoneAttempts ?? null) : null,
      currentAttempt: climbed ? (boulder?.currentAttempt ?? 0) : 0,
    }));
  await tx.insert(scoreAuditLog).values(
    scored.map((input) => ({
      raceId,
      racerId: input.racerId,
      roundId: roundIdByRacer.get(input.racerId) ?? -1,
      action: 'BOULDERS_UPDATED' as const,
      before: marks(input, false),
      after: marks(input, true),
      at: scoredAt,
    })),
  );
}
