import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

export const EVENT_PERIODS = ['actual', 'history', 'planned', 'open-registration'] as const;
export type EventPeriod = (typeof EVENT_PERIODS)[number];

/** The list filters besides the period (GET /api/event?q=&organizationId=&country=&mine=true&month=YYYY-MM). */
export interface EventFilters {
  q?: string;
  organizationId?: number | null;
  country?: string | null;
  mine?: boolean;
  /** YYYY-MM: events taking place in that month. */
  month?: string | null;
}

const raceSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  discipline: z.string(),
  raceGender: z.string(),
  state: z.string(),
  racersCount: z.number().nullish(),
});

// The public event summary of spec section 3, limited to what the list shows (read leniently).
const eventSummarySchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  displayName: z.string().nullish(),
  city: z.string().nullish(),
  country: z.string().nullish(),
  organizationId: z.number().nullish(),
  organizationName: z.string().nullish(),
  startingDate: z.string(),
  closingDate: z.string().nullish(),
  isHidden: z.boolean().nullish(),
  isPublic: z.boolean().nullish(),
  races: z.array(raceSummarySchema).nullish(),
});

export type EventSummary = z.infer<typeof eventSummarySchema>;

/** The list URL; without filters it stays `/api/event?period=actual` (the documented query). */
export const eventListPath = (period: EventPeriod | null, filters: EventFilters = {}): string => {
  const params = new URLSearchParams();
  if (period !== null) params.set('period', period);
  const q = filters.q?.trim();
  if (q) params.set('q', q);
  if (filters.organizationId) params.set('organizationId', String(filters.organizationId));
  if (filters.country) params.set('country', filters.country);
  if (filters.mine) params.set('mine', 'true');
  if (filters.month) params.set('month', filters.month);
  const query = params.toString();
  return query === '' ? '/api/event' : `/api/event?${query}`;
};

export const getEvents = async (period: EventPeriod | null, filters: EventFilters = {}, signal?: AbortSignal): Promise<EventSummary[]> => {
  try {
    return await apiRequest(eventListPath(period, filters), { schema: z.array(eventSummarySchema), signal });
  } catch (error) {
    // Nothing published (or the list endpoint not deployed yet) is an empty list, not a failure.
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
};

export const eventsQueryOptions = (period: EventPeriod | null, filters: EventFilters = {}) =>
  queryOptions({
    queryKey: ['events', { period, ...filters }] as const,
    queryFn: ({ signal }) => getEvents(period, filters, signal),
  });

export const useEvents = (period: EventPeriod, filters: EventFilters = {}) => useQuery(eventsQueryOptions(period, filters));
