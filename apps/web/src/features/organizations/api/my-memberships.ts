import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const myMembershipSchema = z.object({
  organizationId: z.number(),
  organizationName: z.string(),
  shortcut: z.string().nullable(),
  organizationActive: z.boolean(),
  state: z.enum(['APPLIED', 'INVITED', 'ACTIVE']),
  orgAdmin: z.boolean(),
  judge: z.boolean(),
  coach: z.boolean(),
  blocked: z.boolean(),
  contactShared: z.boolean(),
});
export type MyMembership = z.infer<typeof myMembershipSchema>;

/** GET /api/user/memberships: the logged-in user's organizations, applications included. */
export const myMembershipsQuery = (userId: number | string | undefined) =>
  queryOptions({
    queryKey: ['my-memberships', userId] as const,
    queryFn: ({ signal }) => apiRequest('/api/user/memberships', { schema: z.array(myMembershipSchema), signal }),
    enabled: userId !== undefined,
  });

/** POST /api/user/memberships/{organizationId}/accept: accept an organization's membership offer (decline: leave). */
export const acceptMembershipOffer = (organizationId: number): Promise<void> =>
  apiRequest(`/api/user/memberships/${organizationId}/accept`, { method: 'POST' });

/** PUT /api/user/memberships/{organizationId}: whether the organization sees my e-mail and phone number. */
export const setContactShared = (organizationId: number, contactShared: boolean): Promise<void> =>
  apiRequest(`/api/user/memberships/${organizationId}`, { method: 'PUT', body: { contactShared } });
