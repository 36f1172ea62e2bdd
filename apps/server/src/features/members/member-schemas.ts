import { z } from 'zod';
import { emailInput, idInput, nameInput, profileFields, userListItemSchema } from '../users/user-schemas.ts';

const roleFlags = { orgAdmin: z.boolean().optional(), judge: z.boolean().optional(), coach: z.boolean().optional() };

/**
 * Member create (spec 7, path not shown): either `userId` of an existing account (picked from
 * GET /api/user/non-members) or the user fields of a new account, which gets no password; its owner
 * sets one through "forgot password".
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
  user: userListItemSchema,
  state: z.enum(['APPLIED', 'ACTIVE']).describe('APPLIED: the user applied and waits for an admin'),
  orgAdmin: z.boolean(),
  judge: z.boolean(),
  coach: z.boolean(),
  blocked: z.boolean(),
});
export type MemberView = z.infer<typeof memberSchema>;
