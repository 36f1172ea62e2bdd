import { queryOptions, useQuery } from '@tanstack/react-query';
import { guard as g } from '@climbing/domain';
import { apiRequest } from '../../../lib/api-client';

/** Spec 3 Live race summary as GET /api/live answers it. */
const liveRaceSchema = g.object({
  id: g.number(),
  name: g.string(),
  eventId: g.nullish(g.number()),
  eventName: g.string(),
  eventDisplayName: g.nullable(g.string()),
  organizationName: g.string(),
  racerCount: g.number(),
  state: g.string(),
  discipline: g.nullish(g.string()),
  city: g.nullable(g.string()),
});

export type LiveRace = g.Infer<typeof liveRaceSchema>;

export const liveRacesQueryOptions = queryOptions({
  queryKey: ['live-races'] as const,
  queryFn: ({ signal }) => apiRequest('/api/live', { schema: g.array(liveRaceSchema), signal }),
  staleTime: 15_000,
  refetchInterval: 60_000,
});

export const useLiveRaces = () => useQuery(liveRacesQueryOptions);
