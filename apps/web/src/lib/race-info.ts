import { LEAD_STYLES, MIXED_RANKINGS, RACE_FORMATS, RACE_GENDERS, STAGES, leadStyleOf, ranksSexesApart, stagesOf, type LeadStyle, type RaceFormat, type Stage, guard as g } from '@climbing/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { withOfflineCache } from './offline-cache';

/**
 * What the judging, results and live pages need of a race and its event (GET /api/race/{id},
 * GET /api/event/{id}). Read leniently: a page still works on the race id alone when either
 * call fails, so scorecards and results never wait for the race settings screens.
 */
/** Optional settings a page can do without: a value it cannot read counts as absent. */
const lenient = <T>(schema: g.Guard<T, boolean>) => g.withFallback(g.nullish(schema), null);

const raceInfoSchema = g.object({
  id: g.number(),
  eventId: g.nullish(g.number()),
  name: g.string(),
  /** The race's day (YYYY-MM-DD), named on its printed results. */
  startingDate: lenient(g.string()),
  discipline: g.nullish(g.string()),
  raceFormat: g.nullish(g.oneOf(RACE_FORMATS)),
  state: g.nullish(g.string()),
  allowedStates: g.nullish(g.array(g.string())),
  qualificationGroups: g.nullish(g.array(g.object({ id: g.number(), name: g.string() }))),
  /** Speed settings: `type` WORLD_CUP (lanes A and B in qualification) or the nomination type. */
  speed: lenient(g.object({ type: g.string() })),
  raceGender: lenient(g.oneOf(RACE_GENDERS)),
  mixedRanking: lenient(g.oneOf(MIXED_RANKINGS)),
  ageCategories: lenient(g.array(g.object({ id: g.number(), name: g.string() }))),
  /** Lead settings: the style of each stage. */
  lead: lenient(
    g.object({ qualificationStyle: g.optional(g.oneOf(LEAD_STYLES)), semifinalStyle: g.optional(g.oneOf(LEAD_STYLES)), finalStyle: g.optional(g.oneOf(LEAD_STYLES)) }),
  ),
});

const eventInfoSchema = g.object({
  id: g.number(),
  name: g.string(),
  displayName: g.nullish(g.string()),
  startingDate: g.nullish(g.string()),
  /** The organiser, for the logos of printed results. */
  organization: lenient(g.object({ name: g.string(), logo: g.nullish(g.string()), secondaryLogo: g.nullish(g.string()) })),
});

export type RaceInfo = g.Infer<typeof raceInfoSchema> & { event: g.Infer<typeof eventInfoSchema> | null };

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

/** Whether a speed qualification's runs are lanes A and B (world-cup type) or routes and attempts; undefined when the settings are unknown. */
export const raceSpeedLanes = (race: RaceInfo | null | undefined): boolean | undefined => (race?.speed?.type ? race.speed.type === 'WORLD_CUP' : undefined);
