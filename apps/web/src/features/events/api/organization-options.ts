import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** The organization filter of the event list: the public catalogue's ids and names. */
export const organizationOptionsQuery = queryOptions({
  queryKey: ['events', 'organization-options'] as const,
  queryFn: ({ signal }) => apiRequest('/api/organization', { schema: z.array(z.object({ id: z.number(), name: z.string() })), signal }),
  staleTime: 5 * 60_000,
});

/** The age categories of an organization, offered on the race form. */
export const organizationAgeCategoriesQuery = (organizationId: number) =>
  queryOptions({
    queryKey: ['events', 'organization-age-categories', organizationId] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/api/organization/${organizationId}/age-category`, {
        schema: z.array(z.object({ id: z.number(), name: z.string(), fromAge: z.number(), toAge: z.number().nullable() })),
        signal,
      }),
  });

const organizationMemberSchema = z.object({
  userId: z.number(),
  state: z.string(),
  blocked: z.boolean(),
  user: z.object({ fullName: z.string(), sex: z.enum(['M', 'F']).nullable(), birthYear: z.number().nullable() }),
});
export type OrganizationMember = z.infer<typeof organizationMemberSchema>;

/**
 * Active members of an organization, for "add a member" on race management and at the desk. The
 * sex and birth year (what the organization sees of a member's profile) say before sending what
 * the profile lacks for the race (racerProfileGaps).
 */
export const organizationMembersQuery = (organizationId: number) =>
  queryOptions({
    queryKey: ['events', 'organization-members', organizationId] as const,
    queryFn: ({ signal }) => apiRequest(`/api/organization/${organizationId}/member`, { schema: z.array(organizationMemberSchema), signal }),
  });
