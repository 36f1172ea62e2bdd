import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const auditEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  at: z.string(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  judgeAccountId: z.number().nullable(),
  /** The judge's device and when the entry was made on it; `at` is when the server received it. */
  deviceId: z.string().nullish(),
  deviceAt: z.string().nullish(),
  before: z.unknown(),
  after: z.unknown(),
});

export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/racer/{racerId}/round/{roundId}/audit — every score and state change, newest first (admins). */
export const roundAuditQueryOptions = (racerId: number, roundId: number) =>
  queryOptions({
    queryKey: ['round-audit', racerId, roundId] as const,
    queryFn: ({ signal }) => apiRequest(`/api/racer/${racerId}/round/${roundId}/audit`, { schema: z.array(auditEntrySchema), signal }),
    staleTime: 0,
  });

export const useRoundAudit = (racerId: number, roundId: number) => useQuery(roundAuditQueryOptions(racerId, roundId));
