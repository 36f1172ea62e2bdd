import { LEAD_STYLES, MIXED_RANKINGS, RACE_FORMATS, RACE_GENDERS, STAGES, leadStyleOf, ranksSexesApart, stagesOf, type LeadStyle, type RaceFormat, type Stage } from '@climbing/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { withOfflineCache } from './offline-cache';

/**
 * What the judging, results and live pages need of a race and its event (GET /api/race/{id},
 * GET /api/event/{id}). Read leniently: a page still works on the race id alone when either
 * call fails, so scorecards and results never wait for the race settings screens.
 */
const raceInfoSchema = z.object({
  id: z.number(),
  eventId: z.number().nullish(),
  name: z.string(),
  discipline: z.string().nullish(),
  raceFormat: z.enum(RACE_FORMATS).nullish(),
  state: z.string().nullish(),
  allowedStates: z.array(z.string()).nullish(),
  qualificationGroups: z.array(z.object({ id: z.number(), name: z.string() })).nullish(),
  /** Speed settings: `type` WORLD_CUP (lanes A and B in qualification) or the nomination type. */
  speed: z.object({ type: z.string() }).nullish().catch(null),
  raceGender: z.enum(RACE_GENDERS).nullish().catch(null),
  mixedRanking: z.enum(MIXED_RANKINGS).nullish().catch(null),
  ageCategories: z.array(z.object({ id: z.number(), name: z.string() })).nullish().catch(null),
  /** Lead settings: the style of each stage. */
  lead: z
    .object({ qualificationStyle: z.enum(LEAD_STYLES).optional(), semifinalStyle: z.enum(LEAD_STYLES).optional(), finalStyle: z.enum(LEAD_STYLES).optional() })
    .nullish()
    .catch(null),
});

const eventInfoSchema = z.object({
  id: z.number(),
  name: z.string(),
  displayName: z.string().nullish(),
  startingDate: z.string().nullish(),
  /** The organiser, for the logos of printed results. */
  organization: z.object({ name: z.string(), logo: z.number().nullish(), secondaryLogo: z.number().nullish() }).nullish().catch(null),
});

export type RaceInfo = z.infer<typeof raceInfoSchema> & { event: z.infer<typeof eventInfoSchema> | null };

const eventOf = async (eventId: number | null | undefined, signal?: AbortSignal) => {
  if (eventId === null || eventId === undefined) return null;
  try {
    return await apiRequest(`/api/event/${eventId}`, { schema: eventInfoSchema, signal });
  } catch {
    return null;
  }
};

/** The race with its event, or null when the race cannot be read (not found, not published yet). */
export const getRaceInfo = async (raceId: number, signal?: AbortSignal): Promise<RaceInfo | null> => {
  try {
    const race = await apiRequest(`/api/race/${raceId}`, { schema: raceInfoSchema, signal });
    return { ...race, event: await eventOf(race.eventId, signal) };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return null;
    throw error;
  }
};

/** Kept on the device: a judge's scorecard still knows its race after a reload without a connection. */
export const raceInfoQueryOptions = (raceId: number) =>
  queryOptions({ queryKey: ['race-info', raceId] as const, queryFn: ({ signal }) => withOfflineCache(`race-info:${raceId}`, () => getRaceInfo(raceId, signal)) });

export const useRaceInfo = (raceId: number) => useQuery(raceInfoQueryOptions(raceId));

/** The stages of the race's format; every stage when the format is not known. */
export const raceStages = (race: RaceInfo | null | undefined): readonly Stage[] =>
  race?.raceFormat ? stagesOf(race.raceFormat as RaceFormat) : STAGES;

/** The race's title: "Men open · Winter Boulder Cup", or the id when the race could not be read. */
export const raceTitle = (race: RaceInfo | null | undefined, raceId: number): string => {
  if (!race) return `#${raceId}`;
  const event = race.event?.displayName ?? race.event?.name;
  return event ? `${race.name} · ${event}` : race.name;
};

/** A positive integer route parameter, or null. */
export const parseIdParam = (value: string | undefined): number | null => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** Whether the race ranks women and men apart (a MIXED race with mixedRanking SEPARATE); false when not known. */
export const raceRanksSexesApart = (race: RaceInfo | null | undefined): boolean =>
  race?.raceGender ? ranksSexesApart({ raceGender: race.raceGender, mixedRanking: race.mixedRanking ?? null }) : false;

/** The lead style of a stage (flash or on-sight), or null for the other disciplines. */
export const raceLeadStyle = (race: RaceInfo | null | undefined, stage: Stage): LeadStyle | null =>
  race?.discipline === 'LEAD' ? leadStyleOf(race.lead, stage) : null;
