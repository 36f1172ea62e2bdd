import { expect, type APIRequestContext } from '@playwright/test';
import { ADMIN } from './app';

/*
 * Races with results for the screens of issue 14, built through the HTTP API only: a bouldering race
 * whose qualification and final are climbed, a lead qualification and a speed qualification. Names
 * are long on purpose (a phone has to wrap them) and the figures are chosen so each one can be looked for.
 */

/** A calendar date `days` from today (UTC, the server's "today"), as YYYY-MM-DD. */
const isoDay = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export type Mark = { topAttempts: number | null; zoneAttempts: number | null };
export type LeadMark = { hold: number | null; plus?: boolean; top?: boolean };

export interface ResultsRace {
  raceId: number;
  organizationId: number;
  eventName: string;
  racers: { racerNumber: number; fullName: string }[];
}

type Call = (method: 'get' | 'post' | 'put' | 'delete', url: string, data?: unknown) => Promise<Record<string, unknown>>;

/** Calls the API as the e2e super admin; fails the test on any refusal. */
export async function adminCall(request: APIRequestContext): Promise<Call> {
  const login = await request.post('/api/token/create', { data: ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  return async (method, url, data) => {
    const response = await request[method](url, { headers: { Authorization: `Bearer ${token}` }, data });
    expect(response.ok(), `${method.toUpperCase()} ${url} answered ${response.status()}: ${await response.text()}`).toBe(true);
    return response.status() === 204 ? {} : ((await response.json()) as Record<string, unknown>);
  };
}

interface RaceSetup {
  discipline: 'BOULDERING' | 'LEAD' | 'SPEED';
  settings: Record<string, unknown>;
  names: readonly string[];
  /** Qualification group names; the racers are dealt round the groups in order. */
  groups?: readonly string[];
  raceFormat?: 'QUALIFICATION' | 'QUALIFICATION_FINAL';
  /** A MIXED race ranks women and men apart; its racers alternate woman, man (default: a MEN race). */
  mixed?: boolean;
  /** Age categories of the organisation (created with the race's organisation), each racer's age picked round them. */
  ageCategories?: readonly { name: string; fromAge: number; toAge?: number }[];
}

interface RoundView {
  id: number;
  version: number;
  boulders: { id: number | null; boulderIndex: number }[];
  routes: { id: number | null }[];
  speedRoutes: { id: number | null }[];
}
type ListedRacer = { id: number; racerNumber: number; fullName: string; rounds: RoundView[] };

/** A public MEN (or MIXED) race of one discipline in its qualification with present racers. */
async function raceInQualification(call: Call, setup: RaceSetup): Promise<ResultsRace & { listed: (stage: string) => Promise<ListedRacer[]> }> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const organization = await call('post', '/api/organization', { name: `Screens Club ${suffix}`, shortcut: `R${suffix}`.slice(0, 10).toUpperCase() });
  const today = isoDay(0);
  const eventName = `Screens Cup ${setup.discipline.toLowerCase()} ${suffix}`;
  const groups = setup.groups ?? ['A'];
  const categories: { id: number; fromAge: number }[] = [];
  for (const category of setup.ageCategories ?? []) categories.push((await call('post', `/api/organization/${organization.id as number}/age-category`, category)) as unknown as { id: number; fromAge: number });
  const event = (await call('post', '/api/event', {
    organizationId: organization.id,
    name: eventName,
    startingDate: today,
    closingDate: today,
    isPublic: true,
    onlineRegistration: true,
    allowedUnregisteredUsers: true,
    races: [
      {
        name: `${setup.discipline.toLowerCase()} ${setup.mixed ? 'women and men' : 'men'}`,
        discipline: setup.discipline,
        ...(setup.mixed ? { raceGender: 'MIXED', mixedRanking: 'SEPARATE' } : { raceGender: 'MEN' }),
        ...(categories.length > 0 ? { ageCategories: categories.map((category) => category.id) } : {}),
        raceFormat: setup.raceFormat ?? 'QUALIFICATION_FINAL',
        startingDate: today,
        endDate: today,
        openingRegistrationDate: isoDay(-1),
        closingRegistrationDate: today,
        ...setup.settings,
        qualificationGroups: groups.map((name) => ({ name })),
      },
    ],
  })) as unknown as { races: { id: number; qualificationGroups: { id: number }[] }[] };
  const race = event.races[0]!;
  await call('put', `/api/race/${race.id}/state`, { state: 'UPCOMING' });
  await call('put', `/api/race/${race.id}/state`, { state: 'OPEN_REGISTRATION' });
  for (const [index, fullName] of setup.names.entries()) {
    const [name, ...surname] = fullName.split(' ');
    const group = race.qualificationGroups[index % race.qualificationGroups.length]!;
    const registration = await call('post', `/api/race-registration/${race.id}/register-unregistered-user/`, {
      name,
      surname: surname.join(' '),
      club: 'Horolezecký klub Vysoké Tatry',
      sex: setup.mixed && index % 2 === 0 ? 'F' : 'M',
      // Old enough for the category in turn (born on 1 January, so the age is the same on any race day of the year).
      birthday: categories.length > 0 ? `${Number(today.slice(0, 4)) - categories[index % categories.length]!.fromAge}-01-01` : '1999-04-01',
      country: 'SK',
      qualificationGroupId: group.id,
    });
    await call('put', `/api/race-registration/${registration.id as number}/PRESENT`, {});
  }
  for (const group of race.qualificationGroups) await call('put', `/api/qualification-group/${group.id}/state`, { state: 'QUALIFICATION' });
  await call('put', `/api/race/${race.id}/state`, { state: 'QUALIFICATION_ONGOING' });
  const listed = async (stage: string) => (await call('get', `/api/racer/list?race=${race.id}&stage=${stage}`)) as unknown as ListedRacer[];
  const racers = (await listed('QUALIFICATION')).map(({ racerNumber, fullName }) => ({ racerNumber, fullName }));
  return { raceId: race.id, organizationId: organization.id as number, eventName, racers, listed };
}

/** Writes each racer's boulders (by full name) into the racer's round of the stage. */
async function scoreBoulders(call: Call, racers: ListedRacer[], marks: Record<string, readonly Mark[]>): Promise<void> {
  for (const racer of racers) {
    const wanted = marks[racer.fullName];
    if (!wanted) continue;
    const round = racer.rounds[0]!;
    const boulders = round.boulders.map((boulder, index) => {
      const mark = wanted[index] ?? { topAttempts: null, zoneAttempts: null };
      return { id: boulder.id, boulderIndex: boulder.boulderIndex, ...mark, currentAttempt: mark.topAttempts ?? mark.zoneAttempts ?? 3 };
    });
    await call('put', `/api/racer/${racer.id}/round/${round.id}`, { version: round.version, boulders });
  }
}

export const BOULDER_QUALIFICATION: Record<string, readonly Mark[]> = {
  'Adam Skalnatý-Vysokohorský': [{ topAttempts: 1, zoneAttempts: 1 }, { topAttempts: 2, zoneAttempts: 1 }, { topAttempts: 1, zoneAttempts: 1 }, { topAttempts: null, zoneAttempts: 2 }],
  'Boris Chytrý': [{ topAttempts: 1, zoneAttempts: 1 }, { topAttempts: 3, zoneAttempts: 2 }, { topAttempts: null, zoneAttempts: 1 }, { topAttempts: null, zoneAttempts: null }],
  'Cyril Pevný': [{ topAttempts: 2, zoneAttempts: 1 }, { topAttempts: null, zoneAttempts: 1 }, { topAttempts: null, zoneAttempts: 4 }, { topAttempts: null, zoneAttempts: null }],
  'Dušan Zdatný': [{ topAttempts: 4, zoneAttempts: 2 }, { topAttempts: null, zoneAttempts: 3 }, { topAttempts: null, zoneAttempts: null }, { topAttempts: null, zoneAttempts: null }],
};
/** The final: Cyril wins with one top; Adam, the best of the qualification, is third. */
export const BOULDER_FINAL: Record<string, readonly Mark[]> = {
  'Cyril Pevný': [{ topAttempts: 1, zoneAttempts: 1 }, { topAttempts: null, zoneAttempts: 2 }],
  'Boris Chytrý': [{ topAttempts: 3, zoneAttempts: 1 }, { topAttempts: null, zoneAttempts: 1 }],
  'Adam Skalnatý-Vysokohorský': [{ topAttempts: null, zoneAttempts: 1 }, { topAttempts: null, zoneAttempts: 5 }],
};

/** A bouldering race (tops and zones) with its qualification and its final of three climbed. */
export async function boulderingRaceWithFinal(request: APIRequestContext): Promise<ResultsRace> {
  const call = await adminCall(request);
  const race = await raceInQualification(call, {
    discipline: 'BOULDERING',
    settings: { bouldering: { numberOfQualificationBoulders: 4, numberOfFinalBoulders: 2, numberOfFinalRacers: 3, scoringType: 'TOPS_ZONES' } },
    names: Object.keys(BOULDER_QUALIFICATION),
  });
  await scoreBoulders(call, await race.listed('QUALIFICATION'), BOULDER_QUALIFICATION);
  await call('put', `/api/race/${race.raceId}/state`, { state: 'FINALS_ONGOING' });
  await scoreBoulders(call, await race.listed('FINAL'), BOULDER_FINAL);
  return race;
}

export const LEAD_QUALIFICATION: Record<string, readonly LeadMark[]> = {
  'Emil Lezúci-Dlhoprstý': [{ hold: 28, plus: true }, { hold: null, top: true }],
  'František Vytrvalý': [{ hold: 31 }, { hold: 17, plus: true }],
  'Gustáv Opatrný': [{ hold: 12 }, { hold: 22 }],
};

/** A lead race with its qualification of two routes climbed. */
export async function leadRaceInQualification(request: APIRequestContext): Promise<ResultsRace> {
  const call = await adminCall(request);
  const race = await raceInQualification(call, {
    discipline: 'LEAD',
    settings: { lead: { numberOfQualificationRoutes: 2, numberOfFinalRacers: 8 } },
    names: Object.keys(LEAD_QUALIFICATION),
  });
  for (const racer of await race.listed('QUALIFICATION')) {
    const round = racer.rounds[0]!;
    for (const [index, route] of round.routes.entries()) {
      const mark = LEAD_QUALIFICATION[racer.fullName]![index]!;
      await call('put', `/api/racer/${racer.id}/route/${route.id}`, { hold: mark.hold, plus: mark.plus ?? false, top: mark.top ?? false });
    }
  }
  return race;
}

/** Lane A and lane B in milliseconds; null = a fall. */
export const SPEED_QUALIFICATION: Record<string, readonly [number | null, number | null]> = {
  'Henrich Bleskurýchly-Svižný': [6850, 7100],
  'Igor Rýchly': [7200, 6950],
  'Ján Padavý': [null, 7400],
};

/** A world-cup speed race with its qualification run. */
export async function speedRaceInQualification(request: APIRequestContext): Promise<ResultsRace> {
  const call = await adminCall(request);
  const race = await raceInQualification(call, {
    discipline: 'SPEED',
    settings: { speed: { type: 'WORLD_CUP', numberOfRoutes: 2, numberOfAttempts: 1, numberOfFinalRacers: 16, raceFormat: 'QUALIFICATION_FINAL' } },
    names: Object.keys(SPEED_QUALIFICATION),
  });
  for (const racer of await race.listed('QUALIFICATION')) {
    const round = racer.rounds[0]!;
    for (const [index, run] of round.speedRoutes.entries()) {
      const time = SPEED_QUALIFICATION[racer.fullName]![index] ?? null;
      await call('put', `/api/racer/${racer.id}/speed-route/${run.id}`, { time, fall: time === null });
    }
  }
  return race;
}

/**
 * A crowded bouldering qualification: `count` racers dealt into groups A and B, everyone with a
 * score; `rescore` changes one racer's boulders later. `nameOf` names the racers (default
 * "Climber07 Projektorový"; names must differ).
 */
export async function crowdedBoulderingQualification(
  request: APIRequestContext,
  count: number,
  nameOf: (index: number) => string = (index) => `Climber${String(index + 1).padStart(2, '0')} Projektorový`,
): Promise<ResultsRace & { rescore: (racerNumber: number, marks: readonly Mark[]) => Promise<void> }> {
  const call = await adminCall(request);
  const names = Array.from({ length: count }, (_, index) => nameOf(index));
  const race = await raceInQualification(call, {
    discipline: 'BOULDERING',
    settings: { bouldering: { numberOfQualificationBoulders: 4, numberOfFinalBoulders: 4, numberOfFinalRacers: 6, scoringType: 'TOPS_ZONES' } },
    names,
    groups: ['A', 'B'],
  });
  const marks = Object.fromEntries(
    names.map((name, index) => [
      name,
      [0, 1, 2, 3].map((boulder) => (boulder < index % 5 ? { topAttempts: 1 + (index % 3), zoneAttempts: 1 } : { topAttempts: null, zoneAttempts: boulder === 3 ? null : 2 + (index % 2) })),
    ]),
  );
  await scoreBoulders(call, await race.listed('QUALIFICATION'), marks);
  const rescore = async (racerNumber: number, wanted: readonly Mark[]) => {
    const racer = (await race.listed('QUALIFICATION')).find((candidate) => candidate.racerNumber === racerNumber);
    if (!racer) throw new Error(`no racer number ${racerNumber}`);
    await scoreBoulders(call, [racer], { [racer.fullName]: wanted });
  };
  return { ...race, rescore };
}

/** A wide bouldering qualification of a race ranking women and men apart: `perSex` women and men, five boulders, two age categories, everyone scored. */
export async function mixedBoulderingQualification(request: APIRequestContext, perSex: number): Promise<ResultsRace> {
  const call = await adminCall(request);
  const names = Array.from({ length: perSex * 2 }, (_, index) => `${index % 2 === 0 ? 'Zuzana' : 'Zdenko'}${String(index + 1).padStart(2, '0')} Tlačová-Široká`);
  const race = await raceInQualification(call, {
    discipline: 'BOULDERING',
    settings: { bouldering: { numberOfQualificationBoulders: 5, numberOfFinalBoulders: 4, numberOfFinalRacers: 6, scoringType: 'TOPS_ZONES' } },
    names,
    mixed: true,
    ageCategories: [
      { name: 'Mládež', fromAge: 14, toAge: 19 },
      { name: 'Dospelí', fromAge: 20 },
    ],
  });
  const marks = Object.fromEntries(
    names.map((name, index) => [
      name,
      [0, 1, 2, 3, 4].map((boulder) => (boulder < index % 6 ? { topAttempts: 1 + ((index + boulder) % 4), zoneAttempts: 1 } : { topAttempts: null, zoneAttempts: boulder === 4 ? null : 1 + (index % 3) })),
    ]),
  );
  await scoreBoulders(call, await race.listed('QUALIFICATION'), marks);
  return race;
}

interface BracketMatch {
  id: number;
  version: number;
  racerA: { id: number } | null;
  racerB: { id: number } | null;
  winnerRacerId: number | null;
}

/** A finished world-cup speed race of eight racers: the qualification run, then the bracket of eight (lane A wins every match). */
export async function speedRaceWithFinal(request: APIRequestContext): Promise<ResultsRace> {
  const call = await adminCall(request);
  const names = ['Henrich Bleskurýchly-Svižný', 'Igor Rýchly', 'Ján Padavý', 'Karol Šikovný', 'Ladislav Ľahký', 'Matúš Mrštný', 'Norbert Náhly', 'Ondrej Obratný'];
  const race = await raceInQualification(call, {
    discipline: 'SPEED',
    settings: { speed: { type: 'WORLD_CUP', numberOfRoutes: 2, numberOfAttempts: 1, numberOfFinalRacers: 8, raceFormat: 'QUALIFICATION_FINAL' } },
    names,
  });
  for (const [index, racer] of (await race.listed('QUALIFICATION')).entries()) {
    for (const [lane, run] of racer.rounds[0]!.speedRoutes.entries()) await call('put', `/api/racer/${racer.id}/speed-route/${run.id}`, { time: 6100 + index * 130 + lane * 40, fall: false });
  }
  await call('put', `/api/race/${race.raceId}/state`, { state: 'FINALS_ONGOING' });
  // Quarter-finals, semi-finals, then the small and the big final: each pass enters every match whose two racers are known.
  for (let pass = 0; pass < 4; pass++) {
    const { matches } = (await call('get', `/api/race/${race.raceId}/speed-bracket`)) as unknown as { matches: BracketMatch[] };
    for (const match of matches.filter((candidate) => candidate.winnerRacerId === null && candidate.racerA && candidate.racerB)) {
      const winner = 5600 + (match.id % 40) * 10;
      await call('put', `/api/speed-match/${match.id}`, { racerA: { time: winner, fall: false, falseStart: false }, racerB: { time: winner + 333, fall: false, falseStart: false }, version: match.version });
    }
  }
  await call('put', `/api/race/${race.raceId}/state`, { state: 'FINISHED' });
  return race;
}
