import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const deviceSchema = z.object({
  deviceId: z.string(),
  userName: z.string().nullable(),
  judgeLogin: z.string().nullable(),
  pending: z.number(),
  oldestPendingAt: z.string().nullable(),
  lastSeenAt: z.string(),
});

export type ScoringDevice = z.infer<typeof deviceSchema>;

/** GET /api/race/{raceId}/scoring-devices: the judges' devices that reported, with their unsent entries (organisers). */
export const scoringDevicesQueryOptions = (raceId: number) =>
  queryOptions({
    queryKey: ['scoring-devices', raceId] as const,
    queryFn: ({ signal }) => apiRequest(`/api/race/${raceId}/scoring-devices`, { schema: z.array(deviceSchema), signal }),
    refetchInterval: 15_000,
  });

export const useScoringDevices = (raceId: number) => useQuery(scoringDevicesQueryOptions(raceId));
