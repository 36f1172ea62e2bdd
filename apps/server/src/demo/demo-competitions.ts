import type { Executor } from '../db/database.ts';
import { DEMO_ORGANIZATION, type DemoRacerPerson } from './demo-people.ts';
import { createRandom, type DemoRandom } from './demo-random.ts';
import {
  createDemoBoulderRace,
  createDemoEvent,
  DEMO_FINAL_RACERS,
  insertDemoRounds,
  registerDemoRacers,
  type DemoEntrant,
  type DemoEntrantInput,
  type DemoRoundInput,
} from './demo-races.ts';
import { advancingFromQualification, climbRound, FINAL_DIFFICULTY, QUALIFICATION_DIFFICULTY } from './demo-scores.ts';

const DAY_MS = 86_400_000;

/** Whole UTC days on YYYY-MM-DD strings, the format of every date column. */
export const shiftDate = (isoDate: string, days: number): string => new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The past race is held this many days before the demo runs: "a few months ago". */
export const PAST_RACE_DAYS_AGO = 84;

export interface CompetitionContext {
  organizationId: number;
  racers: readonly DemoRacerPerson[];
  userIdByEmail: ReadonlyMap<string, number>;
  /** Age categories both races are open to (U18, Juniori, Dospelí). */
  ageCategoryIds: readonly number[];
  today: string;
}

export interface DemoCompetition {
  eventId: number;
  raceId: number;
  startingDate: string;
}

/** Registration times spread over the registration window, so the list is not all one instant. */
const registrationTime = (random: DemoRandom, opening: string, closing: string): Date => {
  const start = Date.parse(`${opening}T08:00:00Z`);
  const end = Date.parse(`${closing}T20:00:00Z`);
  return new Date(start + Math.floor(random.next() * (end - start)));
};

/** Starting order within each group: a seeded draw, as the RANDOM starting-number order does. */
function startingOrder(random: DemoRandom, entrants: readonly DemoEntrant[], groupId: number): DemoEntrant[] {
  return random.shuffle(entrants.filter((entrant) => entrant.groupId === groupId).sort((a, b) => a.racerNumber - b.racerNumber));
}

/**
 * Today's event: 40 men in groups A, B, C, state QUALIFICATION_ONGOING. Groups A and B have
 * climbed and are closed; in group C the first six starters are done, two are on the wall and the
 * rest wait, so the scorecards, live view and partial results all have something to show.
 */
export async function createOngoingCompetition(tx: Executor, context: CompetitionContext): Promise<DemoCompetition> {
  const { today } = context;
  const year = today.slice(0, 4);
  const eventId = await createDemoEvent(tx, {
    organizationId: context.organizationId,
    name: `Veľká cena Bratislavy v boulderingu ${year}`,
    displayName: `VC Bratislavy ${year}`,
    description: 'Dvojdňové preteky v boulderingu: kvalifikácia v troch skupinách, finále ôsmich najlepších. (Ukážkové dáta.)',
    startingDate: today,
    closingDate: shiftDate(today, 1),
    address: { street: 'Karloveská', streetNumber: '63', city: 'Bratislava', zipcode: '841 04' },
  });
  const opening = shiftDate(today, -30);
  const closing = shiftDate(today, -2);
  const { raceId, groupIds } = await createDemoBoulderRace(tx, {
    eventId,
    name: 'Muži',
    description: 'Otvorená kategória mužov od 16 rokov, hodnotenie IFSC body.',
    state: 'QUALIFICATION_ONGOING',
    scoringType: 'IFSC_POINTS',
    startingDate: today,
    endDate: shiftDate(today, 1),
    openingRegistrationDate: opening,
    closingRegistrationDate: closing,
    location: 'Lezecká stena HKB, Karlova Ves',
    racerNumberSequence: 101 + context.racers.length,
    startingListSeed: 7002,
    ageCategoryIds: context.ageCategoryIds,
    groups: [
      { name: 'A', state: 'QUALIFICATION_CLOSED' },
      { name: 'B', state: 'QUALIFICATION_CLOSED' },
      { name: 'C', state: 'QUALIFICATION' },
    ],
  });

  const random = createRandom(7001);
  const entrants: DemoEntrantInput[] = random.shuffle(context.racers).map((person, index) => ({
    person,
    racerNumber: 101 + index,
    // Dealt out in registration order, the way organisers balance groups: 14, 13 and 13 racers.
    groupId: groupIds[index % groupIds.length] ?? -1,
    registeredAt: registrationTime(random, opening, closing),
  }));
  const registered = await registerDemoRacers(tx, raceId, entrants, context.userIdByEmail);

  const orderRandom = createRandom(7002);
  const scoreRandom = createRandom(7003);
  const groupC = groupIds[2];
  const roundInputs: DemoRoundInput[] = groupIds.flatMap((groupId) =>
    startingOrder(orderRandom, registered, groupId).map((entrant, index): DemoRoundInput => {
      const startingNumber = index + 1;
      const climbed = climbRound(scoreRandom, entrant.person.ability, QUALIFICATION_DIFFICULTY);
      if (groupId !== groupC || startingNumber <= 6) return { racerId: entrant.racerId, startingNumber, state: 'CLOSED', groupId, boulders: climbed };
      // Starters 7 and 8 of group C are climbing now: 3 and 1 boulders entered.
      const done = startingNumber === 7 ? 3 : startingNumber === 8 ? 1 : 0;
      return {
        racerId: entrant.racerId,
        startingNumber,
        state: done > 0 ? 'STARTED' : 'READY',
        groupId,
        boulders: climbed.map((boulder, boulderIndex) => (boulderIndex < done ? boulder : null)),
      };
    }),
  );
  // Scored a few minutes ago: the live results say when the last score came.
  await insertDemoRounds(tx, raceId, 'QUALIFICATION', roundInputs, new Date(Date.now() - 4 * 60_000));
  return { eventId, raceId, startingDate: today };
}

