import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const invitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  organizationId: z.number(),
  userId: z.number().nullable(),
  language: z.enum(['SK', 'EN']),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationsQuery = (organizationId: number) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'invitations'] as const,
    // Other admins change these lists too: every visit of the tab reloads them.
    staleTime: 0,
    queryFn: ({ signal }) => apiRequest(`/api/organization/${organizationId}/invitation`, { schema: z.array(invitationSchema), signal }),
  });

export const inviteMember = (organizationId: number, body: { email: string; language: 'SK' | 'EN' }): Promise<Invitation> =>
  apiRequest(`/api/organization/${organizationId}/invitation`, { method: 'POST', body, schema: invitationSchema });

export const revokeInvitation = (organizationId: number, invitationId: number): Promise<void> =>
  apiRequest(`/api/organization/${organizationId}/invitation/${invitationId}`, { method: 'DELETE' });

const invitationInfoSchema = z.object({
  email: z.string(),
  organizationId: z.number(),
  organizationName: z.string(),
  userId: z.number().nullable(),
  userExists: z.boolean(),
  expiresAt: z.string(),
});
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

/** GET /api/invitation?token=: what the acceptance page shows. */
export const invitationInfoQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token] as const,
    queryFn: ({ signal }) => apiRequest(`/api/invitation?token=${encodeURIComponent(token)}`, { schema: invitationInfoSchema, signal }),
    enabled: token !== '',
    retry: false,
  });

export interface AcceptInvitationBody {
  token: string;
  organizationId: number;
  userId?: number | null;
  name?: string;
  surname?: string;
  password?: string;
  birthday?: string | null;
  sex?: 'M' | 'F' | null;
  phoneNumber?: string | null;
  club?: string | null;
  language?: 'SK' | 'EN';
}

export const acceptInvitation = (body: AcceptInvitationBody) =>
  apiRequest('/api/invitation/accept', {
    method: 'POST',
    body,
    schema: z.object({ organizationId: z.number(), userId: z.number(), accountCreated: z.boolean() }),
  });
