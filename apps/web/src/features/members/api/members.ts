import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { USER_SEARCH_MIN_LENGTH } from '@climbing/domain';
import { apiRequest } from '../../../lib/api-client';

export const memberSchema = z.object({
  id: z.number(),
  userId: z.number(),
  organizationId: z.number(),
  // What the member shares with the organization; the e-mail and phone only when contactShared.
  user: z.object({
    id: z.number(),
    name: z.string(),
    surname: z.string(),
    fullName: z.string(),
    birthYear: z.number().nullable(),
    sex: z.enum(['M', 'F']).nullable(),
    club: z.string().nullable(),
    country: z.string().nullable(),
    profilePhoto: z.string().nullable(),
    active: z.boolean(),
    contactShared: z.boolean(),
    email: z.string().nullable(),
    phoneNumber: z.string().nullable(),
  }),
  // INVITED: an existing account was offered the membership and has not accepted yet.
  state: z.enum(['APPLIED', 'INVITED', 'ACTIVE']),
  orgAdmin: z.boolean(),
  judge: z.boolean(),
  coach: z.boolean(),
  blocked: z.boolean(),
  // The account was created here and its owner has not set a password yet.
  passwordPending: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

export interface MemberRoles {
  orgAdmin: boolean;
  judge: boolean;
  coach: boolean;
}

export interface NewMemberBody extends MemberRoles {
  email: string;
  name: string;
  surname: string;
  birthday: string | null;
  sex: 'M' | 'F' | null;
  club: string | null;
  language: 'SK' | 'EN';
}

export const membersQuery = (organizationId: number) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'members'] as const,
    // Other admins change these lists too: every visit of the tab reloads them.
    staleTime: 0,
    queryFn: ({ signal }) => apiRequest(`/api/organization/${organizationId}/member`, { schema: z.array(memberSchema), signal }),
  });

const base = (organizationId: number, userId: number) => `/api/organization/${organizationId}/member/${userId}`;

/** POST /api/organization/{id}/member: a new member account; its owner is e-mailed a link to set the password. */
export const createMember = (organizationId: number, body: NewMemberBody): Promise<Member> =>
  apiRequest(`/api/organization/${organizationId}/member`, { method: 'POST', body, schema: memberSchema });

export const updateMemberRoles = (organizationId: number, userId: number, roles: MemberRoles): Promise<Member> =>
  apiRequest(base(organizationId, userId), { method: 'PUT', body: roles, schema: memberSchema });

export const removeMember = (organizationId: number, userId: number): Promise<void> =>
  apiRequest(base(organizationId, userId), { method: 'DELETE' });

/** POST .../member/{userId}/password-link: e-mails the set-password link again (at most 3 an hour per member). */
export const sendPasswordLink = (organizationId: number, userId: number): Promise<void> =>
  apiRequest(`${base(organizationId, userId)}/password-link`, { method: 'POST' });

export type MemberAction = 'block' | 'unblock' | 'accept';

export const runMemberAction = (organizationId: number, userId: number, action: MemberAction): Promise<void> =>
  apiRequest(`${base(organizationId, userId)}/${action}`, { method: 'POST' });

export const nonMemberSchema = z.object({ id: z.number(), name: z.string(), surname: z.string(), fullName: z.string() });
export type NonMember = z.infer<typeof nonMemberSchema>;

/**
 * GET /api/user/non-members?organizationId=&queryParameter=: accounts that are not members yet,
 * by name (at least USER_SEARCH_MIN_LENGTH characters) or whole e-mail; names and ids only, at most 50.
 */
export const nonMembersQuery = (organizationId: number, search: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'non-members', search] as const,
    staleTime: 0,
    enabled: search.length >= USER_SEARCH_MIN_LENGTH,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ organizationId: String(organizationId), queryParameter: search });
      return apiRequest(`/api/user/non-members?${params.toString()}`, { schema: z.array(nonMemberSchema), signal });
    },
  });

export interface ExistingMemberBody extends MemberRoles {
  userId: number;
}

/** POST /api/organization/{id}/member with `userId`: the existing account is offered the membership (it joins once it accepts; an applicant joins at once). */
export const addExistingMember = (organizationId: number, body: ExistingMemberBody): Promise<Member> =>
  apiRequest(`/api/organization/${organizationId}/member`, { method: 'POST', body, schema: memberSchema });