/**
 * An event 12 weeks ago: 24 of the same men in groups A and B, qualification and final climbed,
 * race FINISHED. The finalists are not picked by hand: the qualification is ranked with the
 * domain (groups ranked, merged, selectAdvancing with the race's quota), as the server will do.
 */
export async function createPastCompetition(tx: Executor, context: CompetitionContext): Promise<DemoCompetition> {
  const date = shiftDate(context.today, -PAST_RACE_DAYS_AGO);
  const eventId = await createDemoEvent(tx, {
    organizationId: context.organizationId,
    name: `Boulder Open Petržalka ${date.slice(0, 4)}`,
    displayName: 'Boulder Open Petržalka',
    description: 'Jednodňové preteky v boulderingu: doobeda kvalifikácia v dvoch skupinách, večer finále. (Ukážkové dáta.)',
    startingDate: date,
    closingDate: date,
    address: { street: 'Einsteinova', streetNumber: '20', city: 'Bratislava', zipcode: '851 01' },
  });
  const opening = shiftDate(date, -40);
  const closing = shiftDate(date, -3);
  const fieldSize = 24;
  const { raceId, groupIds } = await createDemoBoulderRace(tx, {
    eventId,
    name: 'Muži',
    description: 'Otvorená kategória mužov od 16 rokov, hodnotenie topy a zóny.',
    state: 'FINISHED',
    scoringType: 'TOPS_ZONES',
    startingDate: date,
    endDate: date,
    openingRegistrationDate: opening,
    closingRegistrationDate: closing,
    location: 'Boulderovňa Petržalka',
    racerNumberSequence: fieldSize + 1,
    startingListSeed: 8002,
    ageCategoryIds: context.ageCategoryIds,
    groups: [
      { name: 'A', state: 'QUALIFICATION_CLOSED' },
      { name: 'B', state: 'QUALIFICATION_CLOSED' },
    ],
  });

  const random = createRandom(8001);
  const entrants: DemoEntrantInput[] = random
    .shuffle(context.racers)
    .slice(0, fieldSize)
    .map((person, index) => ({ person, racerNumber: index + 1, groupId: groupIds[index % groupIds.length] ?? -1, registeredAt: registrationTime(random, opening, closing) }));
  const registered = await registerDemoRacers(tx, raceId, entrants, context.userIdByEmail);

  const orderRandom = createRandom(8002);
  const scoreRandom = createRandom(8003);
  const qualification: DemoRoundInput[] = groupIds.flatMap((groupId) =>
    startingOrder(orderRandom, registered, groupId).map((entrant, index) => ({
      racerId: entrant.racerId,
      startingNumber: index + 1,
      state: 'CLOSED' as const,
      groupId,
      boulders: climbRound(scoreRandom, entrant.person.ability, QUALIFICATION_DIFFICULTY),
    })),
  );
  await insertDemoRounds(tx, raceId, 'QUALIFICATION', qualification, new Date(`${date}T11:30:00Z`));

  const entrantByRacerId = new Map(registered.map((entrant) => [entrant.racerId, entrant]));
  const finalists = advancingFromQualification(
    qualification.map((round) => ({
      racerId: String(round.racerId),
      groupKey: String(round.groupId),
      boulders: round.boulders.map((boulder) => boulder ?? { topAttempts: null, zoneAttempts: null }),
      isMember: entrantByRacerId.get(round.racerId)?.member ?? false,
      isOrgCountry: entrantByRacerId.get(round.racerId)?.person.country === DEMO_ORGANIZATION.country,
    })),
    { scoringType: 'TOPS_ZONES', quota: DEMO_FINAL_RACERS, minMembers: 0, minOrgCountry: 0 },
  );
  // In the final the best qualifier climbs last, so starting numbers run in reverse rank order.
  const final: DemoRoundInput[] = finalists.map((finalist, index) => {
    const entrant = entrantByRacerId.get(Number(finalist.racerId));
    if (!entrant) throw new Error(`Finalist ${finalist.racerId} is not a racer of the race`);
    return {
      racerId: entrant.racerId,
      startingNumber: finalists.length - index,
      state: 'CLOSED',
      groupId: null,
      boulders: climbRound(scoreRandom, entrant.person.ability, FINAL_DIFFICULTY),
    };
  });
  await insertDemoRounds(tx, raceId, 'FINAL', final, new Date(`${date}T17:30:00Z`));
  return { eventId, raceId, startingDate: date };
}
