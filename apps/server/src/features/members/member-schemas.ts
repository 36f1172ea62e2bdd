import { z } from 'zod';
import { MEMBERSHIP_STATES } from '../../db/schema/enums.ts';
import { emailInput, idInput, nameInput, profileFields, sharedProfileSchema } from '../users/user-schemas.ts';

const roleFlags = { orgAdmin: z.boolean().optional(), judge: z.boolean().optional(), coach: z.boolean().optional() };

/**
 * Member create (spec 7, path not shown): either `userId` of an existing account (picked from
 * GET /api/user/non-members), which becomes an invitation its owner accepts (an applicant is
 * admitted at once), or the user fields of a new account, which gets no password; its owner is
 * e-mailed a link to set one (valid 7 days, sent again from the members page).
 */
export const memberCreateBody = z
  .object({
    userId: idInput.optional(),
    ...profileFields,
    email: emailInput.optional(),
    name: nameInput.optional(),
    surname: nameInput.optional(),
    organizationId: idInput.nullable().optional(),
    ...roleFlags,
  })
  .superRefine((value, context) => {
    if (value.userId !== undefined) return;
    for (const field of ['email', 'name', 'surname'] as const) {
      if (value[field] === undefined) context.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
    }
  });
export type MemberCreateInput = z.infer<typeof memberCreateBody>;

export const memberRolesBody = z.object(roleFlags);
export type MemberRolesInput = z.infer<typeof memberRolesBody>;

export const memberSchema = z.object({
  id: z.number().int().describe('The membership id'),
  userId: z.number().int(),
  organizationId: z.number().int(),
  user: sharedProfileSchema,
  state: z.enum(MEMBERSHIP_STATES).describe('APPLIED: the user applied and waits for an admin; INVITED: an admin added the user, who has not accepted yet'),
  orgAdmin: z.boolean(),
  judge: z.boolean(),
  coach: z.boolean(),
  blocked: z.boolean(),
  passwordPending: z.boolean().describe('The account was created by an admin and its owner has not set a password yet'),
});
export type MemberView = z.infer<typeof memberSchema>;
