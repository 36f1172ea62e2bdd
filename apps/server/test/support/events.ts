import { addDays, toIsoDate } from '@climbing/domain';
import type { Client } from './accounts.ts';

export const TODAY = toIsoDate(new Date());
/** A date `days` away from today (negative = past). */
export const day = (days: number): string => addDays(TODAY, days);

/** The documented example body of issue 5 (POST /api/event), for an organization. */
export const exampleEvent = (organizationId: number) => ({
  organizationId,
  name: 'Winter Boulder Cup',
  startingDate: '2026-12-05',
  closingDate: '2026-12-05',
  isPublic: true,
  onlineRegistration: true,
  allowedUnregisteredUsers: true,
  races: [
    {
      name: 'Men open',
      discipline: 'BOULDERING',
      raceGender: 'MEN',
      raceFormat: 'QUALIFICATION_FINAL',
      startingDate: '2026-12-05',
      endDate: '2026-12-05',
      openingRegistrationDate: '2026-11-01',
      closingRegistrationDate: '2026-12-04',
      bouldering: { numberOfQualificationBoulders: 4, numberOfFinalBoulders: 4, numberOfFinalRacers: 8, scoringType: 'IFSC_POINTS' },
      qualificationGroups: [{ name: 'A' }],
    },
  ],
});

export interface RaceOptions {
  name?: string;
  raceGender?: 'MEN' | 'WOMEN' | 'MIXED';
  groups?: number;
  ageCategories?: number[];
  maxRacersCount?: number;
  opening?: string | null;
  closing?: string | null;
  startingNumberOrder?: 'RANDOM' | 'BY_RACER_NUMBER';
  extra?: Record<string, unknown>;
}

/** A race body around today: registration open from yesterday to in ten days, the race in twenty. */
export const raceBody = (options: RaceOptions = {}) => ({
  name: options.name ?? 'Open',
  raceGender: options.raceGender ?? 'MIXED',
  startingDate: day(20),
  endDate: day(20),
  openingRegistrationDate: options.opening === undefined ? day(-1) : options.opening,
  closingRegistrationDate: options.closing === undefined ? day(10) : options.closing,
  qualificationGroups: Array.from({ length: options.groups ?? 1 }, () => ({})),
  ...(options.ageCategories ? { ageCategories: options.ageCategories } : {}),
  ...(options.maxRacersCount !== undefined ? { maxRacersCount: options.maxRacersCount } : {}),
  ...(options.startingNumberOrder ? { startingNumberOrder: options.startingNumberOrder } : {}),
  ...options.extra,
});

export interface CreatedEvent {
  id: number;
  races: { id: number; qualificationGroups: { id: number; name: string }[] }[];
  [key: string]: unknown;
}

/** Creates an event (visible, one race by default) and returns the API's answer; fails loudly. */
export async function createEvent(api: Client, token: string, organizationId: number, body: Record<string, unknown> = {}, races: unknown[] = [raceBody()]): Promise<CreatedEvent> {
  const response = await api.call('POST', '/api/event', {
    token,
    payload: { organizationId, name: 'Cup', startingDate: day(20), closingDate: day(20), isHidden: false, races, ...body },
  });
  if (response.statusCode !== 201) throw new Error(`create event: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Moves a race to OPEN_REGISTRATION (HIDDEN -> UPCOMING -> OPEN_REGISTRATION). */
export async function openRegistration(api: Client, token: string, raceId: number): Promise<void> {
  for (const state of ['UPCOMING', 'OPEN_REGISTRATION']) {
    const response = await api.call('PUT', `/api/race/${raceId}/state`, { token, payload: { state } });
    if (response.statusCode !== 200) throw new Error(`race state ${state}: ${response.statusCode} ${response.body}`);
  }
}
