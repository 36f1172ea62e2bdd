import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** Spec 3 Live race summary as GET /api/live answers it. */
const liveRaceSchema = z.object({
  id: z.number(),
  name: z.string(),
  eventId: z.number().nullish(),
  eventName: z.string(),
  eventDisplayName: z.string().nullable(),
  organizationName: z.string(),
  racerCount: z.number(),
  state: z.string(),
  discipline: z.string().nullish(),
  city: z.string().nullable(),
});

export type LiveRace = z.infer<typeof liveRaceSchema>;

export const liveRacesQueryOptions = queryOptions({
  queryKey: ['live-races'] as const,
  queryFn: ({ signal }) => apiRequest('/api/live', { schema: z.array(liveRaceSchema), signal }),
  staleTime: 15_000,
  refetchInterval: 60_000,
});

export const useLiveRaces = () => useQuery(liveRacesQueryOptions);
