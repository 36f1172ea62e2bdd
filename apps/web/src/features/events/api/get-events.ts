import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

export const EVENT_PERIODS = ['actual', 'history'] as const;
export type EventPeriod = (typeof EVENT_PERIODS)[number];

// The public event summary of spec section 3, limited to what the list shows.
const eventSummarySchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  displayName: z.string().nullish(),
  city: z.string().nullish(),
  country: z.string().nullish(),
  organizationName: z.string().nullish(),
  startingDate: z.string(),
  closingDate: z.string().nullish(),
});

export type EventSummary = z.infer<typeof eventSummarySchema>;

export const getEvents = async (period: EventPeriod, signal?: AbortSignal): Promise<EventSummary[]> => {
  try {
    return await apiRequest(`/api/event?period=${period}`, { schema: z.array(eventSummarySchema), signal });
  } catch (error) {
    // Nothing published (or the list endpoint not deployed yet) is an empty list, not a failure.
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
};

export const eventsQueryOptions = (period: EventPeriod) =>
  queryOptions({
    queryKey: ['events', { period }] as const,
    queryFn: ({ signal }) => getEvents(period, signal),
  });

export const useEvents = (period: EventPeriod) => useQuery(eventsQueryOptions(period));
