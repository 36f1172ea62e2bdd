import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const myMembershipSchema = z.object({
  organizationId: z.number(),
  organizationName: z.string(),
  shortcut: z.string().nullable(),
  organizationActive: z.boolean(),
  state: z.enum(['APPLIED', 'ACTIVE']),
  orgAdmin: z.boolean(),
  judge: z.boolean(),
  coach: z.boolean(),
  blocked: z.boolean(),
});
export type MyMembership = z.infer<typeof myMembershipSchema>;

/** GET /api/user/memberships: the logged-in user's organizations, applications included. */
export const myMembershipsQuery = (userId: number | string | undefined) =>
  queryOptions({
    queryKey: ['my-memberships', userId] as const,
    queryFn: ({ signal }) => apiRequest('/api/user/memberships', { schema: z.array(myMembershipSchema), signal }),
    enabled: userId !== undefined,
  });
